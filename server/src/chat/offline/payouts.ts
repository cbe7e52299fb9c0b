import { FREE_CANCELLATION_HOURS, formatDollars, formatTime12, LATE_CANCELLATION_FEE_HOURS } from '@spotless/sdk/rules';
import type { PayoutQuestion, ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import type { JobFacts, PayoutFacts } from '../tools';
import { longDate } from './when';

/**
 * A cleaner's questions about their own pay (decision 085): when they are paid, their next payout,
 * what Spotless keeps, what they have earned — answered from the `getCleanerEarnings` tool (the
 * earnings service, read as the assistant acting for them), and their upcoming jobs as the cleaner.
 * Anyone else asking is told this is a cleaner's, and never shown anyone's figures.
 */

type Answer = { text: string; trace: ReplyTrace };

/** The Earnings & Payouts tab, when the tool could not say it. */
const EARNINGS_PAGE = '/cleaner-dashboard?tab=payouts';

/** "when do I get paid", "when's my next payout", "how much do you keep", "how much have I earned". */
const ASKED: ReadonlyArray<[PayoutQuestion, RegExp]> = [
  [
    'next',
    /\b(next|upcoming|coming) (payouts?|pay ?days?|transfers?|deposits?)\b|\bwhen('?s| is| will)? (my )?(next )?payouts?\b|\bpayout (date|day)\b/i,
  ],
  [
    'when',
    /\b(how|when) (are|do|does) (the )?cleaners (get )?(paid|payed)\b|\bwhen (do|will|am|can|should|would) (i|we) (get |be )?(paid|payed)\b|\bwhen (do|will|does) (my )?(money|pay|earnings|payment) (come|arrive|land|reach|hit)\b|\bwhen (do|will) (i|we) (get|receive) (my )?(money|pay|earnings|payouts?)\b|\bhow (do|will) (i|we) get paid\b|\bhow (do|does) (the )?(payouts?|paying out|getting paid|cleaner pay) work\b|\bwhen (are|do) (cleaners|we) (get )?paid\b/i,
  ],
  [
    'earned',
    /\bhow much (have i|did i|i'?ve|i have) (earned|made|earn|make)\b|\bwhat (have i|did i|i'?ve) (earned|made)\b|\bmy (earnings|balance|payouts)\b|\b(total|how much) (i'?ve|i have) (earned|made)\b/i,
  ],
  [
    'fee',
    /\bhow much (do|does|will) (you|u|spotless|the platform|the app|y'?all) (keep|take|charge cleaners|take from)\b|\bwhat('?s| is) (the|your|spotless'?s?) (platform |service )?(fee|cut|commission|percentage)\b(?! (for|to|of|if|when) cancel)|\bplatform fee\b|\b(your|spotless'?s?) (cut|commission)\b/i,
  ],
];

/** The payout question a message asks, if any (a cancellation's fee is not one). */
export function payoutAsked(text: string): PayoutQuestion | undefined {
  if (/\bcancel|\brefund|\blate fee\b|\b(money|it|deposit) back\b/i.test(text)) return undefined;
  return ASKED.find(([, pattern]) => pattern.test(text))?.[0];
}

/** What a customer or a visitor means by the same words: this is a cleaner's; what is theirs, and where. */
const NOT_A_CLEANER: Record<PayoutQuestion, string> = {
  when: 'Payouts are for cleaners: a cleaner sees when each job is paid on the Earnings & Payouts tab of their Cleaner Dashboard.',
  next: 'Payouts are for cleaners: a cleaner sees their next payout on the Earnings & Payouts tab of their Cleaner Dashboard.',
  earned: 'Earnings are for cleaners: a cleaner sees theirs on the Earnings & Payouts tab of their Cleaner Dashboard.',
  fee: '',
};

function inZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

function accountLine(f: PayoutFacts): string {
  if (f.account.canReceivePayouts) return '';
  const need = f.account.requirement ?? 'Finish setting up your payout account.';
  return ` Your payout account can't receive payouts yet: ${need} Set it up on Earnings & Payouts: ${f.page}`;
}

function nextLine(f: PayoutFacts): string {
  if (f.nextPayoutAt) return `Your next payout is due ${inZone(f.nextPayoutAt, f.timeZone)}.`;
  if (!f.account.canReceivePayouts) return 'No payout can be sent until your payout account is ready.';
  return 'Nothing is due to be paid out yet: a job is paid once its report window has passed.';
}

function totalsLine(f: PayoutFacts): string {
  return `Available now: ${formatDollars(f.available)}; pending (inside the window customers have to report a problem): ${formatDollars(f.pending)}; upcoming (booked jobs): ${formatDollars(f.upcoming)}; paid out so far: ${formatDollars(f.paidOut)}.`;
}

/** The answer to a payout question, from the asker's own earnings (a cleaner's), else what it means for them. */
export async function payoutAnswer(
  toolbox: Toolbox,
  question: PayoutQuestion,
  role: 'customer' | 'cleaner' | null,
  message = '',
): Promise<Answer> {
  const trace: ReplyTrace = { intent: 'payouts', payouts: { question, cleaner: role === 'cleaner' } };
  // "How are cleaners paid?" asks the rule, not anyone's figures: the payout terms, for anyone.
  if (role !== 'cleaner' && /\bcleaners\b/i.test(message)) {
    const terms = await toolbox.call('getPayoutTerms', {});
    if (terms.ok) {
      const t = terms.data as { platformFeePercent: number; whenPaid: string };
      return {
        text: `Cleaners are paid to the payout account they connect on their Cleaner Dashboard. ${t.whenPaid} Spotless keeps a platform fee of ${t.platformFeePercent}% of what the customer pays; the cleaner receives the other ${100 - t.platformFeePercent}%. More: /help-center#cleaner-payouts`,
        trace,
      };
    }
  }
  if (role !== 'cleaner') {
    if (question === 'fee') {
      const terms = await toolbox.call('getPayoutTerms', {});
      const pct = terms.ok ? (terms.data as { platformFeePercent: number }).platformFeePercent : null;
      const fee =
        pct === null
          ? 'Spotless keeps a platform fee on each booking; the rest goes to your cleaner.'
          : `Spotless keeps a platform fee of ${pct}% of what you pay for a booking; the other ${100 - pct}% goes to your cleaner.`;
      return { text: `${fee} What a booking costs is on the cleaner's profile: /cleaners`, trace };
    }
    const refund =
      role === 'customer'
        ? ' If you mean money back for a booking, a refund goes to the card you paid with: /help-center#refund-status'
        : ' Are you a cleaner? Sign in to ask about your own payouts: /login';
    return {
      text: `${NOT_A_CLEANER[question]}${refund} Want to clean with Spotless? How you're paid is on the Become a Cleaner page: /apply-cleaner`,
      trace,
    };
  }
  const result = await toolbox.call('getCleanerEarnings', {});
  if (!result.ok) {
    return {
      text: `I couldn't read your earnings just now. They are on the Earnings & Payouts tab: ${EARNINGS_PAGE}`,
      trace,
    };
  }
  const f = result.data as PayoutFacts;
  // Where to act: set up the payout account when it cannot be paid, else each job's figures (one link).
  const tail = accountLine(f) || ` Details per job: ${f.page}`;
  const text = {
    when: `${f.whenPaid} ${nextLine(f)}${tail}`,
    next: `${nextLine(f)} ${totalsLine(f)}${tail}`,
    fee: `Spotless keeps a platform fee of ${f.platformFeePercent}% of what each customer pays; the other ${100 - f.platformFeePercent}% is yours (a partner site's commission comes out of our fee, never your share). Each job's fee and your share: ${f.page}`,
    earned: `Here is what you have earned on Spotless, after the platform fee. ${totalsLine(f)}${tail}`,
  }[question];
  return { text, trace };
}

/** "what are my upcoming jobs", "when is my next job": a cleaner's work, not cleanings they booked. */
export function jobsAsked(text: string): boolean {
  return /\b(next|upcoming|coming|future|scheduled) (jobs?|shifts?|gigs?|cleanings?|bookings?|appointments?)\b|\bmy (jobs|shifts|schedule)\b|\bwhat jobs\b|\bwho (am i|do i) (cleaning|clean) (for )?next\b/i.test(
    text,
  );
}

/** A cleaner's upcoming jobs, as the cleaner (their bookings as a customer are said apart). */
export async function cleanerJobs(toolbox: Toolbox, cleanerId: number, now: Date): Promise<Answer> {
  const [jobs, own] = await Promise.all([
    toolbox.call('listBookings', { cleanerId, status: 'active', limit: 20 }),
    toolbox.call('listBookings', { status: 'active', limit: 20 }),
  ]);
  const upcoming = (jobs.ok ? (jobs.data as { jobs: JobFacts[] }).jobs : [])
    .filter((j) => new Date(j.startsAt) > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const booked = (own.ok ? (own.data as { bookings: Array<{ startsAt: string }> }).bookings : []).filter(
    (b) => new Date(b.startsAt) > now,
  ).length;
  const asCustomer =
    booked > 0
      ? `\nYou also have ${booked} upcoming cleaning${booked === 1 ? '' : 's'} booked as a customer: /dashboard`
      : '';
  const trace: ReplyTrace = {
    intent: 'bookings',
    bookings: { question: 'list', bookingIds: upcoming.map((j) => j.id) },
  };
  if (upcoming.length === 0) {
    return {
      text: `You have no upcoming jobs. Your jobs and availability are on your Cleaner Dashboard: /cleaner-dashboard?tab=bookings${asCustomer}`,
      trace,
    };
  }
  const lines = upcoming
    .slice(0, 5)
    .map(
      (j) =>
        `• ${j.service} on ${longDate(j.scheduledDate)} at ${formatTime12(j.scheduledTime)} (${j.status === 'pending' ? 'a request awaiting payment and your answer' : j.status})`,
    );
  const more = upcoming.length > lines.length ? `\n…and ${upcoming.length - lines.length} more.` : '';
  return {
    text: `You have ${upcoming.length} upcoming job${upcoming.length === 1 ? '' : 's'}:\n${lines.join('\n')}${more}\nSee them all on your Cleaner Dashboard: /cleaner-dashboard?tab=bookings${asCustomer}`,
    trace,
  };
}

/** A cleaner asking what a customer's cancellation means for them ("what if a customer cancels late?"). */
export function customerCancelAsked(text: string): boolean {
  return /\b(customers?|clients?)\b.*\b(cancels?|cancell?ed|cancell?ing|cancell?ation)\b|\b(cancels?|cancell?ation)\b.*\b(by|from) (a|the|my) (customer|client)\b/i.test(
    text,
  );
}

/** The cancellation policy as it pays the cleaner (decision 034): free early, the late fee's share after. */
export function customerCancelAnswer(): Answer {
  const hours = LATE_CANCELLATION_FEE_HOURS === 1 ? '1 hour' : `${LATE_CANCELLATION_FEE_HOURS} hours`;
  return {
    text: `If a customer cancels ${FREE_CANCELLATION_HOURS} hours or more before the start, it is free for them and nothing is paid out for it. Later than that, they are charged a late-cancellation fee of ${hours} at the booked rate (never more than the booking's total): you get that fee less Spotless's platform fee, paid out once the booked time has passed. Each job's figures: ${EARNINGS_PAGE}`,
    trace: { intent: 'payouts' },
  };
}
