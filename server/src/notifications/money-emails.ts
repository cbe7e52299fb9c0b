import { centsToDollars } from '@spotless/sdk/rules';
import { type Email, letter, link, sentence, whenText } from './email';

/** E-mails about money reaching cleaners (decision 080): damage reports and their outcome. */

/** To the cleaner when the customer reports a problem on a job: their payout for it waits. */
export function damageReportedEmail(
  site: string,
  input: { firstName: string | null; startsAt: Date; timeZone: string; description: string },
): Email {
  return {
    subject: 'A customer reported a problem with a cleaning',
    body: letter(input.firstName, [
      `The customer reported a problem with the cleaning on ${whenText(input.startsAt, input.timeZone)}: “${input.description}”`,
      'Your payout for this job waits until one of our team has looked at it; we will tell you what we decide, usually within two working days.',
      `Your jobs: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}

const photosText = (n: number) => `${n === 1 ? 'one photo' : `${n} photos`}`;

/**
 * To the cleaner when the customer adds photos to their report (decision 082): how many came now
 * and how many the report holds, which our team looks at before deciding.
 */
export function damagePhotosAddedEmail(
  site: string,
  input: { firstName: string | null; startsAt: Date; timeZone: string; added: number; total: number },
): Email {
  const now = photosText(input.added);
  return {
    subject: `The customer attached ${now} to their problem report`,
    body: letter(input.firstName, [
      `The customer attached ${now} to the problem they reported with the cleaning on ${whenText(input.startsAt, input.timeZone)}${input.total === input.added ? '' : `; the report now has ${photosText(input.total)}`}.`,
      'One of our team looks at the photos with the report before deciding; your payout for this job waits until then, and we will tell you what we decide.',
      `Your jobs: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}

export type DamageOutcome = 'release' | 'partial_refund' | 'full_refund';

/**
 * To the customer and to the cleaner when an administrator resolves a damage report, each addressed
 * as who they are: the customer is told what we refunded them; the cleaner what the customer was
 * refunded and what their share of the job now is (the ledger's figure, after the refund).
 */
export function damageResolvedEmail(
  site: string,
  input: {
    firstName: string | null;
    to: 'customer' | 'cleaner';
    startsAt: Date;
    timeZone: string;
    outcome: DamageOutcome;
    refundCents: number;
    /** The cleaner's share of the job after the refund, as the ledger has it. */
    cleanerShareCents: number;
    reason: string;
  },
): Email {
  const refund = `$${centsToDollars(input.refundCents)}`;
  const share = `$${centsToDollars(input.cleanerShareCents)}`;
  const decided =
    input.to === 'customer'
      ? input.outcome === 'release'
        ? 'we found no refund was due'
        : input.outcome === 'full_refund'
          ? `we refunded you in full (${refund})`
          : `we refunded you ${refund}`
      : input.outcome === 'release'
        ? `we found no refund was due, so your share of ${share} is yours as booked`
        : input.outcome === 'full_refund'
          ? `the customer was refunded in full (${refund}), so your share of the job is ${share}`
          : `the customer was refunded ${refund}; your share of the job is now ${share}`;
  const next =
    input.to === 'customer'
      ? input.refundCents > 0 &&
        'The refund goes back to the card you paid with; banks take 5 to 10 business days to show it.'
      : input.cleanerShareCents <= 0
        ? 'Nothing is paid out for this job.'
        : `Your share of ${share} goes out with the next payout.`;
  return {
    subject: `${input.to === 'customer' ? 'Your' : 'The'} problem report is resolved`,
    body: letter(input.firstName, [
      `We looked at the problem reported with the cleaning on ${whenText(input.startsAt, input.timeZone)}: ${decided}.`,
      `Why: ${sentence(input.reason)}`,
      next,
      `Your ${input.to === 'customer' ? 'bookings' : 'jobs'}: ${link(site, input.to === 'customer' ? '/dashboard' : '/cleaner-dashboard')}`,
    ]),
  };
}
