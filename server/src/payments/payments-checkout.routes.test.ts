import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingStatusHistory, notifications, paymentEvents, payments } from '../db/schema';
import { CARD, DECLINE, paymentWorld } from '../test/payment-world';

/** Paying for a booking: the payment intent it is charged through, and the local provider's card form. */
const { ctx, provider, f, paymentRow, bookingRow, started, paid } = await paymentWorld();

describe('POST /api/create-payment-intent', () => {
  it('charges the booking total from the database, whatever the client says, and reuses one intent per booking', async () => {
    const customer = await f.customer();
    const booking = await f.booking(customer.id, 9_875);
    const call = f.as(customer.cookie);

    const mismatch = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: 1 });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error).toMatchObject({ code: 'amount_mismatch', fields: { amount: expect.any(String) } });
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);

    const first = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: 98.75 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ provider: 'local', amount: '98.75', currency: 'usd', status: 'pending' });
    expect(first.body.clientSecret).toMatch(/^pi_local_[0-9a-f]+_secret_[0-9a-f]+$/);
    expect(first.body.publishableKey).toBeUndefined();
    const intent = await provider.retrieve(first.body.clientSecret.split('_secret_')[0]);
    expect(intent?.amountCents).toBe(9_875);
    expect(intent?.bookingId).toBe(booking.id);

    const again = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: '98.75' });
    expect(again.body).toEqual(first.body);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: 9_875,
      customerId: customer.id,
      provider: 'local',
      status: 'pending',
    });
    expect((await bookingRow(booking.id))?.paymentStatus).toBe('pending');
  });

  it('answers 404 for another customer’s booking, 401 signed out, 400 naming bad fields, 409 for unpayable bookings', async () => {
    const owner = await f.customer();
    const stranger = await f.customer();
    const booking = await f.booking(owner.id);
    const strangerCall = f.as(stranger.cookie);
    expect((await strangerCall('POST', '/api/create-payment-intent', { bookingId: booking.id })).status).toBe(404);
    expect((await f.as(undefined)('POST', '/api/create-payment-intent', { bookingId: booking.id })).status).toBe(401);
    expect((await strangerCall('POST', '/api/create-payment-intent', { bookingId: 999_999 })).status).toBe(404);

    const bad = await strangerCall('POST', '/api/create-payment-intent', { bookingId: 'x', amount: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['bookingId', 'amount']));
    const badAmount = await f.as(owner.cookie)('POST', '/api/create-payment-intent', {
      bookingId: booking.id,
      amount: '12.345',
    });
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.error.fields).toHaveProperty('amount');

    const cancelled = await f.booking(owner.id, 5_000, 'cancelled');
    const res = await f.as(owner.cookie)('POST', '/api/create-payment-intent', { bookingId: cancelled.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_not_payable');
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
  });

  it('honours Idempotency-Key: a retry replays the answer, another body with the key is 422', async () => {
    const customer = await f.customer();
    const a = await f.booking(customer.id);
    const b = await f.booking(customer.id);
    const call = f.as(customer.cookie);
    const headers = { 'idempotency-key': 'checkout-attempt-1' };
    const first = await call('POST', '/api/create-payment-intent', { bookingId: a.id }, headers);
    const retry = await call('POST', '/api/create-payment-intent', { bookingId: a.id }, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await call('POST', '/api/create-payment-intent', { bookingId: b.id }, headers);
    expect(other.status).toBe(422);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, b.id))).toEqual([]);
  });
});

describe('POST /api/payments/local/confirm', () => {
  it('pays with 4242, confirms the pending booking as the system, and refuses a second payment', async () => {
    const { booking, call, intent, customer } = await paid();
    const payment = await paymentRow(intent.paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', failureReason: null, amountCents: 12_345 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, booking.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'pending', toStatus: 'confirmed', actorRole: 'system' }),
    ]);
    const sent = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientEmail, customer.email));
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'booking_confirmed',
        payload: expect.objectContaining({ bookingId: booking.id }),
      }),
    ]);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, intent.paymentId));
    expect(events.map((e) => e.type)).toEqual(['payment_succeeded']);

    const again = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_paid');
    const twice = await call('POST', '/api/payments/local/confirm', { clientSecret: intent.clientSecret, ...CARD });
    expect(twice.status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with Stripe’s message, then accepts another card on the same intent', async () => {
    const { booking, call, intent } = await started();
    const declined = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.clientSecret,
      ...DECLINE,
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      status: 'failed',
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed' });

    const retry = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(retry.body.clientSecret).toBe(intent.clientSecret);
    const ok = await call('POST', '/api/payments/local/confirm', { clientSecret: intent.clientSecret, ...CARD });
    expect(ok.body).toEqual({ status: 'succeeded' });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
  });

  it('answers card-form mistakes with the field named and changes nothing; unknown secrets are 404', async () => {
    const { call, intent } = await started();
    const incomplete = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.clientSecret,
      ...CARD,
      cardNumber: '4242 4242',
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toMatchObject({
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
      fields: { cardNumber: 'Your card number is incomplete.' },
    });
    const expired = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.clientSecret,
      ...CARD,
      expYear: 2020,
    });
    expect(expired.body.error.fields).toHaveProperty('expYear');
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'pending' });
    const missing = await call('POST', '/api/payments/local/confirm', { ...CARD });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('clientSecret');
    const forged = await call('POST', '/api/payments/local/confirm', {
      clientSecret: `${intent.clientSecret.split('_secret_')[0]}_secret_000000000000000000000000`,
      ...CARD,
    });
    expect(forged.status).toBe(404);
  });
});
