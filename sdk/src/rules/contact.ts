/**
 * The contact form's rules (docs/product/discovery.md), once: the server's schema refuses with
 * these words and the browser checks the same before sending, so an empty form is never sent to be
 * refused.
 */
export const CONTACT_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
} as const;
export type ContactField = keyof typeof CONTACT_LABELS;

export const CONTACT_MESSAGE_MIN = 10;
export const contactText = {
  required: (field: Exclude<ContactField, 'email' | 'message'>) => `${CONTACT_LABELS[field]} is required`,
  email: 'Please enter a valid email address',
  messageShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
};

/** What is wrong with a contact form before it is sent, by field (the server checks again). */
export function contactProblems(input: Record<ContactField, string>): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  for (const field of ['firstName', 'lastName', 'subject'] as const) {
    if (input[field].trim() === '') problems[field] = contactText.required(field);
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) problems.email = contactText.email;
  if (input.message.trim().length < CONTACT_MESSAGE_MIN) problems.message = contactText.messageShort;
  return problems;
}
