import { type Email, letter, link } from './email';

/** E-mails to a partner's people (decision 081). */

/** An invitation to a partner's portal: a single-use link that joins the account it is opened with. */
export function partnerInviteEmail(site: string, input: { partnerName: string; token: string; days: number }): Email {
  return {
    subject: `You are invited to ${input.partnerName}'s Spotless partner portal`,
    body: letter(null, [
      `You are invited to manage ${input.partnerName} on Spotless: the bookings your site's widgets bring, your commission and statements, your key and where the widgets may run.`,
      `Accept the invitation (sign in or create an account first if you need to): ${link(site, '/partner-portal', { token: input.token })}`,
      `The link works once, for ${input.days} days. If you were not expecting it, you can ignore this e-mail.`,
    ]),
  };
}
