import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, services, users } from '../db/schema';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import type { BookingStatus } from './booking-state';
import { bookingListShape } from './bookings.queries';

const HOUR = 3_600_000;
const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner, otherCleaner } = await seedWorld(ctx);
const owner = await createCustomer(ctx, 'Lena');
const stranger = await createCustomer(ctx, 'Otto');
let asOwner: Record<string, string>;
let asStranger: Record<string, string>;

/** The owner's bookings, newest start first once listed: [id, status, cleaner, service, start in hours]. */
const ROWS: Array<[string, BookingStatus, 'demo' | 'other', number, number]> = [
  ['pending', 'pending', 'demo', 1, 24],
  ['confirmed', 'confirmed', 'other', 2, 48],
  ['started', 'in_progress', 'demo', 3, 72],
  ['done', 'completed', 'demo', 2, -24],
  ['cancelled', 'cancelled', 'other', 1, -48],
];
const ids: Record<string, number> = {};
let demoLastName = '';
let serviceTwo = '';

beforeAll(async () => {
  asOwner = await sessionFor(ctx, owner);
  asStranger = await sessionFor(ctx, stranger);
  const now = ctx.clock.now().getTime();
  for (const [name, status, cleaner, serviceId, hours] of ROWS) {
    const c = cleaner === 'demo' ? demoCleaner : otherCleaner;
    const startsAt = new Date(now + hours * HOUR);
    const [row] = await ctx.database.write((tx) =>
      tx
        .insert(bookings)
        .values({
          customerId: owner,
          cleanerId: c.id,
          serviceId,
          status,
          paymentStatus: 'unpaid',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * HOUR),
          durationMinutes: 120,
          timeZone: c.timeZone,
          address: '1 Main St',
          hourlyRateCents: 4000,
          totalPriceCents: 8000,
          ...(status === 'cancelled' ? { cancelledAt: new Date(now), cancelReason: 'test' } : {}),
        })
        .returning({ id: bookings.id }),
    );
    ids[name] = row!.id;
  }
  const [demoUser] = await ctx.database.db.select().from(users).where(eq(users.id, demoCleaner.userId));
  const [otherUser] = await ctx.database.db.select().from(users).where(eq(users.id, otherCleaner.userId));
  demoLastName = demoUser!.lastName!;
  // The search below must tell the two cleaners apart by the demo cleaner's last name.
  expect(otherUser!.lastName!.toLowerCase()).not.toContain(demoLastName.toLowerCase().slice(1, -1));
  const [service] = await ctx.database.db.select().from(services).where(eq(services.id, 2));
  serviceTwo = service!.name;
});

const list = (query: string, headers = asOwner) => ctx.json<Json>(`/api/bookings?${query}`, { headers });
const names = (body: Json) =>
  (body.items as Json[]).map((b) => Object.keys(ids).find((name) => ids[name] === b.id) ?? `other ${b.id}`);

describe('GET /api/bookings: the dashboard’s lists, filtered and paged by the server', () => {
  it('groups active (pending, confirmed, in progress: soonest first) and history (completed, cancelled: latest first)', async () => {
    const active = await list('status=active');
    expect(active.status).toBe(200);
    expect(names(active.body)).toEqual(['pending', 'confirmed', 'started']);
    expect(active.body.total).toBe(3);
    expect(names((await list('status=history')).body)).toEqual(['done', 'cancelled']);
    expect(names((await list('status=confirmed')).body)).toEqual(['confirmed']);
    expect(names((await list('status=all')).body)).toEqual(['started', 'confirmed', 'pending', 'done', 'cancelled']);
  });

  it('searches the cleaner’s first or last name or the service name, in any case, with the status', async () => {
    const part = demoLastName.toUpperCase().slice(1, -1);
    expect(names((await list(`status=active&q=${encodeURIComponent(part)}`)).body)).toEqual(['pending', 'started']);
    const byService = await list(`status=all&q=${encodeURIComponent(` ${serviceTwo.toLowerCase()} `)}`);
    expect(names(byService.body)).toEqual(['confirmed', 'done']);
    expect(byService.body.total).toBe(2);
    // Two fields together are not one field's text; `%` and `_` are plain characters.
    expect((await list(`q=${encodeURIComponent(`${demoLastName} ${serviceTwo}`)}`)).body.total).toBe(0);
    expect((await list('q=%25')).body.total).toBe(0);
    expect((await list('q=_')).body.total).toBe(0);
    // Another customer's search never reaches the owner's bookings.
    expect((await list(`q=${encodeURIComponent(serviceTwo)}`, asStranger)).body.total).toBe(0);
  });

  it('pages by `limit` and `page`, with next and prev links that keep the filters', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await list(`status=all&limit=2&page=${page}`);
      expect(answer.body).toMatchObject({ total: 5, page, pageSize: 2 });
      seen.push(...names(answer.body));
      const { next, prev } = answer.body.links;
      if (page < 3) expect(next.href).toBe(`/api/bookings?status=all&limit=2&page=${page + 1}`);
      else expect(next).toBeUndefined();
      if (page > 1) expect(prev.href).toBe(`/api/bookings?status=all&limit=2&page=${page - 1}`);
      else expect(prev).toBeUndefined();
    }
    expect(seen).toEqual(['started', 'confirmed', 'pending', 'done', 'cancelled']);
    const beyond = await list('status=all&limit=2&page=4');
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.total).toBe(5);
    // Following a link reads the same page again.
    const next = (await list('status=history&limit=1')).body.links.next;
    const followed = await ctx.json<Json>(next.href, { headers: asOwner });
    expect(names(followed.body)).toEqual(['cancelled']);
    expect(followed.body.page).toBe(2);
  });

  it('answers each owner from the same prepared list: another customer, and a cleaner, see only theirs', async () => {
    expect((await list('status=active')).body.total).toBe(3);
    const strangers = await list('status=active', asStranger);
    expect(strangers.body).toMatchObject({ items: [], total: 0 });
    const asDemo = await sessionFor(ctx, demoCleaner.userId);
    const jobs = await ctx.json<Json>(`/api/bookings?cleanerId=${demoCleaner.id}&status=active`, { headers: asDemo });
    expect(jobs.status).toBe(200);
    expect((jobs.body.items as Json[]).every((b) => b.cleanerId === demoCleaner.id)).toBe(true);
    expect(names(jobs.body).filter((name) => !name.startsWith('other'))).toEqual(['pending', 'started']);
  });

  it("reads a customer's lists through their index, and counts them from the index alone", async () => {
    const plan = async (query: { getQuery(): { sql: string; params: unknown[] } }) => {
      const { sql, params } = query.getQuery();
      const args = params.map((p) => (typeof p === 'object' ? 1 : p)) as Array<string | number>;
      const rows = await ctx.database.client.execute({ sql: `explain query plan ${sql}`, args });
      return rows.rows.map((row) => String(row.detail));
    };
    // Both lists find only the customer's rows through the index, and count them from it alone.
    for (const [statuses, order] of [
      [['pending', 'confirmed', 'in_progress'], 'soonest'],
      [['completed', 'cancelled'], 'newest'],
    ] as const) {
      const shape = bookingListShape(ctx.database.db, 'customer', statuses, order);
      expect((await plan(shape.rows))[0], order).toContain('USING INDEX bookings_customer_idx');
      expect(await plan(shape.count)).toEqual([expect.stringContaining('USING COVERING INDEX bookings_customer_idx')]);
    }
  });

  it('answers a bad filter, search or page with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=finished', 'status'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['page=10001', 'page'],
    ] as const) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.error.fields ?? {}), query).toContain(field);
    }
  });
});
