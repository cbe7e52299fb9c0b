import { describe, expect, it } from 'vitest';
import { PaymentProviderError, type ProviderEvent, WebhookSignatureError } from '../lib/payment-provider';
import { type CardDetails, LocalPaymentProvider, luhnValid, validateCard } from './local-provider';
import { applyProviderEvent, newPaymentState } from './payment-state';

function setup() {
  const clock = { current: new Date('2026-11-22T04:00:00.000Z'), now: () => clock.current };
  const provider = new LocalPaymentProvider({ clock, webhookSecret: 'whsec_test' });
  const received: ProviderEvent[] = [];
  provider.subscribe((event) => {
    received.push(event);
  });
  return { clock, provider, received };
}

const card = (cardNumber: string, extra: Partial<CardDetails> = {}): CardDetails => ({
  cardNumber,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...extra,
});

let keys = 0;
const intentInput = (over: Record<string, unknown> = {}) => ({
  amountCents: 10_500,
  currency: 'usd',
  bookingId: 1,
  customerId: 9,
  idempotencyKey: `key-${++keys}`,
  ...over,
});

async function expectProviderError(promise: Promise<unknown>, code: string, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).code).toBe(code);
  if (message) expect((error as Error).message).toMatch(message);
}

describe('LocalPaymentProvider: payment intents', () => {
  it('creates an intent with a Stripe-shaped id and client secret, awaiting a card', async () => {
    const { provider } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    expect(intent.providerPaymentId).toMatch(/^pi_local_[0-9a-f]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.providerPaymentId}_secret_[0-9a-f]{24}$`));
    expect(intent).toMatchObject({ status: 'pending', amountCents: 10_500, currency: 'usd', refundedCents: 0 });
    expect(await provider.retrieve(intent.providerPaymentId)).toEqual(intent);
    expect(await provider.retrieve('pi_local_missing')).toBeNull();
  });

  it('honours idempotency keys: same key and input → same intent; other input → conflict', async () => {
    const { provider } = setup();
    const first = await provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1' }));
    const again = await provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1' }));
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect(again.clientSecret).toBe(first.clientSecret);
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1', amountCents: 10_501 })),
      'idempotency_conflict',
      /Keys for idempotent requests can only be used with the same parameters/,
    );
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1', bookingId: 2 })),
      'idempotency_conflict',
    );
    const other = await provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-2' }));
    expect(other.providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('rejects bad amounts, currencies and keys', async () => {
    const { provider } = setup();
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ amountCents: 49 })),
      'invalid_amount',
      'Amount must be at least $0.50 usd',
    );
    await expectProviderError(provider.createPaymentIntent(intentInput({ amountCents: 0 })), 'invalid_amount');
    await expectProviderError(provider.createPaymentIntent(intentInput({ amountCents: 10.5 })), 'invalid_amount');
    await expectProviderError(provider.createPaymentIntent(intentInput({ currency: 'USD' })), 'invalid_request');
    await expectProviderError(provider.createPaymentIntent(intentInput({ idempotencyKey: '' })), 'invalid_request');
    expect((await provider.createPaymentIntent(intentInput({ amountCents: 50 }))).amountCents).toBe(50);
  });
});

describe('LocalPaymentProvider: confirming a card', () => {
  it('succeeds with 4242 4242 4242 4242 (spaces allowed) and emits one payment_succeeded', async () => {
    const { provider, received, clock } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    const result = await provider.confirmCardPayment(intent.clientSecret, card('4242 4242 4242 4242'));
    expect(result).toEqual({
      paymentIntent: { id: intent.providerPaymentId, status: 'succeeded', amount: 10_500, currency: 'usd' },
    });
    expect((await provider.retrieve(intent.providerPaymentId))?.status).toBe('succeeded');
    expect(received).toEqual([
      {
        id: expect.stringMatching(/^evt_local_[0-9a-f]{24}$/),
        type: 'payment_succeeded',
        providerPaymentId: intent.providerPaymentId,
        amountCents: 10_500,
        createdAt: clock.current,
      },
    ]);
    expect(await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'))).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      },
    });
    expect(received).toHaveLength(1);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 9987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000 0000 0000 9979', 'card_declined', 'stolen_card', 'Your card was declined.'],
    ['4000 0000 0000 0069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
    [
      '4000 0000 0000 0119',
      'processing_error',
      undefined,
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('declines %s with Stripe’s message, records it and allows a retry', async (number, code, declineCode, message) => {
    const { provider, received } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    const result = await provider.confirmCardPayment(intent.clientSecret, card(number));
    const error = declineCode
      ? { type: 'card_error', code, decline_code: declineCode, message }
      : { type: 'card_error', code, message };
    expect(result).toEqual({ error });
    expect(await provider.retrieve(intent.providerPaymentId)).toMatchObject({
      status: 'failed',
      failureReason: message,
    });
    expect(received.map((e) => [e.type, e.failureReason])).toEqual([['payment_failed', message]]);
    expect(await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'))).toHaveProperty(
      'paymentIntent',
    );
    expect(await provider.retrieve(intent.providerPaymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('declines a real (non-test) card number like Stripe test mode', async () => {
    const { provider } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    const result = await provider.confirmCardPayment(intent.clientSecret, card('4111 1111 1111 1111'));
    expect(result).toMatchObject({ error: { code: 'card_declined', decline_code: 'test_mode_live_card' } });
    expect('error' in result && result.error.message).toMatch(
      /^Your card was declined\. Your request was in test mode/,
    );
  });

  it('accepts the other success cards, including American Express with a 4-digit code', async () => {
    const { provider } = setup();
    for (const [number, cvc] of [
      ['5555 5555 5555 4444', '123'],
      ['4000 0566 5566 5556', '123'],
      ['3782 822463 10005', '1234'],
    ] as const) {
      const intent = await provider.createPaymentIntent(intentInput());
      expect(await provider.confirmCardPayment(intent.clientSecret, card(number, { cvc }))).toHaveProperty(
        'paymentIntent',
      );
    }
  });

  it('answers card-form mistakes without an attempt or an event', async () => {
    const { provider, received } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    const cases: Array<[CardDetails, string, string]> = [
      [card(''), 'incomplete_number', 'Your card number is incomplete.'],
      [card('4242 4242 4242'), 'incomplete_number', 'Your card number is incomplete.'],
      [card('4242 4242 4242 4241'), 'invalid_number', 'Your card number is invalid.'],
      [card('4242-4242-4242-4242'), 'invalid_number', 'Your card number is invalid.'],
      [card('4242 4242 4242 4242 4'), 'invalid_number', 'Your card number is invalid.'],
      [card('4242424242424242', { expMonth: 13 }), 'invalid_expiry_month', "Your card's expiration month is invalid."],
      [card('4242424242424242', { expMonth: 0 }), 'invalid_expiry_month', "Your card's expiration month is invalid."],
      [
        card('4242424242424242', { expYear: 2025 }),
        'invalid_expiry_year_past',
        "Your card's expiration year is in the past.",
      ],
      [
        card('4242424242424242', { expYear: 25 }),
        'invalid_expiry_year_past',
        "Your card's expiration year is in the past.",
      ],
      [
        card('4242424242424242', { expYear: 2026, expMonth: 10 }),
        'invalid_expiry_month_past',
        "Your card's expiration date is in the past.",
      ],
      [card('4242424242424242', { expYear: 2077 }), 'invalid_expiry_year', "Your card's expiration year is invalid."],
      [card('4242424242424242', { cvc: '12' }), 'incomplete_cvc', "Your card's security code is incomplete."],
      [card('4242424242424242', { cvc: '12a' }), 'invalid_cvc', "Your card's security code is invalid."],
      [card('4242424242424242', { cvc: '1234' }), 'invalid_cvc', "Your card's security code is invalid."],
      [card('378282246310005', { cvc: '123' }), 'incomplete_cvc', "Your card's security code is incomplete."],
    ];
    for (const [details, code, message] of cases) {
      expect(await provider.confirmCardPayment(intent.clientSecret, details), details.cardNumber).toEqual({
        error: { type: 'validation_error', code, message },
      });
    }
    expect(received).toEqual([]);
    expect(await provider.retrieve(intent.providerPaymentId)).toMatchObject({ status: 'pending', failureReason: null });
  });

  it('treats a card as valid through the end of its expiry month', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(validateCard(card('4242424242424242', { expMonth: 11, expYear: 2026 }), now)).toBeNull();
    expect(validateCard(card('4242424242424242', { expMonth: 11, expYear: 26 }), now)).toBeNull();
    expect(
      validateCard(card('4242424242424242', { expMonth: 11, expYear: 2026 }), new Date('2026-12-01T00:00:00Z')),
    ).toMatchObject({ code: 'invalid_expiry_month_past' });
  });

  it('refuses an unknown or forged client secret', async () => {
    const { provider } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    const forged = `${intent.providerPaymentId}_secret_000000000000000000000000`;
    for (const secret of [forged, 'pi_local_abc_secret_def', 'nonsense']) {
      expect(await provider.confirmCardPayment(secret, card('4242424242424242'))).toMatchObject({
        error: { type: 'invalid_request_error', code: 'resource_missing' },
      });
    }
  });
});

describe('luhnValid', () => {
  it('accepts every test card and catches every single-digit change', () => {
    const numbers = [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '378282246310005',
      '5555555555554444',
    ];
    for (const n of numbers) {
      expect(luhnValid(n)).toBe(true);
      for (let i = 0; i < n.length; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === n[i]) continue;
          expect(luhnValid(n.slice(0, i) + d + n.slice(i + 1)), `${n} digit ${i} → ${d}`).toBe(false);
        }
      }
    }
    expect(luhnValid('')).toBe(false);
  });
});

describe('LocalPaymentProvider: refunds and disputes', () => {
  async function paidIntent(provider: LocalPaymentProvider) {
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    return intent.providerPaymentId;
  }

  it('refunds in parts, reports running totals, and never more than the amount', async () => {
    const { provider, received } = setup();
    const id = await paidIntent(provider);
    const part = await provider.refund({ providerPaymentId: id, amountCents: 3000, idempotencyKey: 'r1' });
    expect(part).toMatchObject({
      status: 'succeeded',
      amountCents: 3000,
      providerRefundId: expect.stringMatching(/^re_local_/),
    });
    expect(await provider.retrieve(id)).toMatchObject({ status: 'succeeded', refundedCents: 3000 });
    await expectProviderError(
      provider.refund({ providerPaymentId: id, amountCents: 7501, idempotencyKey: 'r2' }),
      'refund_exceeds_amount',
      'Refund amount ($75.01) is greater than unrefunded amount on charge ($75.00)',
    );
    const rest = await provider.refund({ providerPaymentId: id, idempotencyKey: 'r3' });
    expect(rest.amountCents).toBe(7500);
    expect(await provider.retrieve(id)).toMatchObject({ status: 'refunded', refundedCents: 10_500 });
    await expectProviderError(
      provider.refund({ providerPaymentId: id, amountCents: 1, idempotencyKey: 'r4' }),
      'not_refundable',
    );
    expect(received.filter((e) => e.type === 'refunded').map((e) => e.refundedCents)).toEqual([3000, 10_500]);
  });

  it('refunds once per idempotency key', async () => {
    const { provider, received } = setup();
    const id = await paidIntent(provider);
    const a = await provider.refund({ providerPaymentId: id, amountCents: 1000, idempotencyKey: 'same' });
    const b = await provider.refund({ providerPaymentId: id, amountCents: 1000, idempotencyKey: 'same' });
    expect(b).toEqual(a);
    expect((await provider.retrieve(id))?.refundedCents).toBe(1000);
    expect(received.filter((e) => e.type === 'refunded')).toHaveLength(1);
    await expectProviderError(
      provider.refund({ providerPaymentId: id, amountCents: 2000, idempotencyKey: 'same' }),
      'idempotency_conflict',
    );
  });

  it('refuses refunds of unpaid, unknown, disputed payments and bad amounts', async () => {
    const { provider } = setup();
    const unpaid = await provider.createPaymentIntent(intentInput());
    await expectProviderError(
      provider.refund({ providerPaymentId: unpaid.providerPaymentId, idempotencyKey: 'u' }),
      'not_refundable',
      'This PaymentIntent does not have a successful charge to refund.',
    );
    await expectProviderError(provider.refund({ providerPaymentId: 'pi_local_x', idempotencyKey: 'x' }), 'not_found');
    const id = await paidIntent(provider);
    for (const [i, amountCents] of [0, -5, 2.5].entries()) {
      await expectProviderError(
        provider.refund({ providerPaymentId: id, amountCents, idempotencyKey: `bad${i}` }),
        'invalid_amount',
      );
    }
    await provider.simulateDispute(id);
    await expectProviderError(provider.refund({ providerPaymentId: id, idempotencyKey: 'd' }), 'not_refundable');
  });

  it('disputes a payment made with 4000 0000 0000 0259 right after it succeeds', async () => {
    const { provider, received } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    expect(await provider.confirmCardPayment(intent.clientSecret, card('4000000000000259'))).toHaveProperty(
      'paymentIntent',
    );
    expect(received.map((e) => e.type)).toEqual(['payment_succeeded', 'disputed']);
    expect((await provider.retrieve(intent.providerPaymentId))?.status).toBe('disputed');
  });
});

describe('LocalPaymentProvider: webhooks', () => {
  it('signs every delivery so parseWebhook returns the same event', async () => {
    const { provider } = setup();
    const deliveries: Array<{ event: ProviderEvent; rawBody: string; signatureHeader: string }> = [];
    provider.subscribe((event, delivery) => {
      deliveries.push({ event, ...delivery });
    });
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4000000000000002'));
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    await provider.refund({ providerPaymentId: intent.providerPaymentId, amountCents: 500, idempotencyKey: 'w' });
    expect(deliveries.map((d) => d.event.type)).toEqual(['payment_failed', 'payment_succeeded', 'refunded']);
    for (const d of deliveries) {
      expect(d.signatureHeader).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(await provider.parseWebhook(d.rawBody, d.signatureHeader)).toEqual(d.event);
    }
    expect((await provider.emittedEvents(intent.providerPaymentId)).map((e) => e.id)).toEqual(
      deliveries.map((d) => d.event.id),
    );
  });

  it('rejects a missing, malformed, tampered, foreign or stale signature', async () => {
    const { provider, clock } = setup();
    const event: ProviderEvent = {
      id: 'evt_1',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_local_1',
      amountCents: 100,
      createdAt: clock.current,
    };
    const { rawBody, signatureHeader } = await provider.signedDelivery(event);
    const reject = async (body: string, header: string | null | undefined) =>
      expect(provider.parseWebhook(body, header)).rejects.toBeInstanceOf(WebhookSignatureError);
    await reject(rawBody, null);
    await reject(rawBody, undefined);
    await reject(rawBody, '');
    await reject(rawBody, 'v1=abc');
    await reject(rawBody, signatureHeader.replace(/v1=.*/, 'v1=zz'));
    await reject(rawBody.replace('100', '999'), signatureHeader);
    await reject(
      rawBody,
      (await new LocalPaymentProvider({ clock, webhookSecret: 'other' }).signedDelivery(event)).signatureHeader,
    );
    // Stripe may send several v1 signatures while rotating secrets: one good one is enough.
    expect(await provider.parseWebhook(rawBody, `${signatureHeader},v1=${'0'.repeat(64)}`)).toEqual(event);
    expect(
      await provider.parseWebhook(
        rawBody,
        `t=${signatureHeader.slice(2).split(',')[0]},v1=${'0'.repeat(64)},${signatureHeader.split(',')[1]}`,
      ),
    ).toEqual(event);
    // five minutes of clock skew are tolerated, one second more is not
    clock.current = new Date(clock.current.getTime() + 300_000);
    expect(await provider.parseWebhook(rawBody, signatureHeader)).toEqual(event);
    clock.current = new Date(clock.current.getTime() + 1000);
    await reject(rawBody, signatureHeader);
  });

  it('returns null for a genuine event of a type the server does not use', async () => {
    const { provider, clock } = setup();
    const { rawBody, signatureHeader } = await provider.signedDelivery({
      id: 'evt_2',
      type: 'payment_intent.created' as never,
      providerPaymentId: 'pi_local_1',
      amountCents: 100,
      createdAt: clock.current,
    });
    expect(await provider.parseWebhook(rawBody, signatureHeader)).toBeNull();
  });

  it('keeps the payment when a subscriber fails, and redelivers the event later', async () => {
    const { provider } = setup();
    let fail = true;
    const seen: string[] = [];
    provider.subscribe((event) => {
      if (fail) throw new Error('database down');
      seen.push(event.id);
    });
    const intent = await provider.createPaymentIntent(intentInput());
    expect(await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'))).toHaveProperty(
      'paymentIntent',
    );
    expect(provider.failedDeliveryCount).toBe(1);
    fail = false;
    await provider.redeliverFailed();
    expect(provider.failedDeliveryCount).toBe(0);
    expect(seen).toEqual([(await provider.emittedEvents())[0]!.id]);
  });

  it('stops delivering after unsubscribe', async () => {
    const provider = new LocalPaymentProvider();
    const seen: ProviderEvent[] = [];
    const unsubscribe = provider.subscribe((e) => {
      seen.push(e);
    });
    unsubscribe();
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    expect(seen).toEqual([]);
  });

  it('drives a payment record through payment-state to the provider’s own view', async () => {
    const { provider } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    let state = newPaymentState(intent.amountCents);
    provider.subscribe(async (_event, delivery) => {
      const parsed = await provider.parseWebhook(delivery.rawBody, delivery.signatureHeader);
      if (parsed) state = applyProviderEvent(state, parsed);
    });
    await provider.confirmCardPayment(intent.clientSecret, card('4000000000009995'));
    expect(state).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.' });
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    await provider.refund({ providerPaymentId: intent.providerPaymentId, amountCents: 500, idempotencyKey: 's1' });
    const snapshot = await provider.retrieve(intent.providerPaymentId);
    expect(state).toMatchObject({ status: snapshot!.status, refundedCents: snapshot!.refundedCents });
    await provider.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: 's2' });
    expect(state).toMatchObject({ status: 'refunded', refundedCents: 10_500 });
  });
});
