import { centsToDollars } from '@spotless/sdk/rules';
import type { Payment, PaymentStatus as PaymentStatusName, PaymentSummary } from '@spotless/sdk/schemas';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable } from '../db/client';
import { preparedPer } from '../db/prepared';
import { bookings, payments, refunds } from '../db/schema';
import type { PaymentIntent, ProviderEvent } from '../lib/payment-provider';
import { CHARGED_STATUSES } from './payment-state';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
/**
 * A payment with the status of the booking it pays for (a cancelled booking's payment reads so),
 * and how and why that booking was cancelled, when it was: a refund's reason is told from them.
 */
export type PaymentView = PaymentRow & {
  bookingStatus: BookingRow['status'];
  cancellationKind: BookingRow['cancellationKind'];
  cancelReason: BookingRow['cancelReason'];
};
type ProviderName = PaymentRow['provider'];

export function toPayment(row: PaymentView): Data<Payment> {
  return {
    id: row.id,
    bookingId: row.bookingId,
    bookingStatus: row.bookingStatus,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    // A reason is the reason the payment failed: never shown beside a payment that went through.
    failureReason: row.status === 'failed' ? row.failureReason : null,
    refundReason: row.refundReason,
    refundAmount: row.refundedCents > 0 ? centsToDollars(row.refundedCents) : null,
  };
}

export function findBookingForPayment(db: Queryable, bookingId: number) {
  return db
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      cleanerId: bookings.cleanerId,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      totalPriceCents: bookings.totalPriceCents,
      seriesId: bookings.seriesId,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .get();
}

/** A payment's columns and its booking's status and cancellation: what a payment's answer is made of. */
const paymentView = {
  ...getTableColumns(payments),
  bookingStatus: bookings.status,
  cancellationKind: bookings.cancellationKind,
  cancelReason: bookings.cancelReason,
};

export function findPayment(db: Queryable, id: number): Promise<PaymentView | undefined> {
  return db
    .select(paymentView)
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.id, id))
    .get();
}

export function findPaymentByProviderId(db: Queryable, provider: ProviderName, providerPaymentId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .get();
}

/** The booking's payments with this provider, newest first. */
export function bookingPayments(db: Queryable, bookingId: number, provider: ProviderName) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, provider)))
    .orderBy(desc(payments.id))
    .all();
}

export type PaymentScope = { customerId: number } | 'all';

function scopeWhere(scope: PaymentScope): SQL | undefined {
  return scope === 'all' ? undefined : eq(payments.customerId, scope.customerId);
}

/** A customer's payments page, the read their payments screen makes: built once (db/prepared.ts). */
const customerPaymentPage = preparedPer((db) =>
  db
    .select(paymentView)
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.customerId, sql.placeholder('customerId')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

const customerPaymentCount = preparedPer((db) =>
  db
    .select({ total: count() })
    .from(payments)
    .where(eq(payments.customerId, sql.placeholder('customerId')))
    .prepare(),
);

export async function listPayments(
  db: Queryable,
  scope: PaymentScope,
  status: PaymentStatusName | undefined,
  page: number,
  pageSize: number,
) {
  const offset = (page - 1) * pageSize;
  const where = and(scopeWhere(scope), status ? eq(payments.status, status) : undefined);
  if (scope !== 'all' && !status) {
    const [rows, [totals]] = await Promise.all([
      customerPaymentPage(db).execute({ customerId: scope.customerId, limit: pageSize, offset }),
      customerPaymentCount(db).execute({ customerId: scope.customerId }),
    ]);
    return { rows, total: totals?.total ?? 0, page, pageSize };
  }
  const [rows, totals] = await Promise.all([
    db
      .select(paymentView)
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(pageSize)
      .offset(offset)
      .all(),
    db.select({ total: count() }).from(payments).where(where).get(),
  ]);
  return { rows, total: totals?.total ?? 0, page, pageSize };
}

const summaryColumns = {
  totalCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`,
  totalCount: count(),
  succeededCount: sql<number>`coalesce(sum(case when ${payments.status} = 'succeeded' then 1 else 0 end), 0)`,
  chargedCount: sql<number>`coalesce(sum(case when ${payments.status} in ('succeeded', 'refunded', 'disputed') then 1 else 0 end), 0)`,
  failedCount: sql<number>`coalesce(sum(case when ${payments.status} = 'failed' then 1 else 0 end), 0)`,
  refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)`,
  refundedCount: sql<number>`coalesce(sum(case when ${payments.refundedCents} > 0 then 1 else 0 end), 0)`,
  processingCount: sql<number>`coalesce(sum(case when ${payments.status} = 'processing' then 1 else 0 end), 0)`,
};

/**
 * A customer's cards, read with every look at their payments: built once, and answered from
 * `payments_customer_summary_idx` alone (decision 064).
 */
export const customerPaymentSummary = preparedPer((db) =>
  db
    .select(summaryColumns)
    .from(payments)
    .where(eq(payments.customerId, sql.placeholder('customerId')))
    .prepare(),
);

/** The dashboard's cards, over every payment in scope whatever the status filter, in one query. */
export async function summarisePayments(db: Queryable, scope: PaymentScope): Promise<PaymentSummary> {
  const [row] =
    scope === 'all'
      ? await db.select(summaryColumns).from(payments)
      : await customerPaymentSummary(db).execute({ customerId: scope.customerId });
  const totalCount = Number(row?.totalCount ?? 0);
  const succeededCount = Number(row?.succeededCount ?? 0);
  const chargedCount = Number(row?.chargedCount ?? 0);
  const failedCount = Number(row?.failedCount ?? 0);
  const percent = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 10);
  return {
    totalAmount: Number(row?.totalCents ?? 0) / 100,
    totalCount,
    succeededCount,
    successRate: percent(succeededCount, totalCount),
    chargedCount,
    failedCount,
    // Of the attempts that have an outcome: a checkout left unpaid (pending) or a card still in
    // flight (processing) was never an attempt that went through or failed (decision 075).
    chargeSuccessRate: percent(chargedCount, chargedCount + failedCount),
    refundedAmount: Number(row?.refundedCents ?? 0) / 100,
    refundedCount: Number(row?.refundedCount ?? 0),
    processingCount: Number(row?.processingCount ?? 0),
  };
}

