import {
  type BookingStatus,
  dollarsToCents,
  formatDollars,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type PaymentSummary,
  paymentStatusText,
} from '@spotless/sdk';

export type PaymentFilter = 'all' | PaymentStatus;

/** The payments dashboard's status filter (docs/product/booking-and-payments.md), in the statuses' words. */
export const PAYMENT_FILTERS: { value: PaymentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: paymentStatusText(status) })),
];

/** What is left to refund, in cents. */
export function refundableCents(payment: { amount: string; refundAmount: string | null }): number {
  return dollarsToCents(payment.amount) - (payment.refundAmount ? dollarsToCents(payment.refundAmount) : 0);
}

/**
 * The refund amount is optional (docs/product/administration.md) — blank refunds everything left. A
 * typed amount must be a dollar figure above zero and no more than what is left.
 */
export function parseRefundAmount(
  text: string,
  leftCents: number,
): { ok: true; amount: string | undefined } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return { ok: true, amount: undefined };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { ok: false, message: 'Enter an amount such as 25.00' };
  const cents = dollarsToCents(trimmed);
  if (cents <= 0) return { ok: false, message: 'The amount must be more than $0.00' };
  if (cents > leftCents) {
    return { ok: false, message: `The amount can be at most ${formatDollars(leftCents / 100)}` };
  }
  return { ok: true, amount: trimmed };
}

/**
 * The reason a payment failed, shown under a failed payment only: a payment that failed and was then
 * paid with another card keeps its old decline message, which must not sit under "Succeeded".
 */
export function failureNote(payment: { status: PaymentStatus; failureReason: string | null }): string | null {
  return payment.status === 'failed' ? payment.failureReason : null;
}

/**
 * A payment's badge: its status in the SDK's words, and its colour. The payment of a booking
 * cancelled before it was paid (a checkout left) reads "Cancelled", in grey: nothing is waiting.
 */
export function paymentBadge(payment: { status: PaymentStatus; bookingStatus: BookingStatus }): {
  text: string;
  tone: 'green' | 'yellow' | 'blue' | 'red' | 'grey';
} {
  const text = paymentStatusText(payment.status, payment.bookingStatus);
  return { text, tone: text === paymentStatusText(payment.status) ? paymentTone(payment.status) : 'grey' };
}

/** The badge colour of a payment status. */
export function paymentTone(status: PaymentStatus): 'green' | 'yellow' | 'blue' | 'red' | 'grey' {
  switch (status) {
    case 'succeeded':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'processing':
      return 'blue';
    case 'failed':
    case 'disputed':
      return 'red';
    default:
      return 'grey';
  }
}

/** What the Successful card shows: charges that went through, and their share of the attempts. */
export interface ChargeFigures {
  count: number;
  /** Percent of the attempts with an outcome that went through, one decimal; 0 with none. */
  rate: number;
  /** The card's note: the rate and what it is of ("50% success rate (1 of 2 attempts)"). */
  note: string;
}

/**
 * The Successful card's figures: the server's count of charges that went through — a refund does
 * not undo a charge, so refunded and disputed payments count (refunds are their own card) — and the
 * server's success rate, charged ÷ (charged + failed): a checkout left unpaid was never an attempt.
 */
export function chargeFigures(
  summary: Pick<PaymentSummary, 'chargedCount' | 'failedCount' | 'chargeSuccessRate'>,
): ChargeFigures {
  const attempts = summary.chargedCount + summary.failedCount;
  return {
    count: summary.chargedCount,
    rate: summary.chargeSuccessRate,
    note:
      attempts === 0
        ? 'no payment attempts yet'
        : `${summary.chargeSuccessRate}% success rate (${summary.chargedCount} of ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})`,
  };
}
