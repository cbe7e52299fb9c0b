import { z } from 'zod';
import { PAYMENT_STATUSES } from '../rules/statuses';
import { BookingStatus } from './bookings';
import { Money } from './common';
import { actionOf, linkTo, PageLink, pageLinks } from './hypermedia';

/** The payment statuses (docs/product/booking-and-payments.md). */
export const PaymentStatus = z.enum(PAYMENT_STATUSES).meta({ id: 'PaymentStatus' });
export type PaymentStatus = z.infer<typeof PaymentStatus>;

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive integer` })
    .int(`${name} must be a positive integer`)
    .positive(`${name} must be a positive integer`);

/** A dollar amount as a number (35 or 35.5) or a decimal string ("35.00"); at most two decimals. */
const DollarAmount = z.union([
  z.number().nonnegative('must be a dollar amount').max(1_000_000, 'is too large'),
  z.string().trim().max(20, 'is too long'),
]);

/**
 * The checkout's call (docs/product/booking-and-payments.md): `bookingId` and `amount` (the
 * booking's total). The amount is only a quote check — what is charged is always the booking's
 * total as the server computed it.
 */
export const PaymentIntentInput = z
  .object({
    bookingId: positiveId('bookingId'),
    amount: DollarAmount.optional().meta({
      description: 'the total the customer was shown; a different figure is refused (409), never charged',
    }),
  })
  .meta({ id: 'PaymentIntentInput' });
export type PaymentIntentInput = z.input<typeof PaymentIntentInput>;

export const PaymentIntentCreated = z
  .object({
    clientSecret: z.string(),
    paymentId: z.number().int(),
    provider: z.enum(['stripe', 'local']),
    /** Stripe's publishable key, for Stripe.js; absent for the local test-mode provider. */
    publishableKey: z.string().optional(),
    amount: Money,
    currency: z.string(),
    status: PaymentStatus,
  })
  .meta({ id: 'PaymentIntentCreated' });
export type PaymentIntentCreated = z.infer<typeof PaymentIntentCreated>;

/** The hosted test-mode card form (local provider only), as `stripe.confirmCardPayment` takes it. */
export const LocalConfirmInput = z
  .object({
    clientSecret: z.string().trim().min(1, 'Required').max(200),
    cardNumber: z.string().max(30, 'Your card number is invalid.'),
    expMonth: z.coerce.number({ error: "Your card's expiration month is invalid." }).int().min(0).max(99),
    expYear: z.coerce.number({ error: "Your card's expiration year is invalid." }).int().min(0).max(9999),
    cvc: z.string().max(4, "Your card's security code is invalid."),
  })
  .meta({ id: 'LocalConfirmInput' });
export type LocalConfirmInput = z.input<typeof LocalConfirmInput>;

export const LocalConfirmResult = z
  .object({
    status: PaymentStatus,
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        type: z.string(),
        declineCode: z.string().optional(),
        fields: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
  })
  .meta({ id: 'LocalConfirmResult' });
export type LocalConfirmResult = z.infer<typeof LocalConfirmResult>;

/** A payment (docs/product/booking-and-payments.md). */
export const Payment = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    bookingStatus: BookingStatus.meta({
      description: 'the status of the booking paid for: a booking cancelled before it was paid has no payment waiting',
    }),
    amount: Money,
    currency: z.string(),
    status: PaymentStatus,
    provider: z.enum(['stripe', 'local']),
    createdAt: z.string(),
    failureReason: z.string().nullable(),
    refundReason: z.string().nullable().meta({
      description:
        'why it was last refunded, in the reader’s words: a cleaner’s withdrawal reads "Your cleaner withdrew" to the customer and "Cleaner withdrew: <their reason>" to administrators',
    }),
    /** Refunded so far (or being refunded); null when nothing is. */
    refundAmount: Money.nullable(),
    links: z
      .object({ self: linkTo('getPayment'), booking: linkTo('getBooking'), page: PageLink })
      .meta({ id: 'PaymentLinks' }),
    actions: z
      .object({ refund: actionOf('refund', 'POST', 'refundPayment').optional() })
      .meta({ id: 'PaymentActions', description: 'refund: administrators only, while something is left to refund' }),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

/** The payments dashboard's cards (docs/product/booking-and-payments.md), over every payment the caller may see. */
export const PaymentSummary = z
  .object({
    /** Dollars, a number. */
    totalAmount: z.number(),
    totalCount: z.number().int(),
    succeededCount: z.number().int(),
    /** Percent of payments that succeeded, one decimal; 0 with no payments. */
    successRate: z.number(),
    /**
     * Payments whose charge went through: succeeded, refunded or disputed — a refund does not undo
     * a charge (refunds are their own figure below).
     */
    chargedCount: z.number().int(),
    /** Payments whose card was declined (and not paid since). */
    failedCount: z.number().int().meta({ description: 'payments whose card was declined (and not paid since)' }),
    /**
     * The payments page's success rate: percent of the attempts with an outcome that went through,
     * charged ÷ (charged + failed), one decimal; 0 with none. A checkout left unpaid (pending) or a
     * card in flight (processing) is not counted.
     */
    chargeSuccessRate: z.number().meta({
      description:
        'percent of the payment attempts with an outcome that went through: charged ÷ (charged + failed), one decimal; 0 with none. Checkouts left unpaid and cards in flight are not counted',
    }),
    refundedAmount: z.number(),
    refundedCount: z.number().int(),
    processingCount: z.number().int(),
  })
  .meta({ id: 'PaymentSummary' });
export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const PaymentListQuery = z.object({
  status: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === 'paid' ? 'succeeded' : v === '' || v === 'all' ? undefined : v))
    .pipe(PaymentStatus.optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type PaymentListQuery = z.input<typeof PaymentListQuery>;

export const PaymentPage = z
  .object({
    items: z.array(Payment),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    summary: PaymentSummary,
    links: pageLinks('listPayments'),
  })
  .meta({ id: 'PaymentPage' });
export type PaymentPage = z.infer<typeof PaymentPage>;

/** A refund: amount optional (blank means everything left), reason optional (docs/product/administration.md). */
export const RefundInput = z
  .object({
    amount: z
      .union([z.string().trim().max(20, 'is too long'), z.number().nonnegative().max(1_000_000)])
      .optional()
      .nullable(),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional().nullable(),
  })
  .meta({ id: 'RefundInput' });
export type RefundInput = z.input<typeof RefundInput>;

export const RefundResult = z
  .object({
    refund: z.object({
      id: z.number().int(),
      amount: Money,
      reason: z.string().nullable(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      providerRefundId: z.string().nullable(),
    }),
    payment: Payment,
  })
  .meta({ id: 'RefundResult' });
export type RefundResult = z.infer<typeof RefundResult>;