/**
 * Payments whose outcome we may have missed (a lost webhook, a crash mid-attempt), least recently
 * checked first: processing ones always, pending ones only for a day (an abandoned checkout is
 * not asked about forever).
 */
export function stalePayments(db: Queryable, provider: ProviderName, updatedBefore: Date, limit: number) {
  const pendingSince = new Date(updatedBefore.getTime() - 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        lt(payments.updatedAt, updatedBefore),
        or(
          eq(payments.status, 'processing'),
          and(eq(payments.status, 'pending'), gt(payments.createdAt, pendingSince)),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit)
    .all();
}

/** Refunds reserved but never settled with the provider (its answer was lost), oldest first. */
export function staleRefunds(db: Queryable, updatedBefore: Date, limit: number) {
  return db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, updatedBefore)))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit)
    .all();
}

/**
 * Succeeded payments of cancelled bookings that still owe more than the kept cancellation fee back.
 * One whose automatic refund the provider refused is left to an administrator.
 */
export function cancelledBookingRefundsDue(db: Queryable, provider: ProviderName, limit: number) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, 'succeeded'),
        eq(bookings.status, 'cancelled'),
        sql`${payments.refundedCents} < ${payments.amountCents} - coalesce(${bookings.cancellationFeeCents}, 0)`,
        notExists(
          db
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.paymentId, payments.id), eq(refunds.status, 'failed'))),
        ),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit)
    .all();
}

/**
 * The provider's view of an intent as events, with ids derived from what they say, so a
 * reconciliation run that finds nothing new applies nothing and one that does applies it once.
 */
export function eventsFromIntent(intent: PaymentIntent, at: Date): ProviderEvent[] {
  const base = { providerPaymentId: intent.providerPaymentId, amountCents: intent.amountCents, createdAt: at };
  const id = `reconcile_${intent.providerPaymentId}`;
  const events: ProviderEvent[] = [];
  if (CHARGED_STATUSES.has(intent.status)) events.push({ ...base, id: `${id}_succeeded`, type: 'payment_succeeded' });
  if (intent.refundedCents > 0) {
    events.push({
      ...base,
      id: `${id}_refunded_${intent.refundedCents}`,
      type: 'refunded',
      refundedCents: intent.refundedCents,
    });
  }
  if (intent.status === 'disputed') events.push({ ...base, id: `${id}_disputed`, type: 'disputed' });
  if (intent.status === 'failed') {
    const reason = intent.failureReason ?? 'The payment failed.';
    events.push({
      ...base,
      id: `${id}_failed_${hashText(reason)}`,
      type: 'payment_failed',
      failureReason: reason,
    });
  }
  return events;
}

function hashText(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}

/** A booking's payment that went through, if any (a series' first visit: the card it saved). */
export function successfulPaymentOf(db: Queryable, bookingId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'refunded', 'disputed'])))
    .orderBy(desc(payments.id))
    .get();
}
