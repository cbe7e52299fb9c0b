import { SUPPORT_EMAIL } from '@spotless/sdk/help';
import { CLEANER_WITHDREW } from '@spotless/sdk/rules';
import type { RefundInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import { cancellationRefundReason } from '../bookings/cancellation';
import { type Actor, requireAdmin } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Tx } from '../db/client';
import { bookings, payments, refunds, users } from '../db/schema';
import { runOnce } from '../idempotency/idempotency';
import { PaymentProviderError, type Refund } from '../lib/payment-provider';
import type { CancellationRefunds } from '../lib/refunds-port';
import { refundEmail, refundFailedEmail, refundFailedSupportEmail } from '../notifications/account-emails';
import { firstNameOf } from '../notifications/email';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { settlePayment } from './payment-records.service';
import { checkRefund } from './payment-state';
import { bookingPayments, findPayment, type PaymentRow, type RefundRow } from './payments.queries';
import { type PaymentDeps, parseDollars, providerErrorToAppError } from './payments.service';

/**
 * Refunds: an administrator's, and the automatic one a cancelled booking is owed. The amount is
 * reserved in one transaction before the provider is called, so concurrent requests cannot refund
 * more than was paid, and the provider's idempotency key makes a retried call move money once.
 */

export interface RefundRequest {
  paymentId: number;
  /** Omitted: everything not yet refunded. */
  amountCents?: number;
  reason: string | null;
  actorUserId: number | null;
}

type RefundActor = 'admin' | 'system';

async function reserveRefund(
  tx: Tx,
  payment: PaymentRow,
  amountCents: number,
  reason: string | null,
  actorUserId: number | null,
  now: Date,
  site: string,
): Promise<RefundRow> {
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountCents,
      reason,
      status: 'pending',
      actorUserId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!refund) throw new Error('refund row missing after insert');
  await settlePayment(tx, payment.id, now, `refund ${refund.id} reserved`, site);
  return refund;
}

/**
 * An administrator's refund. The amount is reserved first, in one transaction (a pending refunds
 * row, the payment's refunded total bumped under the "never more than what is left" check), so
 * concurrent requests cannot both pass; the provider is called outside any transaction with the
 * refund row's id as its idempotency key; then the outcome is written. A refusal releases the
 * reservation. A lost answer (provider unavailable) keeps it pending: the reconciliation job asks
 * again with the same key, so the money is returned exactly once either way.
 */
async function refundNow(deps: PaymentDeps, request: RefundRequest) {
  const { refund, payment } = await deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const payment = await findPayment(tx, request.paymentId);
    if (!payment) throw notFound('Payment');
    if (payment.provider !== deps.payments.name) {
      throw new AppError(
        409,
        'provider_mismatch',
        `This payment was taken by the ${payment.provider} provider, which is not configured`,
      );
    }
    if (payment.status === 'succeeded' && payment.refundedCents >= payment.amountCents) {
      throw new AppError(409, 'not_refundable', 'This payment has already been refunded (or a refund is in progress)');
    }
    const check = checkRefund(payment, request.amountCents);
    if (!check.ok) {
      const fields = check.code === 'not_refundable' ? undefined : { amount: check.message };
      throw new AppError(check.code === 'invalid_amount' ? 400 : 409, check.code, check.message, fields);
    }
    const refund = await reserveRefund(
      tx,
      payment,
      check.amountCents,
      request.reason,
      request.actorUserId,
      now,
      siteOf(deps),
    );
    return { refund, payment };
  });
  const settled = await settleRefundWithProvider(deps, refund, payment, true, 'admin');
  if (!settled) throw new Error('refund outcome missing');
  // Answered, but refused by the card's bank: the reservation is released and nothing moved.
  if (settled.refund.status === 'failed') {
    throw new AppError(409, 'refund_failed', "The card's bank refused this refund: nothing was returned");
  }
  // The payment as its answer shows it: with its booking's status.
  const shown = await findPayment(deps.database.db, payment.id);
  if (!shown) throw new Error(`payment ${payment.id} missing`);
  return { ...settled, payment: shown };
}

