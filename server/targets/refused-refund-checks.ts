import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';

/**
 * A cancellation whose refund the card's bank refuses, on the three targets (decision 075), checked
 * within the reviews' target file (reviews.targets.ts): the demo customer books the demo cleaner and
 * pays with the test card whose bank refuses refunds (4000 0000 0000 5126), cancels two days ahead,
 * and the booking stays cancelled, says the refund did not go through and what happens next, on
 * every later read; nothing is refunded.
 */
export function refusedRefundChecks(on: OnTarget): void {
  const { call } = on;

  it('tells the customer a refused refund on the cancelled booking, and moves no money', async () => {
    const customer = await on.signIn('customer@example.com');
    const cleanerCookie = await on.signIn('cleaner@example.com');
    const cleanerId = (await call('/api/cleaners/profile', { cookie: cleanerCookie })).body.id as number;

    // A free two hours of the demo cleaner, far ahead of the other checks' bookings.
    let when: Json | undefined;
    for (let offset = 210; offset < 290 && !when; offset++) {
      const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const slots = await call(`/api/cleaners/${cleanerId}/slots/${date}?duration=120`);
      const free = slots.body.items?.find((s: Json) => s.isAvailable && s.startTime >= '09:00');
      if (free) when = { scheduledDate: date, scheduledTime: free.startTime };
    }
    expect(when, 'a free two hours').toBeDefined();
    const body = { cleanerId, serviceId: 1, address: '410 Congress Ave, Austin, TX 78701', duration: 120, ...when };
    const quote = await call('/api/bookings', {
      method: 'POST',
      body: { ...body, totalPrice: '1.00' },
      cookie: customer,
    });
    const made = await call('/api/bookings', {
      method: 'POST',
      body: { ...body, totalPrice: quote.body.error.currentPrice },
      cookie: customer,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const pay = made.body.actions.pay as Json;
    const intent = await call(pay.href, { method: pay.method, body: { bookingId: made.body.id }, cookie: customer });
    const confirm = await call('/api/payments/local/confirm', {
      method: 'POST',
      body: {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4000000000005126',
        expMonth: 12,
        expYear: 2035,
        cvc: '123',
      },
      cookie: customer,
    });
    expect(confirm.body.status).toBe('succeeded');

    const href = made.body.links.self.href as string;
    const cancel = (await call(href, { cookie: customer })).body.actions.cancel as Json;
    const cancelled = await call(cancel.href, { method: cancel.method, cookie: customer });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'succeeded',
      refund: { amount: made.body.totalPrice, status: 'failed', note: expect.stringContaining('did not go through') },
    });
    expect((await call(href, { cookie: customer })).body.refund).toEqual(cancelled.body.refund);
  });
}
