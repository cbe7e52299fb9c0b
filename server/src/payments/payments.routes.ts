import { dollarsToCents } from '@spotless/sdk';
import {
  IdParam,
  LocalConfirmInput,
  LocalConfirmResult,
  PaymentIntentCreated,
  PaymentIntentInput,
  PaymentListQuery,
  PaymentPage,
  RefundInput,
  RefundResult,
} from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import { assertOwner, getActor, requireAdmin, requireUser } from '../auth/guards';
import type { AppEnv } from '../deps';
import { AppError, notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { idempotent } from './idempotency';
import { LOCAL_SIGNATURE_HEADER, LocalPaymentProvider, validateCard } from './local-provider';
import {
  bookingPayments,
  eventsFromIntent,
  findBookingForPayment,
  findPayment,
  findPaymentByProviderId,
  insertPayment,
  listPayments,
  markProcessing,
  summarisePayments,
  toPayment,
} from './payments.queries';
import { applyEvent, providerErrorToAppError, refundPayment } from './payments.service';
import { type PaymentIntent, WebhookSignatureError } from './provider';

const CHARGED = new Set(['succeeded', 'refunded', 'disputed']);
const PAYABLE_BOOKING = new Set(['pending', 'confirmed']);

/** A dollar figure from the client (number or decimal string) in cents; 400 naming `field` when malformed. */
function parseDollars(value: string | number, field: string): number {
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

function assertPayable(booking: { status: string; paymentStatus: string } | undefined) {
  if (!booking) throw notFound('Booking');
  if (!PAYABLE_BOOKING.has(booking.status)) {
    throw new AppError(409, 'booking_not_payable', `A ${booking.status.replace('_', ' ')} booking cannot be paid`);
  }
  if (CHARGED.has(booking.paymentStatus)) {
    throw new AppError(409, 'already_paid', 'This booking has already been paid');
  }
}

/** Stripe.js's field for each of its card-form error codes. */
function cardField(code: string): string {
  if (code.includes('number')) return 'cardNumber';
  if (code.includes('month') || code === 'invalid_expiry_month_past') return 'expMonth';
  if (code.includes('year')) return 'expYear';
  return 'cvc';
}

async function withProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerErrorToAppError(error);
  }
}

