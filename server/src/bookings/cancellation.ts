import {
  centsToDollars,
  FREE_CANCELLATION_HOURS,
  HOUR_MS,
  LATE_CANCELLATION_FEE_HOURS,
  RESCHEDULE_CLOSES_HOURS,
} from '@spotless/sdk/rules';

/** Cancellations this long or longer before the start are free (docs/product/booking-and-payments.md). */
export const FREE_CANCELLATION_MS = FREE_CANCELLATION_HOURS * HOUR_MS;
/** A booking's time can be changed until this long before its start. */
export const RESCHEDULE_CLOSES_MS = RESCHEDULE_CLOSES_HOURS * HOUR_MS;

export interface CancellationInput {
  startsAt: Date;
  now: Date;
  totalPriceCents: number;
  hourlyRateCents: number;
  /** Whether the booking's total has been charged (a succeeded payment). */
  paid: boolean;
  /**
   * Who cancels. The fee is the customer's: a cleaner's decline, an administrator's cancellation and
   * the system's expiry of an unpaid booking are always free. Defaults to the customer.
   */
  cancelledBy?: 'customer' | 'cleaner' | 'admin' | 'system';
}

export interface CancellationTerms {
  /** True when the cancellation costs the customer nothing under the policy. */
  free: boolean;
  /** What the customer keeps paying: one hour of the cleaner's rate, at most the total; 0 if nothing was charged. */
  feeCents: number;
  /** What goes back to the customer's card. */
  refundCents: number;
}

/**
 * The policy (`sdk/src/rules/cancellation.ts`): `FREE_CANCELLATION_HOURS` or more before the start,
 * free; later (including after the start time has passed), the cleaner's fee —
 * `LATE_CANCELLATION_FEE_HOURS` at the booked rate, capped at the booking total — is kept
 * from the payment and the rest refunded. Nothing is ever charged after the fact: an unpaid booking
 * costs nothing to cancel.
 */
export function cancellationTerms(input: CancellationInput): CancellationTerms {
  const { startsAt, now, totalPriceCents, hourlyRateCents, paid } = input;
  for (const [name, value] of [
    ['totalPriceCents', totalPriceCents],
    ['hourlyRateCents', hourlyRateCents],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  }
  const byCustomer = (input.cancelledBy ?? 'customer') === 'customer';
  const early = startsAt.getTime() - now.getTime() >= FREE_CANCELLATION_MS;
  const free = early || !byCustomer;
  const feeCents = free || !paid ? 0 : Math.min(hourlyRateCents * LATE_CANCELLATION_FEE_HOURS, totalPriceCents);
  return { free, feeCents, refundCents: paid ? totalPriceCents - feeCents : 0 };
}

/** What a customer's cancellation refund says: the fee kept, if any. */
export function cancellationRefundReason(feeCents: number): string {
  return feeCents > 0 ? `Booking cancelled (cancellation fee $${centsToDollars(feeCents)} kept)` : 'Booking cancelled';
}
