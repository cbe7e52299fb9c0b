import { type Booking, formatDollars } from '@spotless/sdk';

/** Who reads a booking's problem report: its customer, or its cleaner. */
export type DamageReader = 'customer' | 'cleaner';

export interface DamageReportNote {
  /** `open` while our team looks at it; `decided` once an administrator resolved it. */
  state: 'open' | 'decided';
  text: string;
  /** The administrator's reason, once decided. */
  reason: string | null;
}

/**
 * What a booking's details say about the problem its customer reported, addressed to who reads it:
 * the customer is told what we refunded them; the cleaner what the customer was refunded and what
 * that means for their payout. Null without a report.
 */
export function damageReportNote(
  booking: Pick<Booking, 'damageReportStatus' | 'damageDecision'>,
  reader: DamageReader,
): DamageReportNote | null {
  const status = booking.damageReportStatus;
  if (!status) return null;
  const decision = booking.damageDecision;
  if (status === 'open' || !decision) {
    return {
      state: 'open',
      text:
        reader === 'customer'
          ? 'You reported a problem with this cleaning. Our team is looking at it; we will e-mail you what we decide.'
          : 'The customer reported a problem with this job. Your payout for it waits until our team decides.',
      reason: null,
    };
  }
  const refund = formatDollars(decision.refund);
  const decided = {
    customer: {
      released: 'Problem report decided: no refund was due.',
      partial_refund: `Problem report decided: we refunded you ${refund}.`,
      full_refund: `Problem report decided: we refunded you in full (${refund}).`,
    },
    cleaner: {
      released: 'Problem report decided: no refund was due; your payout for this job goes out as usual.',
      partial_refund: `Problem report decided: the customer was refunded ${refund}; your share is what is left after it (see Earnings & Payouts).`,
      full_refund: `Problem report decided: the customer was refunded in full (${refund}); nothing is paid out for this job.`,
    },
  } as const;
  return { state: 'decided', text: decided[reader][status], reason: decision.reason || null };
}
