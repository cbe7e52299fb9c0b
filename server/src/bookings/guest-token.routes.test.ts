import { createClient } from '@libsql/client';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import { purgeExpired } from '../jobs/purge-expired';
import { guestCheckoutWorld, HOST } from '../test/guest-checkout';
import type { Json } from '../test/harness';

/**
 * The guest token of guest checkout (decision 049): it reads and pays its one booking and nothing
 * else, and only for a while.
 */
const { ctx, widget, payload, bookAsGuest } = await guestCheckoutWorld();

describe('the guest token', () => {
  it('reads and pays its own booking, and does nothing else', async () => {
    const made = await bookAsGuest(payload());
    const token = made.body.guestToken as string;
    const id = made.body.booking.id as number;
    const other = await bookAsGuest(payload());
    const guest = { ...widget, authorization: `Bearer ${token}` };

    const own = await ctx.json<Json>(`/api/bookings/${id}`, { headers: guest });
    expect(own.status).toBe(200);
    expect(own.body.actions.pay).toBeDefined();
    expect(own.headers.get('access-control-allow-origin')).toBe(HOST);
    expect((await ctx.json(`/api/bookings/${other.body.booking.id}`, { headers: guest })).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/api/bookings'],
      ['PUT', `/api/bookings/${id}`],
      ['DELETE', `/api/bookings/${id}`],
      ['GET', '/api/payments'],
      ['GET', '/api/auth/user'],
    ] as const) {
      const res = await ctx.json(path, { method, headers: guest, ...(method === 'GET' ? {} : { body: {} }) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // Another booking cannot be paid with it.
    const stranger = await ctx.json('/api/payment-intents', {
      method: 'POST',
      headers: guest,
      body: { bookingId: other.body.booking.id },
    });
    expect(stranger.status).toBe(404);

    const pay = own.body.actions.pay;
    const intent = await ctx.json<Json>(pay.href, { method: pay.method, headers: guest, body: { bookingId: id } });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const confirmed = await ctx.json<Json>('/api/payments/local/confirm', {
      method: 'POST',
      headers: guest,
      body: {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe('succeeded');
    const after = await ctx.json<Json>(`/api/bookings/${id}`, { headers: guest });
    expect(after.body.paymentStatus).toBe('succeeded');
    expect(after.body.actions.pay).toBeUndefined();
  });

  it('stops working 7 days after its booking ends, or after it is cancelled, and is then forgotten', async () => {
    const ended = await bookAsGuest(payload());
    const cancelled = await bookAsGuest(payload());
    const read = (made: Json) =>
      ctx.json(`/api/bookings/${made.body.booking.id}`, {
        headers: { ...widget, authorization: `Bearer ${made.body.guestToken}` },
      });
    const start = ctx.clock.now();
    const week = 7 * 24 * 3_600_000;
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: start })
        .where(eq(bookings.id, cancelled.body.booking.id)),
    );
    const endsAt = new Date(ended.body.booking.endsAt).getTime();
    try {
      ctx.clock.set(new Date(start.getTime() + week - 1000));
      expect((await read(ended)).status).toBe(200);
      expect((await read(cancelled)).status).toBe(200);
      ctx.clock.set(new Date(start.getTime() + week + 1000));
      expect((await read(ended)).status).toBe(200);
      expect((await read(cancelled)).status).toBe(401);
      ctx.clock.set(new Date(endsAt + week + 1000));
      expect((await read(ended)).status).toBe(401);

      expect((await purgeExpired(ctx.deps)).guestTokens).toBeGreaterThanOrEqual(2);
      const rows = await ctx.database.db
        .select({ hash: bookings.guestTokenHash })
        .from(bookings)
        .where(inArray(bookings.id, [ended.body.booking.id, cancelled.body.booking.id]));
      expect(rows).toEqual([{ hash: null }, { hash: null }]);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('is looked up through its own index, not a scan of every booking', async () => {
    // On a connection of its own: an EXPLAIN left the shared reader on its snapshot of that moment.
    const own = createClient({ url: `file:${ctx.file}` });
    const plan = await own.execute("explain query plan select id from bookings where guest_token_hash = 'x'");
    own.close();
    expect(plan.rows.map((row) => String(row.detail))).toEqual([
      expect.stringContaining('USING COVERING INDEX bookings_guest_token_idx'),
    ]);
  });

  it('is refused outright when unknown', async () => {
    const res = await ctx.json('/api/bookings/1', {
      headers: { ...widget, authorization: 'Bearer not-a-token-we-made-at-all' },
    });
    expect(res.status).toBe(401);
  });
});
