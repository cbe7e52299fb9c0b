import { z } from 'zod';
import { CONTACT_MESSAGE_MIN, contactText } from '../rules/contact';

/** One line of text: a line break in a name or subject would let a sender forge e-mail headers. */
const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max)
    .refine((v) => !/[\r\n\u2028\u2029]/.test(v), `${label} must be on one line`);

export const ContactMessageInput = z
  .object({
    firstName: oneLine('First name', 100),
    lastName: oneLine('Last name', 100),
    email: z.email(contactText.email).max(254),
    subject: oneLine('Subject', 200),
    message: z.string().trim().min(CONTACT_MESSAGE_MIN, contactText.messageShort).max(5000),
  })
  .meta({ id: 'ContactMessageInput' });
export type ContactMessageInput = z.infer<typeof ContactMessageInput>;

export const ContactMessageCreated = z.object({ id: z.number().int(), receivedAt: z.string() });
export type ContactMessageCreated = z.infer<typeof ContactMessageCreated>;
