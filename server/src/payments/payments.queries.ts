import { centsToDollars } from '@spotless/sdk';
import type { Payment, PaymentStatus as PaymentStatusName, PaymentSummary } from '@spotless/sdk/schemas';
import { and, asc, count, desc, eq, gt, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import { notifyBookingEvent } from '../bookings/booking-notifications';
import { transition } from '../bookings/booking-state';
import { recordHistory } from '../bookings/bookings.queries';
import type { Queryable, Tx } from '../db/client';
import { auditLog, bookings, paymentEvents, payments, refunds } from '../db/schema';
import { applyProviderEvent, deriveBookingPaymentStatus, newPaymentState, replayEvents } from './payment-state';
import type { PaymentIntent, ProviderEvent } from './provider';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type ProviderName = PaymentRow['provider'];

/** Statuses in which the booking's money is (or was) with us: the charge went through. */
const CHARGED = new Set<PaymentStatusName>(['succeeded', 'refunded', 'disputed']);

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    bookingId: row.bookingId,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    failureReason: row.failureReason,
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
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .get();
}

export function findPayment(db: Queryable, id: number) {
  return db.select().from(payments).where(eq(payments.id, id)).get();
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

/**
 * Records a new intent as a payment row (or finds the row a concurrent request made for the same
 * intent), adopts any webhook events that arrived before it, and brings the booking's payment
 * status along.
 */
export async function insertPayment(
  tx: Tx,
  values: { bookingId: number; customerId: number | null; provider: ProviderName; intent: PaymentIntent },
  now: Date,
): Promise<PaymentRow> {
  await tx
    .insert(payments)
    .values({
      bookingId: values.bookingId,
      customerId: values.customerId,
      provider: values.provider,
      providerPaymentId: values.intent.providerPaymentId,
      amountCents: values.intent.amountCents,
      currency: values.intent.currency,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const row = await findPaymentByProviderId(tx, values.provider, values.intent.providerPaymentId);
  if (!row) throw new Error('payment row missing after insert');
  await tx
    .update(paymentEvents)
    .set({ paymentId: row.id })
    .where(
      and(
        eq(paymentEvents.provider, values.provider),
        isNull(paymentEvents.paymentId),
        sql`json_extract(${paymentEvents.payload}, '$.providerPaymentId') = ${values.intent.providerPaymentId}`,
      ),
    );
  await settlePayment(tx, row.id, now, null);
  return (await findPayment(tx, row.id)) ?? row;
}

/**
 * Applies one provider event in the caller's transaction: stored once by its id (a redelivery is
 * a no-op), then the payment is recomputed from all of its events, so the order of arrival does
 * not matter. An event for an intent we have no row for yet is kept and adopted when it appears.
 */
export async function applyPaymentEvent(
  tx: Tx,
  provider: ProviderName,
  event: ProviderEvent,
  now: Date,
): Promise<{ duplicate: boolean; paymentId: number | null }> {
  const payment = await findPaymentByProviderId(tx, provider, event.providerPaymentId);
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      id: event.id,
      provider,
      type: event.type,
      paymentId: payment?.id ?? null,
      providerCreatedAt: event.createdAt,
      payload: { ...event, createdAt: event.createdAt.toISOString() },
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (inserted.length === 0) return { duplicate: true, paymentId: payment?.id ?? null };
  if (payment) await settlePayment(tx, payment.id, now, event.id);
  return { duplicate: false, paymentId: payment?.id ?? null };
}

function eventFromRow(row: typeof paymentEvents.$inferSelect): ProviderEvent {
  const payload = row.payload as Omit<ProviderEvent, 'createdAt'>;
  return { ...payload, id: row.id, createdAt: row.providerCreatedAt };
}

/**
 * Recomputes a payment from its stored events and its refunds (pure rules in payment-state.ts),
 * writes what changed with an audit entry, then the booking: its payment status, and — when the
 * charge has gone through — pending → confirmed (spec 01 §4 "Your booking has been confirmed!").
 */
export async function settlePayment(tx: Tx, paymentId: number, now: Date, cause: string | null): Promise<PaymentRow> {
  const row = await findPayment(tx, paymentId);
  if (!row) throw new Error(`payment ${paymentId} missing`);
  const events = (await tx.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).all()).map(
    eventFromRow,
  );
  const refundTotals = await tx
    .select({
      succeeded: sql<number>`coalesce(sum(case when ${refunds.status} = 'succeeded' then ${refunds.amountCents} end), 0)`,
      held: sql<number>`coalesce(sum(case when ${refunds.status} in ('pending', 'succeeded') then ${refunds.amountCents} end), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .get();
  const succeededRefunds = Number(refundTotals?.succeeded ?? 0);
  const heldRefunds = Number(refundTotals?.held ?? 0);

  // An attempt in flight (`processing`) is not an event; it is where this payment's events start.
  let state = replayEvents(
    newPaymentState(row.amountCents, row.status === 'processing' ? 'processing' : 'pending'),
    events,
  );
  if (succeededRefunds > 0) {
    // Our own completed refunds count like a provider's running total (Stripe's charge.refunded may lag).
    state = applyProviderEvent(state, {
      id: '',
      type: 'refunded',
      providerPaymentId: row.providerPaymentId,
      amountCents: row.amountCents,
      refundedCents: succeededRefunds,
      createdAt: new Date(0),
    });
  }
  const refundedCents = Math.min(row.amountCents, Math.max(state.refundedCents, heldRefunds));
  const changed =
    state.status !== row.status || state.failureReason !== row.failureReason || refundedCents !== row.refundedCents;
  if (changed) {
    await tx
      .update(payments)
      .set({ status: state.status, failureReason: state.failureReason, refundedCents, updatedAt: now })
      .where(eq(payments.id, paymentId));
  }
  if (state.status !== row.status) {
    await tx.insert(auditLog).values({
      actorRole: 'system',
      action: 'payment.status_changed',
      entityType: 'payment',
      entityId: String(paymentId),
      details: { from: row.status, to: state.status, cause },
      createdAt: now,
    });
  }
  await settleBooking(tx, row.bookingId, now);
  return { ...row, status: state.status, failureReason: state.failureReason, refundedCents };
}

async function settleBooking(tx: Tx, bookingId: number, now: Date): Promise<void> {
  const booking = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) return;
  const statuses = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .all();
  const paymentStatus = deriveBookingPaymentStatus(statuses);
  const confirm = statuses.some((p) => CHARGED.has(p.status)) && transition(booking, 'pay', { role: 'system' }).ok;
  if (paymentStatus === booking.paymentStatus && !confirm) return;
  const [updated] = await tx
    .update(bookings)
    .set({ paymentStatus, ...(confirm ? { status: 'confirmed' as const } : {}), updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!confirm || !updated) return;
  await recordHistory(tx, now, {
    bookingId,
    fromStatus: 'pending',
    toStatus: 'confirmed',
    actorUserId: null,
    actorRole: 'system',
    note: 'Payment succeeded',
  });
  await notifyBookingEvent(
    tx,
    now,
    'booking_confirmed',
    updated,
    'Payment Successful: Your booking has been confirmed!',
  );
}

/** Marks an attempt in flight (the local card form was submitted); only a pending payment moves. */
export async function markProcessing(tx: Tx, paymentId: number, now: Date): Promise<void> {
  const row = await findPayment(tx, paymentId);
  if (row?.status !== 'pending') return;
  await tx.update(payments).set({ status: 'processing', updatedAt: now }).where(eq(payments.id, paymentId));
  await tx.insert(auditLog).values({
    actorRole: 'system',
    action: 'payment.status_changed',
    entityType: 'payment',
    entityId: String(paymentId),
    details: { from: 'pending', to: 'processing', cause: 'card submitted' },
    createdAt: now,
  });
  await settleBooking(tx, row.bookingId, now);
}

export type PaymentScope = { customerId: number } | 'all';

function scopeWhere(scope: PaymentScope): SQL | undefined {
  return scope === 'all' ? undefined : eq(payments.customerId, scope.customerId);
}

export async function listPayments(
  db: Queryable,
  scope: PaymentScope,
  status: PaymentStatusName | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(scopeWhere(scope), status ? eq(payments.status, status) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .all(),
    db.select({ total: count() }).from(payments).where(where).get(),
  ]);
  return { items: rows.map(toPayment), total: totals?.total ?? 0, page, pageSize };
}

/** The dashboard's cards, over every payment in scope whatever the status filter, in one query. */
export async function summarisePayments(db: Queryable, scope: PaymentScope): Promise<PaymentSummary> {
  const row = await db
    .select({
      totalCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`,
      totalCount: count(),
      succeededCount: sql<number>`coalesce(sum(case when ${payments.status} = 'succeeded' then 1 else 0 end), 0)`,
      refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)`,
      refundedCount: sql<number>`coalesce(sum(case when ${payments.refundedCents} > 0 then 1 else 0 end), 0)`,
      processingCount: sql<number>`coalesce(sum(case when ${payments.status} = 'processing' then 1 else 0 end), 0)`,
    })
    .from(payments)
    .where(scopeWhere(scope))
    .get();
  const totalCount = Number(row?.totalCount ?? 0);
  const succeededCount = Number(row?.succeededCount ?? 0);
  return {
    totalAmount: Number(row?.totalCents ?? 0) / 100,
    totalCount,
    succeededCount,
    successRate: totalCount === 0 ? 0 : Math.round((succeededCount / totalCount) * 1000) / 10,
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

export function touchPayment(tx: Tx, paymentId: number, now: Date) {
  return tx.update(payments).set({ updatedAt: now }).where(eq(payments.id, paymentId));
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
  if (CHARGED.has(intent.status)) events.push({ ...base, id: `${id}_succeeded`, type: 'payment_succeeded' });
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
