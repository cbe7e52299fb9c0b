import { CLEANER_WITHDREW, dollarsToCents } from '@spotless/sdk/rules';
import type { LocalConfirmInput, Payment, PaymentIntentInput, PaymentListQuery } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import type { BookingStatus } from '../bookings/booking-state';
import {
  type Actor,
  isAdmin,
  requirePersonOrAdmin,
  requirePersonWriting,
  requirePublic,
  requirePublicWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import type { Database } from '../db/client';
import type { Clock, Deps } from '../deps';
import { runOnce } from '../idempotency/idempotency';
import type { Logger } from '../lib/logger';
import {
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
} from '../lib/payment-provider';
import { type SiteDeps, siteOf } from '../notifications/site';
import { cardField } from './local-cards';
import { LocalPaymentProvider, validateCard } from './local-provider';
import { assertPayable } from './payable';
import { applyPaymentEvent, insertPayment, markProcessing, receiveAccountEvent } from './payment-records.service';
import { CHARGED_STATUSES, checkRefund } from './payment-state';
import {
  bookingPayments,
  eventsFromIntent,
  findBookingForPayment,
  findPayment,
  findPaymentByProviderId,
  listPayments,
  type PaymentRow,
  type PaymentView,
  summarisePayments,
  toPayment,
} from './payments.queries';

/**
 * Card payments: starting and resuming a payment, the local test-mode card form, provider
 * webhooks and the payments list. Every write goes through the payment records (payment-records.service.ts);
 * refunds are in refunds.service.ts.
 */

export interface PaymentDeps extends SiteDeps {
  database: Database;
  clock: Clock;
  payments: PaymentProvider;
  logger?: Logger;
}

/**
 * One provider event, applied in its own transaction (webhooks, the local card form,
 * reconciliation); the e-mails of a booking it confirms link to `siteOf(deps)` (decision 072).
 */
export function applyEvent(deps: PaymentDeps, event: ProviderEvent) {
  return deps.database.write((tx) => applyPaymentEvent(tx, deps.payments.name, event, deps.clock.now(), siteOf(deps)));
}

/**
 * A provider's refusal as the API answers it. The provider's own words stay in the log: they can
 * carry account details, request ids and internals a customer should not see (SECURITY.md).
 */
export function providerErrorToAppError(error: unknown, logger?: Logger): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  logger?.warn('payment provider refused a request', { code: error.code, error: error.message });
  switch (error.code) {
    case 'idempotency_conflict':
      return new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body',
      );
    case 'invalid_amount':
      return new AppError(400, 'invalid_amount', 'The payment provider does not accept this amount', {
        amount: 'The payment provider does not accept this amount',
      });
    case 'refund_exceeds_amount':
      return new AppError(409, 'refund_exceeds_amount', 'The refund is more than what is left of the payment', {
        amount: 'The refund is more than what is left of the payment',
      });
    case 'not_refundable':
      return new AppError(409, 'not_refundable', 'The payment provider cannot refund this payment');
    case 'not_found':
      return new AppError(409, 'provider_payment_missing', 'The payment provider does not know this payment');
    case 'provider_unavailable':
      return new AppError(
        503,
        'provider_unavailable',
        'The payment provider is unavailable. Please try again.',
        undefined,
        { 'Retry-After': '30' },
      );
    default:
      return new AppError(
        502,
        'provider_rejected',
        'The payment provider refused the request. Please try again or contact support.',
      );
  }
}

async function withProvider<T>(deps: PaymentDeps, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerErrorToAppError(error, deps.logger);
  }
}

/** A dollar figure from the client (number or decimal string) in cents; 400 naming `field` when malformed. */
export function parseDollars(value: string | number, field: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  try {
    if (typeof value === 'number' && !/^\d+(\.\d{1,2})?$/.test(text)) throw new RangeError(text);
    return dollarsToCents(text);
  } catch {
    throw new AppError(400, 'validation_failed', `Invalid request body: ${field}`, {
      [field]: 'must be a dollar amount with at most two decimals',
    });
  }
}

/**
 * Starts (or resumes) paying for a booking, for its customer only. The charge is always the
 * booking's total as the server computed it; a client `amount` is only compared (409
 * `amount_mismatch`). One intent per booking and total: asking again answers the same client
 * secret; a charge the provider took but we missed is recorded instead of charging twice.
 */
