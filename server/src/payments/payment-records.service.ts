import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { syncBookingWithPayments } from '../bookings/booking-lifecycle.service';
import type { Tx } from '../db/client';
import { paymentEvents, payments, refunds } from '../db/schema';
import type { Deps } from '../deps';
import { syncPaymentLedger } from '../ledger/ledger.service';
import type { AccountEvent, PaymentIntent, ProviderEvent } from '../lib/payment-provider';
import { queuePartnerBookingEvent } from '../partners/partner-webhooks.service';
import { applyAccountState } from '../payouts/payout-accounts.service';
import {
  applyProviderEvent,
  CHARGED_STATUSES,
  deriveBookingPaymentStatus,
  newPaymentState,
  replayEvents,
} from './payment-state';
import { findPayment, findPaymentByProviderId, type PaymentRow } from './payments.queries';

/**
 * The payment records: every write to payments and their events, inside the caller's
 * transaction. A payment's state is always recomputed from its stored events and refunds (pure
 * rules in payment-state.ts), then the booking is brought along by the bookings service.
 */

type ProviderName = PaymentRow['provider'];

/**
 * Records a new intent as a payment row (or finds the row a concurrent request made for the same
 * intent), adopts any webhook events that arrived before it, and brings the booking's payment
 * status along.
 */
export async function insertPayment(
  tx: Tx,
  values: { bookingId: number; customerId: number | null; provider: ProviderName; intent: PaymentIntent },
  now: Date,
  site: string,
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
  await settlePayment(tx, row.id, now, null, site);
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
  site: string,
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
  if (payment) await settlePayment(tx, payment.id, now, event.id, site);
  return { duplicate: false, paymentId: payment?.id ?? null };
}

function eventFromRow(row: typeof paymentEvents.$inferSelect): ProviderEvent {
  const payload = row.payload as Omit<ProviderEvent, 'createdAt'>;
  return { ...payload, id: row.id, createdAt: row.providerCreatedAt };
}

/**
 * Recomputes a payment from its stored events and its refunds (pure rules in payment-state.ts),
 * writes what changed with an audit entry, then the booking: its payment status, and — when the
 * charge has gone through — pending → confirmed, e-mailed with links to `site` (`siteOf` the
 * request or job that brought the change, decision 072; docs/product/booking-and-payments.md).
 */
export async function settlePayment(
  tx: Tx,
  paymentId: number,
  now: Date,
  cause: string | null,
  site: string,
): Promise<PaymentRow> {
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
    await recordAudit(tx, {
      actorRole: 'system',
      action: 'payment.status_changed',
      entityType: 'payment',
      entityId: String(paymentId),
      details: { from: row.status, to: state.status, cause },
      createdAt: now,
    });
  }
  // The books follow the confirmed money only: a refund still pending has moved nothing yet.
  await syncPaymentLedger(tx, { ...row, status: state.status }, state.refundedCents, now);
  await syncBooking(tx, row.bookingId, now, site);
  if (state.status === 'succeeded' && row.status !== 'succeeded') {
    await queuePartnerBookingEvent(tx, { bookingId: row.bookingId, type: 'payment.succeeded', now });
  }
  return { ...row, status: state.status, failureReason: state.failureReason, refundedCents };
}

/** Marks an attempt in flight (the local card form was submitted); only a pending payment moves. */
export async function markProcessing(tx: Tx, paymentId: number, now: Date, site: string): Promise<void> {
  const row = await findPayment(tx, paymentId);
  if (row?.status !== 'pending') return;
  await tx.update(payments).set({ status: 'processing', updatedAt: now }).where(eq(payments.id, paymentId));
  await recordAudit(tx, {
    actorRole: 'system',
    action: 'payment.status_changed',
    entityType: 'payment',
    entityId: String(paymentId),
    details: { from: 'pending', to: 'processing', cause: 'card submitted' },
    createdAt: now,
  });
  await syncBooking(tx, row.bookingId, now, site);
}

export function touchPayment(tx: Tx, paymentId: number, now: Date) {
  return tx.update(payments).set({ updatedAt: now }).where(eq(payments.id, paymentId));
}

/** Tells the bookings service what the booking's payments add up to now. */
async function syncBooking(tx: Tx, bookingId: number, now: Date, site: string): Promise<void> {
  const statuses = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .all();
  await syncBookingWithPayments(
    tx,
    bookingId,
    { status: deriveBookingPaymentStatus(statuses), charged: statuses.some((p) => CHARGED_STATUSES.has(p.status)) },
    now,
    site,
  );
}

/**
 * A provider's `account.updated` webhook: stored once by its id beside the payment events (a
 * redelivery is a no-op), then applied if it is not older than the state held. Answers whether it
 * was new.
 */
export async function receiveAccountEvent(
  deps: Pick<Deps, 'database' | 'clock' | 'payments'>,
  event: AccountEvent,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const stored = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        provider: deps.payments.name,
        type: event.type,
        paymentId: null,
        providerCreatedAt: event.createdAt,
        payload: { ...event.account, asOf: event.account.asOf.toISOString() },
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return false;
    await applyAccountState(tx, deps.payments.name, event.account, now);
    return true;
  });
}
