import { describe, expect, it } from 'vitest';
import { LocalConfirmInput, PaymentIntentInput, PaymentListQuery, RefundInput } from '../schemas';
import { ApiError, createClient } from './index';

function recorder(status: number, body: unknown) {
  const calls: Array<{ url: string; method: string; body: unknown; headers: Record<string, string> }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, client: createClient({ fetch: fetch as typeof globalThis.fetch }) };
}

describe('client.payments', () => {
  it('calls the payment endpoints with the right method, path, body and Idempotency-Key', async () => {
    const { calls, client } = recorder(200, {});
    await client.payments.createIntent({ bookingId: 7, amount: 120 }, 'checkout-7');
    await client.payments.confirmLocal({
      clientSecret: 'pi_local_1_secret_2',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    await client.payments.list({ status: 'succeeded', page: 2 });
    await client.payments.list();
    await client.payments.refund(9, { amount: '25.00', reason: 'Late' }, 'refund-9');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/create-payment-intent',
      'POST /api/payments/local/confirm',
      'GET /api/payments?status=succeeded&page=2',
      'GET /api/payments',
      'POST /api/payments/9/refund',
    ]);
    expect(calls[0]?.body).toEqual({ bookingId: 7, amount: 120 });
    expect(calls[0]?.headers['Idempotency-Key']).toBe('checkout-7');
    expect(calls[1]?.headers['Idempotency-Key']).toBeUndefined();
    expect(calls[4]?.body).toEqual({ amount: '25.00', reason: 'Late' });
    expect(calls[4]?.headers['Idempotency-Key']).toBe('refund-9');
  });

  it('rejects a declined card with the provider’s message in the error body', async () => {
    const declined = {
      status: 'failed',
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    };
    const { client } = recorder(402, declined);
    const error = await client.payments
      .confirmLocal({ clientSecret: 's', cardNumber: '4000000000000002', expMonth: 1, expYear: 2030, cvc: '123' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect((error as ApiError).code).toBe('card_declined');
    expect(((error as ApiError).body as typeof declined).error.message).toBe('Your card was declined.');
  });
});

describe('payment schemas', () => {
  it('accept the checkout’s payloads and name bad fields', () => {
    expect(PaymentIntentInput.parse({ bookingId: '12', amount: '98.50' })).toEqual({ bookingId: 12, amount: '98.50' });
    expect(PaymentIntentInput.safeParse({ bookingId: 0 }).success).toBe(false);
    expect(PaymentListQuery.parse({ status: 'paid' }).status).toBe('succeeded');
    expect(PaymentListQuery.parse({ status: 'all' }).status).toBeUndefined();
    expect(PaymentListQuery.safeParse({ status: 'lost' }).success).toBe(false);
    expect(RefundInput.parse({})).toEqual({});
    expect(RefundInput.parse({ amount: '', reason: '  ' })).toEqual({ amount: '', reason: '' });
    const bad = LocalConfirmInput.safeParse({ cardNumber: '4242', expMonth: 'x', expYear: 2030, cvc: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['clientSecret', 'expMonth']);
  });
});