async function startPayment(
  deps: PaymentDeps & { config: Deps['config'] },
  actor: Actor,
  customer: { userId: number | null },
  input: z.output<typeof PaymentIntentInput>,
) {
  const { database, payments: provider, clock, config } = deps;
  const booking = await findBookingForPayment(database.db, input.bookingId);
  // Another customer's booking answers like a missing one (decision 007); a guest's is checked by
  // the pay rule (its own booking only).
  if (!booking || (customer.userId !== null && booking.customerId !== customer.userId)) throw notFound('Booking');
  if (input.amount !== undefined && input.amount !== '') {
    const quoted = parseDollars(input.amount, 'amount');
    if (quoted !== booking.totalPriceCents) {
      const total = (booking.totalPriceCents / 100).toFixed(2);
      throw new AppError(409, 'amount_mismatch', `The booking total is $${total}`, {
        amount: `must equal the booking total, ${total}`,
      });
    }
  }
  assertPayable(booking, actor, clock.now());

  const existing = await bookingPayments(database.db, booking.id, provider.name);
  let reuse: { row: (typeof existing)[number]; intent: PaymentIntent } | undefined;
  for (const candidate of existing) {
    if (CHARGED_STATUSES.has(candidate.status)) {
      throw new AppError(409, 'already_paid', 'This booking has already been paid');
    }
    if (candidate.amountCents !== booking.totalPriceCents || reuse !== undefined) continue;
    const found = await withProvider(deps, () => provider.retrieve(candidate.providerPaymentId));
    if (!found) continue;
    if (CHARGED_STATUSES.has(found.status)) {
      // We missed the provider's word that this was paid: record it now rather than charge twice.
      for (const event of eventsFromIntent(found, clock.now())) await applyEvent(deps, event);
      throw new AppError(409, 'already_paid', 'This booking has already been paid');
    }
    if (found.clientSecret) reuse = { row: candidate, intent: found };
  }

  const { row, intent } =
    reuse ??
    (await (async () => {
      // The first visit of a recurring series saves its card for the later ones (decision 088).
      const saver =
        booking.seriesId !== null && customer.userId !== null ? `${customer.userId}-booking-${booking.id}` : null;
      const saveCardFor = saver
        ? await withProvider(deps, () =>
            provider.createCustomer({ email: null, idempotencyKey: `spotless-customer-${saver}` }),
          )
        : undefined;
      const created = await withProvider(deps, () =>
        provider.createPaymentIntent({
          amountCents: booking.totalPriceCents,
          currency: 'usd',
          bookingId: booking.id,
          customerId: customer.userId,
          // Concurrent first calls for one booking share the key, so the provider makes one intent.
          idempotencyKey: `spotless-booking-${booking.id}-${booking.totalPriceCents}-${existing.length}${saveCardFor ? '-saved' : ''}`,
          ...(saveCardFor ? { saveCardFor } : {}),
        }),
      );
      const inserted = await database.write(async (tx) => {
        assertPayable(await findBookingForPayment(tx, booking.id), actor, clock.now());
        return insertPayment(
          tx,
          { bookingId: booking.id, customerId: customer.userId, provider: provider.name, intent: created },
          clock.now(),
          siteOf(deps),
        );
      });
      return { row: inserted, intent: created };
    })());
  const publishableKey = provider.name === 'stripe' ? config.stripe?.publishableKey : undefined;
  return {
    clientSecret: intent.clientSecret,
    paymentId: row.id,
    provider: provider.name,
    ...(publishableKey ? { publishableKey } : {}),
    amount: (row.amountCents / 100).toFixed(2),
    currency: row.currency,
    status: row.status,
  };
}

/**
 * `POST /api/create-payment-intent` for the booking's customer: `startPayment` once per
 * `Idempotency-Key` (the same key and body replay the first answer).
 */
export async function createPaymentIntent(
  deps: PaymentDeps & { config: Deps['config'] },
  actor: Actor,
  input: z.output<typeof PaymentIntentInput>,
  idempotencyKey: string | undefined,
) {
  // A guest token pays its own booking (decision 049); anyone else is a signed-in person.
  const customer = actor.kind === 'guest' ? { userId: null } : requirePersonWriting(actor);
  const scope =
    actor.kind === 'guest' ? `payment-intent:guest:${actor.bookingId}` : `payment-intent:${customer.userId}`;
  return runOnce(deps, { scope, key: idempotencyKey, body: input }, async () => ({
    status: 200,
    body: await startPayment(deps, actor, customer, input),
  }));
}

/**
 * The local test-mode provider's `confirmCardPayment`: Stripe's test cards and messages. The client
 * secret is the credential, as with Stripe.js; the outcome is applied exactly as a webhook would be.
 * Answers the HTTP status and body Stripe.js's callers read.
 */