/**
 * `POST /api/payments/{id}/refund`: an administrator's refund, once per `Idempotency-Key`. The
 * amount is a dollar figure (blank: everything not yet refunded); `render` shapes the answer that
 * is stored for replays.
 */
export async function refundPayment<T>(
  deps: PaymentDeps,
  actor: Actor,
  paymentId: number,
  input: z.output<typeof RefundInput>,
  options: {
    idempotencyKey: string | undefined;
    render: (result: Awaited<ReturnType<typeof refundNow>>) => T;
  },
) {
  const admin = requireAdmin(actor);
  const { amount, reason } = input;
  const amountCents =
    amount === undefined || amount === null || amount === '' ? undefined : parseDollars(amount, 'amount');
  return runOnce(deps, { scope: `refund:${paymentId}`, key: options.idempotencyKey, body: input }, async () => {
    const result = await refundNow(deps, {
      paymentId,
      amountCents,
      reason: reason ? reason : null,
      actorUserId: admin.adminUserId,
    });
    return { status: 200, body: options.render(result) };
  });
}

/**
 * The money a cancelled booking owes back (decisions 021/022): everything but the cancellation fee
 * the booking kept, including a payment that went through after the booking expired. Computed and
 * reserved in one transaction, so it never overlaps an administrator's refund; null when nothing is due.
 */
export async function refundCancelledBooking(deps: PaymentDeps, paymentId: number) {
  const reserved = await deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const payment = await findPayment(tx, paymentId);
    if (payment?.status !== 'succeeded' || payment.provider !== deps.payments.name) return null;
    const booking = await tx
      .select({ status: bookings.status, feeCents: bookings.cancellationFeeCents, kind: bookings.cancellationKind })
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId))
      .get();
    if (booking?.status !== 'cancelled') return null;
    const feeCents = Math.min(booking.feeCents ?? 0, payment.amountCents);
    const amountCents = payment.amountCents - feeCents - payment.refundedCents;
    if (amountCents < 1) return null;
    // A cleaner's withdrawal (decision 071) is refunded in full, and says why.
    const reason = booking.kind === 'withdrawn' ? CLEANER_WITHDREW : cancellationRefundReason(feeCents);
    return { refund: await reserveRefund(tx, payment, amountCents, reason, null, now, siteOf(deps)), payment };
  });
  if (!reserved) return null;
  return settleRefundWithProvider(deps, reserved.refund, reserved.payment, false, 'system');
}