export const paymentsRoutes = new Hono<AppEnv>()
  .post(
    '/create-payment-intent',
    describe({
      summary: 'Start (or resume) paying for a booking',
      description:
        'The signed-in customer of the booking only. The charge is always the booking’s total as the server computed it; `amount` is only compared with it (409 `amount_mismatch` when different). One intent per booking and total: calling again answers the same client secret. Honours `Idempotency-Key`.',
      tags: ['payments'],
      access: 'customer (own booking)',
      responses: {
        200: { description: 'The client secret to confirm the card payment with', schema: PaymentIntentCreated },
        400: { description: 'A field is malformed' },
        401: { description: 'Signed out' },
        404: { description: 'No such booking (or not yours)' },
        409: { description: 'Amount differs from the booking total, the booking is not payable, or already paid' },
        422: { description: 'Idempotency-Key reused with another body' },
        503: { description: 'The payment provider is unavailable' },
      },
    }),
    valid('json', PaymentIntentInput),
    async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      const { database, payments: provider, clock, config } = c.var.deps;
      return idempotent(c, `payment-intent:${user.id}`, input, async () => {
        const booking = await findBookingForPayment(database.db, input.bookingId);
        if (!booking) throw notFound('Booking');
        assertOwner(booking.customerId, { userId: user.id, isAdmin: false }, 'Booking');
        if (input.amount !== undefined && input.amount !== '') {
          const quoted = parseDollars(input.amount, 'amount');
          if (quoted !== booking.totalPriceCents) {
            const total = (booking.totalPriceCents / 100).toFixed(2);
            throw new AppError(409, 'amount_mismatch', `The booking total is $${total}`, {
              amount: `must equal the booking total, ${total}`,
            });
          }
        }
        assertPayable(booking);

        const existing = await bookingPayments(database.db, booking.id, provider.name);
        let reuse: { row: (typeof existing)[number]; intent: PaymentIntent } | undefined;
        for (const candidate of existing) {
          if (CHARGED.has(candidate.status)) {
            throw new AppError(409, 'already_paid', 'This booking has already been paid');
          }
          if (candidate.amountCents !== booking.totalPriceCents || reuse !== undefined) continue;
          const found = await withProvider(() => provider.retrieve(candidate.providerPaymentId));
          if (!found) continue;
          if (CHARGED.has(found.status)) {
            // We missed the provider's word that this was paid: record it now rather than charge twice.
            for (const event of eventsFromIntent(found, clock.now())) await applyEvent(c.var.deps, event);
            throw new AppError(409, 'already_paid', 'This booking has already been paid');
          }
          if (found.clientSecret) reuse = { row: candidate, intent: found };
        }

        const { row, intent } =
          reuse ??
          (await (async () => {
            const created = await withProvider(() =>
              provider.createPaymentIntent({
                amountCents: booking.totalPriceCents,
                currency: 'usd',
                bookingId: booking.id,
                customerId: user.id,
                // Concurrent first calls for one booking share the key, so the provider makes one intent.
                idempotencyKey: `spotless-booking-${booking.id}-${booking.totalPriceCents}-${existing.length}`,
              }),
            );
            const inserted = await database.write(async (tx) => {
              assertPayable(await findBookingForPayment(tx, booking.id));
              return insertPayment(
                tx,
                { bookingId: booking.id, customerId: user.id, provider: provider.name, intent: created },
                clock.now(),
              );
            });
            return { row: inserted, intent: created };
          })());
        const publishableKey = provider.name === 'stripe' ? config.stripe?.publishableKey : undefined;
        return {
          status: 200 as const,
          body: {
            clientSecret: intent.clientSecret,
            paymentId: row.id,
            provider: provider.name,
            ...(publishableKey ? { publishableKey } : {}),
            amount: (row.amountCents / 100).toFixed(2),
            currency: row.currency,
            status: row.status,
          },
        };
      });
    },
  )
  .post(
    '/payments/local/confirm',
    describe({
      summary: 'Confirm a card payment (local test-mode provider)',
      description:
        'What `stripe.confirmCardPayment` does, for the embedded test-mode provider: Stripe’s test cards and messages (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined). The client secret is the credential, as with Stripe.js. The outcome is applied exactly as a webhook would be. 404 when Stripe is configured.',
      tags: ['payments'],
      access: 'holder of the client secret',
      responses: {
        200: { description: 'Paid', schema: LocalConfirmResult },
        400: {
          description: 'A card field is incomplete or invalid (named in `error.fields`)',
          schema: LocalConfirmResult,
        },
        402: { description: 'The card was declined; `error.message` is Stripe’s', schema: LocalConfirmResult },
        404: { description: 'No such payment, or the local provider is not in use' },
        409: { description: 'Already paid' },
      },
    }),
    valid('json', LocalConfirmInput),
    async (c) => {
      const { database, payments: provider, clock } = c.var.deps;
      if (!(provider instanceof LocalPaymentProvider)) {
        throw new AppError(404, 'not_found', 'Local test-mode payments are not enabled: confirm with Stripe.js');
      }
      const input = c.req.valid('json');
      const providerPaymentId = /^(pi_local_[0-9a-f]+)_secret_[0-9a-f]+$/.exec(input.clientSecret)?.[1];
      const payment = providerPaymentId
        ? await findPaymentByProviderId(database.db, 'local', providerPaymentId)
        : undefined;
      const intent = payment ? await provider.retrieve(payment.providerPaymentId) : null;
      if (!payment || !intent || intent.clientSecret !== input.clientSecret) {
        throw new AppError(404, 'not_found', 'Payment not found', { clientSecret: 'No such payment' });
      }
      const card = { cardNumber: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear, cvc: input.cvc };
      const problem = validateCard(card, clock.now());
      if (problem) {
        return c.json(
          {
            status: payment.status,
            error: { type: 'validation_error', ...problem, fields: { [cardField(problem.code)]: problem.message } },
          },
          400,
        );
      }

      await database.write((tx) => markProcessing(tx, payment.id, clock.now()));
      const result = await provider.confirmCardPayment(input.clientSecret, card);
      for (const event of provider.emittedEvents(payment.providerPaymentId)) await applyEvent(c.var.deps, event);
      const after = (await findPayment(database.db, payment.id)) ?? payment;

      if ('error' in result) {
        const { type, code, message, decline_code } = result.error;
        const error = { type, code, message, ...(decline_code ? { declineCode: decline_code } : {}) };
        const status = type === 'card_error' ? 402 : code === 'payment_intent_unexpected_state' ? 409 : 400;
        return c.json({ status: after.status, error }, status);
      }
      return c.json({ status: after.status }, 200);
    },
  )
  .get(
    '/payments',
    describe({
      summary: 'Payments, with the dashboard summary',
      description:
        'A customer sees their own payments; an administrator sees all. `status` filters the list (`paid` means succeeded; omit for all); `summary` covers every payment the caller may see.',
      tags: ['payments'],
      access: 'signed-in user (own) / admin (all)',
      responses: {
        200: { description: 'One page of payments, newest first, and the summary', schema: PaymentPage },
        400: { description: 'Unknown status or bad page' },
        401: { description: 'Signed out' },
      },
    }),
    valid('query', PaymentListQuery),
    async (c) => {
      const actor = getActor(c);
      const scope = actor.isAdmin ? ('all' as const) : { customerId: requireUser(c).id };
      const { status, page, pageSize } = c.req.valid('query');
      const { db } = c.var.deps.database;
      const [list, summary] = await Promise.all([
        listPayments(db, scope, status, page, pageSize),
        summarisePayments(db, scope),
      ]);
      return c.json({ ...list, summary });
    },
  )
  .post(
    '/payments/:id/refund',
    describe({
      summary: 'Refund a payment (administrators)',
      description:
        'Only a succeeded (or partly refunded) payment; `amount` is a decimal string, blank for everything left; never more than what is left. Concurrent requests refund once. Honours `Idempotency-Key`.',
      tags: ['payments'],
      access: 'admin',
      responses: {
        200: { description: 'The refund and the payment after it', schema: RefundResult },
        400: { description: 'A field is malformed' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        404: { description: 'No such payment' },
        409: { description: 'Not refundable, or more than what is left' },
        503: { description: 'The payment provider is unavailable; the refund is retried by the reconciliation job' },
      },
    }),
    valid('param', z.object({ id: IdParam })),
    valid('json', RefundInput),
    async (c) => {
      const admin = requireAdmin(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const amount = input.amount;
      const amountCents =
        amount === undefined || amount === null || amount === '' ? undefined : parseDollars(amount, 'amount');
      const reason = input.reason ? input.reason : null;
      return idempotent(c, `refund:${id}`, input, async () => {
        const result = await refundPayment(c.var.deps, {
          paymentId: id,
          amountCents,
          reason,
          actorUserId: admin.userId,
        });
        return {
          status: 200 as const,
          body: {
            refund: {
              id: result.refund.id,
              amount: (result.refund.amountCents / 100).toFixed(2),
              reason: result.refund.reason,
              status: result.refund.status,
              providerRefundId: result.refund.providerRefundId,
            },
            payment: toPayment(result.payment),
          },
        };
      });
    },
  )
  .post(
    '/webhooks/stripe',
    describe({
      summary: 'Payment provider webhooks',
      description:
        'Stripe’s events (payment_intent.succeeded, payment_intent.payment_failed, charge.refunded, charge.dispute.created), verified by the `Stripe-Signature` header on the raw body; with the local provider, its own signed deliveries (`Spotless-Signature`). Each event is applied once by its id, in any order. A bad signature is 400 and changes nothing.',
      tags: ['payments'],
      access: 'the payment provider (signature)',
      responses: {
        200: { description: 'Received (applied, a duplicate, or a type the server does not use)' },
        400: { description: 'Missing or invalid signature' },
      },
    }),
    async (c) => {
      const provider = c.var.deps.payments;
      const rawBody = await c.req.text();
      const header = c.req.header(provider.name === 'stripe' ? 'stripe-signature' : LOCAL_SIGNATURE_HEADER);
      let event: Awaited<ReturnType<typeof provider.parseWebhook>>;
      try {
        event = await provider.parseWebhook(rawBody, header);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError(400, 'invalid_signature', error.message);
        throw error;
      }
      if (!event) return c.json({ received: true, applied: false, duplicate: false }, 200);
      const result = await applyEvent(c.var.deps, event);
      return c.json({ received: true, applied: !result.duplicate, duplicate: result.duplicate }, 200);
    },
  );
