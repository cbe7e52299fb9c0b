import { describe, expect, it } from 'vitest';
import { card, intentInput, setup } from '../test/local-provider-kit';
import { type CardDetails, luhnValid, validateCard } from './local-provider';

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
