import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { generateSessionToken, SESSION_POLICY, sessionIdFromToken } from '../src/auth/sessions';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { paidDemoBooking } from './paid-booking';

/**
 * A cleaner's withdrawal from a paid job on the three targets (decision 071), checked within the
 * reviews' target file (reviews.targets.ts), which has the targets started already: the demo
 * customer books and pays the demo cleaner in test mode; another cleaner cannot withdraw (404, the
 * booking is none of theirs) nor can the customer (403); the demo cleaner withdraws with a reason and
 * the whole payment is refunded at once, once; a second withdrawal is refused (409).
 */
export function withdrawalChecks(on: OnTarget): void {
  const { call } = on;

  async function database<T>(fn: (db: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
    const db = createClient({ url: on.target.databaseUrl });
    try {
      return await fn(db);
    } finally {
      db.close();
    }
  }

  /** A session of another active cleaner, stored as the server stores one (no password to type). */
  async function otherCleanerCookie(cleanerId: number): Promise<string> {
    const token = generateSessionToken();
    const now = Date.now();
    await database((db) =>
      db.execute({
        sql: `insert into sessions (id, user_id, kind, expires_at, created_at)
          select ?, user_id, 'user', ?, ? from cleaners where status = 'active' and id <> ? order by id limit 1`,
        args: [sessionIdFromToken(token), now + SESSION_POLICY.user.idle, now, cleanerId],
      }),
    );
    return `spotless_session=${token}`;
  }

  it('withdraws a cleaner from a paid job: refunded in full once, refused to others and a second time', async () => {
    const { customer, cleanerCookie, cleanerId, made } = await paidDemoBooking(on, 120, '4242424242424242');
    const href = made.links.self.href as string;

    // Offered to its cleaner alone; refused to another cleaner and to the customer.
    const seen = await call(href, { cookie: cleanerCookie });
    expect(seen.body).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    const withdraw = seen.body.actions.withdraw as Json;
    expect(withdraw).toMatchObject({ method: 'POST', href: `${href}/withdraw` });
    const reason = { reason: 'My car broke down and cannot be fixed in time.' };
    const stranger = await otherCleanerCookie(cleanerId);
    expect((await call(withdraw.href, { method: 'POST', body: reason, cookie: stranger })).status).toBe(404);
    expect((await call(withdraw.href, { method: 'POST', body: reason, cookie: customer })).status).toBe(403);
    expect((await call(href, { cookie: customer })).body.actions.withdraw).toBeUndefined();

    const done = await call(withdraw.href, { method: withdraw.method, body: reason, cookie: cleanerCookie });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'cancelled',
      cancellationKind: 'withdrawn',
      cancellationFee: '0.00',
      paymentStatus: 'refunded',
      refund: { amount: made.totalPrice, status: 'succeeded' },
    });
    const again = await call(withdraw.href, { method: 'POST', body: reason, cookie: cleanerCookie });
    expect(again.status).toBe(409);
    expect((await call(href, { cookie: customer })).body).toMatchObject({
      cancellationKind: 'withdrawn',
      paymentStatus: 'refunded',
    });
    // One refund of the whole amount in the database, whatever was asked twice.
    const refunds = await database(async (db) => {
      const rows = await db.execute({
        sql: 'select r.amount_cents, r.status from refunds r join payments p on p.id = r.payment_id where p.booking_id = ?',
        args: [made.id],
      });
      return rows.rows.map((r) => ({ amountCents: Number(r.amount_cents), status: String(r.status) }));
    });
    expect(refunds).toEqual([{ amountCents: Math.round(Number(made.totalPrice) * 100), status: 'succeeded' }]);
  });
}
