import type { PaymentStatus, ProviderEvent } from '../lib/payment-provider';

export interface PaymentState {
  status: PaymentStatus;
  /** Fixed by the server when the payment is created; events never change it. */
  amountCents: number;
  refundedCents: number;
  /** The newest provider event applied. */
  lastEventAt: Date | null;
  /** The message of the newest `payment_failed` event (by time, then event id); kept after a later success. */
  failureReason: string | null;
  lastFailure: { at: Date; eventId: string } | null;
}

/**
 * How far a payment has got. Events only ever move a payment up this order, which is what makes
 * applying them order-independent: a late `payment_failed` cannot undo `succeeded`, and a dispute
 * outranks everything. `refunded` is reached by the refunded total, not by rank alone.
 */
const RANK: Record<PaymentStatus, number> = {
  pending: 0,
  processing: 1,
  failed: 2,
  succeeded: 3,
  refunded: 4,
  disputed: 5,
};

const IMPLIED: Record<ProviderEvent['type'], PaymentStatus> = {
  payment_failed: 'failed',
  payment_succeeded: 'succeeded',
  // a refund can only follow a successful charge; whether it is full depends on the running total
  refunded: 'succeeded',
  disputed: 'disputed',
};

/** A new payment, as created with its intent. */
export function newPaymentState(amountCents: number, status: PaymentStatus = 'pending'): PaymentState {
  return { status, amountCents, refundedCents: 0, lastEventAt: null, failureReason: null, lastFailure: null };
}

/**
 * Applies one normalised provider event. Pure, idempotent (applying an event twice changes nothing)
 * and commutative (any order of the same events ends in the same state), so webhooks may arrive late,
 * twice or out of order. Deduplication by event id is still done by the caller, for the audit trail.
 */
export function applyProviderEvent(state: PaymentState, event: ProviderEvent): PaymentState {
  const refundedCents =
    event.type === 'refunded'
      ? Math.min(state.amountCents, Math.max(state.refundedCents, event.refundedCents ?? 0))
      : state.refundedCents;
  const top = RANK[state.status] >= RANK[IMPLIED[event.type]] ? state.status : IMPLIED[event.type];
  const status: PaymentStatus =
    top !== 'disputed' && RANK[top] >= RANK.succeeded && state.amountCents > 0 && refundedCents >= state.amountCents
      ? 'refunded'
      : top;

  let { failureReason, lastFailure } = state;
  if (event.type === 'payment_failed' && isNewer(event, lastFailure)) {
    lastFailure = { at: event.createdAt, eventId: event.id };
    failureReason = event.failureReason ?? null;
  }
  const lastEventAt =
    state.lastEventAt === null || event.createdAt.getTime() > state.lastEventAt.getTime()
      ? event.createdAt
      : state.lastEventAt;
  return { status, amountCents: state.amountCents, refundedCents, lastEventAt, failureReason, lastFailure };
}

function isNewer(event: ProviderEvent, current: { at: Date; eventId: string } | null): boolean {
  if (current === null) return true;
  const a = event.createdAt.getTime();
  const b = current.at.getTime();
  return a > b || (a === b && event.id > current.eventId);
}

/** Folds a payment's stored events onto its initial state, in whatever order they were stored. */
export function replayEvents(initial: PaymentState, events: readonly ProviderEvent[]): PaymentState {
  return events.reduce(applyProviderEvent, initial);
}

/** A legacy 'paid' means succeeded (docs/product/booking-and-payments.md). */
export function normalisePaymentStatus(status: string): PaymentStatus | null {
  if (status === 'paid') return 'succeeded';
  return Object.hasOwn(RANK, status) ? (status as PaymentStatus) : null;
}

export type RefundCheck =
  | { ok: true; amountCents: number }
  | { ok: false; code: 'not_refundable' | 'invalid_amount' | 'refund_exceeds_amount'; message: string };

/**
 * Whether a refund may be asked for: only of a succeeded payment (a partial refund leaves it
 * succeeded), never more than what is left; no amount means everything left.
 */
export function checkRefund(
  state: Pick<PaymentState, 'status' | 'amountCents' | 'refundedCents'>,
  amountCents?: number,
): RefundCheck {
  if (state.status !== 'succeeded') {
    return { ok: false, code: 'not_refundable', message: 'Only a succeeded payment can be refunded' };
  }
  const remaining = state.amountCents - state.refundedCents;
  const amount = amountCents ?? remaining;
  if (!Number.isSafeInteger(amount) || amount < 1) {
    return { ok: false, code: 'invalid_amount', message: 'Refund amount must be at least $0.01' };
  }
  if (amount > remaining) {
    return {
      ok: false,
      code: 'refund_exceeds_amount',
      message: `Refund amount is more than what is left to refund ($${(remaining / 100).toFixed(2)} at most)`,
    };
  }
  return { ok: true, amountCents: amount };
}

export type BookingPaymentStatus = 'unpaid' | PaymentStatus;

/**
 * The one payment status a booking shows when it has had several payment attempts: money held or
 * contested first (disputed, succeeded), then money returned (refunded), then attempts in flight
 * (processing, pending), then failures. No payment at all is 'unpaid'.
 */
const BOOKING_PRIORITY: readonly PaymentStatus[] = [
  'disputed',
  'succeeded',
  'refunded',
  'processing',
  'pending',
  'failed',
];

export function deriveBookingPaymentStatus(payments: ReadonlyArray<{ status: PaymentStatus }>): BookingPaymentStatus {
  for (const status of BOOKING_PRIORITY) if (payments.some((p) => p.status === status)) return status;
  return 'unpaid';
}

/** Whether the booking's money is with us (cancellation fees and refunds apply). */
export const isPaid = (status: BookingPaymentStatus) => status === 'succeeded';

// One set for payments and the bookings they settle (booking-actions.ts decides `pay` by it).
export { CHARGED_STATUSES } from '../bookings/booking-actions';