/** The bookings service's port: a cancelled booking's refund right after it is cancelled. */
export function cancellationRefunds(deps: PaymentDeps): CancellationRefunds {
  return {
    async refundCancelledBooking(bookingId) {
      for (const payment of await bookingPayments(deps.database.db, bookingId, deps.payments.name)) {
        if (payment.status !== 'succeeded') continue;
        try {
          await refundCancelledBooking(deps, payment.id);
        } catch (error) {
          // The reconciliation job retries with the same reservation; the cancellation stands.
          deps.logger?.warn('cancellation refund failed', {
            bookingId,
            paymentId: payment.id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  };
}

/** Asks the provider for a reserved refund (again, with the same key) and records the answer. */
export async function settleRefundWithProvider(
  deps: PaymentDeps,
  refund: RefundRow,
  payment: PaymentRow,
  throwOnFailure: boolean,
  actorRole: RefundActor,
) {
  let result: Refund;
  try {
    result = await deps.payments.refund({
      providerPaymentId: payment.providerPaymentId,
      amountCents: refund.amountCents,
      ...(refund.reason ? { reason: refund.reason } : {}),
      idempotencyKey: `spotless-refund-${refund.id}`,
    });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'provider_unavailable') {
      if (throwOnFailure) throw providerErrorToAppError(error);
      return null;
    }
    await deps.database.write((tx) =>
      finishRefund(tx, refund, payment, null, deps.clock.now(), error, actorRole, siteOf(deps)),
    );
    if (throwOnFailure) throw providerErrorToAppError(error);
    return null;
  }
  return deps.database.write((tx) =>
    finishRefund(tx, refund, payment, result, deps.clock.now(), null, actorRole, siteOf(deps)),
  );
}

async function finishRefund(
  tx: Tx,
  refund: RefundRow,
  payment: PaymentRow,
  result: Refund | null,
  now: Date,
  error: unknown,
  actorRole: RefundActor,
  site: string,
) {
  const current = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).get();
  if (!current) throw new Error(`refund ${refund.id} missing`);
  if (current.status !== 'pending') {
    return { refund: current, payment: (await findPayment(tx, payment.id)) ?? payment };
  }
  const status = result?.status ?? 'failed';
  await tx
    .update(refunds)
    .set({ status, providerRefundId: result?.providerRefundId ?? null, updatedAt: now })
    .where(eq(refunds.id, refund.id));
  if (status === 'succeeded' && refund.reason) {
    await tx.update(payments).set({ refundReason: refund.reason }).where(eq(payments.id, payment.id));
  }
  const settled = await settlePayment(tx, payment.id, now, `refund ${refund.id} ${status}`, site);
  if (status === 'pending')
    return { refund: { ...current, status, providerRefundId: result?.providerRefundId ?? null }, payment: settled };

  await recordAudit(tx, {
    actorUserId: refund.actorUserId,
    actorRole,
    action: status === 'succeeded' ? 'payment.refunded' : 'payment.refund_failed',
    entityType: 'payment',
    entityId: String(payment.id),
    details: {
      refundId: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      providerRefundId: result?.providerRefundId ?? null,
      ...(error ? { error: error instanceof Error ? error.message : String(error) } : {}),
    },
    createdAt: now,
  });
  if (status === 'succeeded' || actorRole === 'system') {
    const customer = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        guestEmail: bookings.guestEmail,
        guestName: bookings.guestName,
        startsAt: bookings.startsAt,
        timeZone: bookings.timeZone,
        cancellationKind: bookings.cancellationKind,
      })
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.customerId))
      .where(eq(bookings.id, payment.bookingId))
      .get();
    const email = customer?.email ?? customer?.guestEmail;
    if (customer && email) {
      const recipient = { recipientEmail: email, ...(customer.id ? { recipientUserId: customer.id } : {}) };
      const firstName = customer.id ? customer.firstName : firstNameOf(customer.guestName);
      const booking = { id: payment.bookingId, startsAt: customer.startsAt, timeZone: customer.timeZone };
      const payload = {
        bookingId: payment.bookingId,
        paymentId: payment.id,
        refundId: refund.id,
        amountCents: refund.amountCents,
      };
      if (status === 'succeeded') {
        await enqueueNotification(tx, now, {
          type: 'refund',
          ...recipient,
          ...refundEmail(site, {
            firstName,
            amountCents: refund.amountCents,
            booking,
            // The system refunds a cancelled booking (less the fee it kept); an administrator, for a reason.
            cancellation:
              actorRole === 'system'
                ? {
                    keptCents: Math.max(0, settled.amountCents - settled.refundedCents),
                    withdrawn: customer.cancellationKind === 'withdrawn',
                  }
                : null,
            reason: refund.reason,
          }),
          payload,
          dedupeKey: `refund:${refund.id}`,
        });
      } else {
        // A cancellation's refund the card's bank refused (decision 075): the customer is told what
        // happens next, and support, who returns the money, is told at once.
        await enqueueNotification(tx, now, {
          type: 'refund_failed',
          ...recipient,
          ...refundFailedEmail(site, { firstName, amountCents: refund.amountCents, booking }),
          payload,
          dedupeKey: `refund_failed:${refund.id}`,
        });
        await enqueueNotification(tx, now, {
          type: 'refund_failed_support',
          recipientEmail: SUPPORT_EMAIL,
          ...refundFailedSupportEmail(site, {
            customerEmail: email,
            amountCents: refund.amountCents,
            bookingId: payment.bookingId,
            paymentId: payment.id,
            error: error ? (error instanceof Error ? error.message : String(error)) : null,
          }),
          payload,
          dedupeKey: `refund_failed_support:${refund.id}`,
        });
      }
    }
  }
  return {
    refund: { ...current, status, providerRefundId: result?.providerRefundId ?? null },
    payment: settled,
  };
}
