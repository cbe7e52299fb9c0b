import { centsToDollars } from '@spotless/sdk/rules';

/**
 * The terms of a recurring series' later visits (decision 088), kept by the bookings domain that
 * cancels, lists and charges them: when the saved card is charged, when an unpaid visit is
 * cancelled, and how late one is skipped.
 */

/** A later visit's saved card is charged this long before it starts. */
export const CHARGE_LEAD_MS = 72 * 60 * 60 * 1000;
/** A later visit still unpaid this long before it starts is cancelled without fee. */
export const PAY_DEADLINE_MS = 24 * 60 * 60 * 1000;
/** A visit is skipped up to this long before it: the free-cancellation window. */
export const SKIP_CLOSES_MS = 24 * 60 * 60 * 1000;

/** When a visit's saved card is charged: a later visit confirmed and not paid yet; null otherwise. */
export function chargeAtOf(visit: {
  seriesId: number | null;
  status: string;
  paymentStatus: string;
  startsAt: Date;
}): Date | null {
  if (visit.seriesId === null || visit.status !== 'confirmed' || visit.paymentStatus !== 'unpaid') return null;
  return new Date(visit.startsAt.getTime() - CHARGE_LEAD_MS);
}

/** What skipping a visit does, in its customer's words: free, and what was paid for it comes back. */
export function skipTerms(visit: { paymentStatus: string; totalPriceCents: number }): string {
  return visit.paymentStatus === 'succeeded'
    ? `Only this visit is cancelled, free of charge: the $${centsToDollars(visit.totalPriceCents)} paid for it is refunded in full. The rest stay booked.`
    : 'Only this visit is cancelled, free of charge; nothing is charged for it. The rest stay booked.';
}