export async function confirmLocalCardPayment(
  deps: PaymentDeps,
  actor: Actor,
  input: z.output<typeof LocalConfirmInput>,
) {
  // The client secret is the credential; a partner's widget and a guest token confirm too.
  if (actor.kind !== 'guest' && actor.kind !== 'partner') requirePublicWriting(actor);
  const { database, payments: provider, clock } = deps;
  if (!(provider instanceof LocalPaymentProvider)) throw new Error('local confirm without the local provider');
  const providerPaymentId = /^(pi_local_[0-9a-f]+)_secret_[0-9a-f]+$/.exec(input.clientSecret)?.[1];
  const found = providerPaymentId ? await findPaymentByProviderId(database.db, 'local', providerPaymentId) : undefined;
  // A guest token is good for its own booking only (decision 049): another booking's payment is a
  // missing one to it, whatever secret it holds.
  const payment = actor.kind === 'guest' && found?.bookingId !== actor.bookingId ? undefined : found;
  const intent = payment ? await provider.retrieve(payment.providerPaymentId) : null;
  if (!payment || !intent || intent.clientSecret !== input.clientSecret) {
    throw new AppError(404, 'not_found', 'Payment not found', { clientSecret: 'No such payment' });
  }
  const card = { cardNumber: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear, cvc: input.cvc };
  const problem = validateCard(card, clock.now());
  if (problem) {
    return {
      status: 400 as const,
      body: {
        status: payment.status,
        error: { type: 'validation_error', ...problem, fields: { [cardField(problem.code)]: problem.message } },
      },
    };
  }

  await database.write((tx) => markProcessing(tx, payment.id, clock.now(), siteOf(deps)));
  const result = await provider.confirmCardPayment(input.clientSecret, card);
  for (const event of await provider.emittedEvents(payment.providerPaymentId)) await applyEvent(deps, event);
  const after = (await findPayment(database.db, payment.id)) ?? payment;

  if ('error' in result) {
    const { type, code, message, decline_code } = result.error;
    const error = { type, code, message, ...(decline_code ? { declineCode: decline_code } : {}) };
    const status = type === 'card_error' ? 402 : code === 'payment_intent_unexpected_state' ? 409 : 400;
    return { status: status as 400 | 402 | 409, body: { status: after.status, error } };
  }
  return { status: 200 as const, body: { status: after.status } };
}

/**
 * A provider webhook: verified by its signature on the raw body, then applied once by its id, in
 * any order. A genuine event of a type the server does not use is received and ignored.
 */
export async function receiveWebhook(
  deps: PaymentDeps,
  actor: Actor,
  request: { rawBody: string; signature: string | undefined },
) {
  // Whoever delivers it, the provider's signature is what makes an event true.
  requirePublic(actor);
  const { rawBody, signature } = request;
  const event = await deps.payments.parseWebhook(rawBody, signature);
  if (!event) return { received: true, applied: false, duplicate: false };
  if (event.type === 'account_updated') {
    const applied = await receiveAccountEvent(deps, event);
    return { received: true, applied, duplicate: !applied };
  }
  const result = await applyEvent(deps, event);
  return { received: true, applied: !result.duplicate, duplicate: result.duplicate };
}

/** A payment as one actor sees it, and whether they may refund it now (the refund's own checks). */
export interface PaymentAnswer {
  data: Data<Payment>;
  refundable: boolean;
}

/**
 * Whether `refundPayment` would take this refund: an administrator, a payment of the configured
 * provider, and something left to refund (payment-state.ts `checkRefund`).
 */
export function mayRefund(row: PaymentRow, actor: Actor, provider: string): boolean {
  return isAdmin(actor) && row.provider === provider && checkRefund(row).ok;
}

/** A withdrawal's refund, in administrators' words (`refundReasonFor`). */
export const ADMIN_CLEANER_WITHDREW = 'Cleaner withdrew';

/**
 * A refund's reason as `actor` reads it. A withdrawal's refund is stored in the customer's words,
 * "Your cleaner withdrew" (decision 071); an administrator reads who withdrew and why instead:
 * "Cleaner withdrew: <the reason the cleaner gave>". Every other reason reads the same to everyone.
 */
export function refundReasonFor(
  row: Pick<PaymentView, 'refundReason' | 'cancellationKind' | 'cancelReason'>,
  actor: Actor,
): string | null {
  if (!isAdmin(actor) || row.cancellationKind !== 'withdrawn' || row.refundReason !== CLEANER_WITHDREW) {
    return row.refundReason;
  }
  return row.cancelReason ? `${ADMIN_CLEANER_WITHDREW}: ${row.cancelReason}` : ADMIN_CLEANER_WITHDREW;
}

export function paymentAnswer(row: PaymentView, actor: Actor, provider: string): PaymentAnswer {
  return {
    data: { ...toPayment(row), refundReason: refundReasonFor(row, actor) },
    refundable: mayRefund(row, actor, provider),
  };
}

/** The payments an actor may see with the dashboard summary: an administrator all, a customer their own. */
export async function paymentsFor(
  deps: Pick<PaymentDeps, 'database' | 'payments'>,
  actor: Actor,
  query: z.output<typeof PaymentListQuery>,
) {
  requirePersonOrAdmin(actor);
  const scope = isAdmin(actor) ? ('all' as const) : { customerId: userIdOf(actor) as number };
  const { db } = deps.database;
  const [list, summary] = await Promise.all([
    listPayments(db, scope, query.status, query.page, query.pageSize),
    summarisePayments(db, scope),
  ]);
  const { rows, ...page } = list;
  return { ...page, items: rows.map((row) => paymentAnswer(row, actor, deps.payments.name)), summary };
}

/** One payment: its customer's, or any for an administrator; 404 for anyone else. */
export async function getPayment(
  deps: Pick<PaymentDeps, 'database' | 'payments'>,
  actor: Actor,
  id: number,
): Promise<PaymentAnswer> {
  requirePersonOrAdmin(actor);
  const row = await findPayment(deps.database.db, id);
  const userId = userIdOf(actor);
  if (!row || (!isAdmin(actor) && (userId === null || row.customerId !== userId))) throw notFound('Payment');
  return paymentAnswer(row, actor, deps.payments.name);
}

export { toPayment };
