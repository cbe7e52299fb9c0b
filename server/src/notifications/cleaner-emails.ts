import { type Email, letter, link, sentence } from './email';

/** The e-mails of a cleaner's application and of reviews (decision 072). */

/** To the applicant once an application is in. */
export function applicationSubmittedEmail(site: string, input: { firstName: string | null }): Email {
  return {
    subject: "We've received your application to clean with Spotless",
    body: letter(input.firstName, [
      "Thank you for applying to clean with Spotless. We'll contact you within 2-3 business days.",
      `Meanwhile, you can add your documents (ID, insurance, bond, references, background check) to your application: ${link(site, '/apply-cleaner')}`,
    ]),
  };
}

export type ApplicationDecision = 'under_review' | 'approved' | 'rejected';

/** To the applicant on an administrator's decision; a rejection carries its reason (decision 042). */
export function applicationDecisionEmail(
  site: string,
  input: { firstName: string | null; status: ApplicationDecision; reason: string | null },
): Email {
  switch (input.status) {
    case 'under_review':
      return {
        subject: 'Your cleaner application is under review',
        body: letter(input.firstName, [
          'We are now reviewing your application and documents. This takes 2-3 business days.',
          `Your application: ${link(site, '/apply-cleaner')}`,
        ]),
      };
    case 'approved':
      return {
        subject: 'Welcome to Spotless: your cleaner application is approved',
        body: letter(input.firstName, [
          'Good news: your application is approved, and your cleaner profile is live. Customers can book you from now on.',
          `Check your weekly hours and time off in your cleaner dashboard: ${link(site, '/cleaner-dashboard')}`,
        ]),
      };
    default:
      return {
        subject: 'About your cleaner application',
        body: letter(input.firstName, [
          "We're sorry: we cannot approve your application at this time.",
          input.reason && `Reason: ${sentence(input.reason)}`,
          `If you have questions, contact us: ${link(site, '/contact')}`,
        ]),
      };
  }
}

/** To the applicant when an administrator does not accept one of their documents. */
export function documentRejectedEmail(
  site: string,
  input: { firstName: string | null; fileName: string; reason: string },
): Email {
  return {
    subject: 'A document of your cleaner application needs attention',
    body: letter(input.firstName, [
      `We could not accept your document "${input.fileName}".`,
      `Reason: ${sentence(input.reason)}`,
      `You can upload another one to your application: ${link(site, '/apply-cleaner')}`,
    ]),
  };
}

/** To a cleaner on every review of their work. */
export function reviewReceivedEmail(site: string, input: { firstName: string | null; stars: number }): Email {
  const stars = `${input.stars} ${input.stars === 1 ? 'star' : 'stars'}`;
  return {
    subject: `You have a new ${input.stars}-star review`,
    body: letter(input.firstName, [
      `A customer reviewed your cleaning and gave it ${stars} out of 5.`,
      `Read it, and reply if you like, on your Reviews page: ${link(site, '/reviews')}`,
    ]),
  };
}

/** To a review's author when an administrator hides it (with the reason) or shows it again. */
export function reviewModeratedEmail(
  site: string,
  input: { firstName: string | null; hidden: boolean; reason: string | null },
): Email {
  if (!input.hidden) {
    return {
      subject: 'Your review is shown again',
      body: letter(input.firstName, [
        'Your review appears on Spotless again.',
        `Your reviews: ${link(site, '/reviews')}`,
      ]),
    };
  }
  return {
    subject: 'Your review has been hidden',
    body: letter(input.firstName, [
      'Your review no longer appears on Spotless.',
      input.reason && `Reason: ${sentence(input.reason)}`,
      `If you think this is a mistake, reply to this email or contact us: ${link(site, '/contact')}`,
    ]),
  };
}
