import { expect } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';

/**
 * The demo customer books two free hours of the demo cleaner, from `fromDay` days ahead (so checks
 * that share a target meet no other's booking), and pays them with the local test card `cardNumber`.
 * Answers both sessions, the cleaner's id and the booking as made.
 */
/**
 * The demo customer books the demo cleaner's first free two hours from 9:00, `fromDay` to
 * `fromDay + within` days ahead, at the price the server quotes; unpaid. Answers both sessions, the
 * cleaner's id, the booking as made and its local time.
 */
export async function bookDemoCleaner(
  on: OnTarget,
  fromDay: number,
  within = 80,
): Promise<{ customer: string; cleanerCookie: string; cleanerId: number; made: Json; scheduledTime: string }> {
  const { call } = on;
  const customer = await on.signIn('customer@example.com');
  const cleanerCookie = await on.signIn('cleaner@example.com');
  const cleanerId = (await call('/api/cleaners/profile', { cookie: cleanerCookie })).body.id as number;
  let when: { scheduledDate: string; scheduledTime: string } | undefined;
  for (let offset = fromDay; offset < fromDay + within && !when; offset++) {
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
  return { customer, cleanerCookie, cleanerId, made: made.body, scheduledTime: when?.scheduledTime ?? '' };
}

export async function paidDemoBooking(
  on: OnTarget,
  fromDay: number,
  cardNumber: string,
  /** Pays the intent another way than the local card form (Stripe's loopback and its webhook). */
  payOther?: (clientSecret: string) => Promise<void>,
): Promise<{ customer: string; cleanerCookie: string; cleanerId: number; made: Json }> {
  const { call } = on;
  const { customer, cleanerCookie, cleanerId, made } = await bookDemoCleaner(on, fromDay);
  const pay = made.actions.pay as Json;
  const intent = await call(pay.href, { method: pay.method, body: { bookingId: made.id }, cookie: customer });
  if (payOther) {
    await payOther(intent.body.clientSecret as string);
    return { customer, cleanerCookie, cleanerId, made };
  }
  const confirm = await call('/api/payments/local/confirm', {
    method: 'POST',
    body: { clientSecret: intent.body.clientSecret, cardNumber, expMonth: 12, expYear: 2035, cvc: '123' },
    cookie: customer,
  });
  expect(confirm.body.status).toBe('succeeded');
  return { customer, cleanerCookie, cleanerId, made };
}
