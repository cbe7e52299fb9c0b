import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import * as t from '../db/schema';
import { settlePayment } from '../payments/payment-records.service';
import { createTestContext } from '../test/harness';
import { DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, seedDemoData } from './generate';

const now = new Date('2026-06-15T12:00:00Z');

describe('seedDemoData', () => {
  it('is deterministic: the same seed gives the same cleaners', async () => {
    const a = await createTestContext();
    const b = await createTestContext();
    await seedDemoData(a.database, { cleaners: 30, now, demoAccounts: false, seed: 11 });
    await seedDemoData(b.database, { cleaners: 30, now, demoAccounts: false, seed: 11 });
    const pick = (ctx: typeof a) =>
      ctx.database.db
        .select({
          id: t.cleaners.id,
          bio: t.cleaners.bio,
          rate: t.cleaners.hourlyRateCents,
          lat: t.cleaners.latitude,
          rating: t.cleaners.rating,
        })
        .from(t.cleaners);
    expect(await pick(a)).toEqual(await pick(b));
  });

  it('keeps derived figures equal to the rows they summarise', async () => {
    const ctx = await createTestContext();
    await seedDemoData(ctx.database, { cleaners: 60, now, demoAccounts: false, seed: 5 });
    const mismatches = await ctx.database.db.all(sql`
      select c.id from cleaners c
      where c.review_count != (select count(*) from reviews r where r.cleaner_id = c.id)
         or c.rating_sum != (select coalesce(sum(overall_rating), 0) from reviews r where r.cleaner_id = c.id)
         or c.completed_jobs != (select count(*) from bookings b where b.cleaner_id = c.id and b.status = 'completed')
         or (c.review_count > 0 and abs(c.rating - c.rating_sum * 1.0 / c.review_count) > 1e-9)
         or (c.review_count = 0 and c.rating is not null)`);
    expect(mismatches).toEqual([]);
    // Every review belongs to a completed booking of the same cleaner.
    const orphans = await ctx.database.db.all(sql`
      select r.id from reviews r join bookings b on b.id = r.booking_id
      where b.status != 'completed' or b.cleaner_id != r.cleaner_id`);
    expect(orphans).toEqual([]);
    // Each cleaner has weekly hours with valid HH:MM, start before end.
    const badHours = await ctx.database.db.all(sql`
      select id from availability where start_time >= end_time or day_of_week not between 0 and 6`);
    expect(badHours).toEqual([]);
  });

  it('gives every payment the provider event its status comes from, so settling it again changes nothing', async () => {
    const ctx = await createTestContext();
    await seedDemoData(ctx.database, { cleaners: 20, now, demoAccounts: true, seed: 5 });
    const read = async () =>
      (await ctx.database.db.select().from(t.payments)).map((p) => [p.id, p.status, p.refundedCents]);
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    await ctx.database.write(async (tx) => {
      for (const [id] of before) await settlePayment(tx, id as number, now, null, 'http://localhost:8787');
    });
    expect(await read()).toEqual(before);
  });

  it('writes cleaners a batch at a time with the same figures, ids and demo story as one batch would have', async () => {
    const hash = 'scrypt$16384$8$1$c2FsdA==$aGFzaA==';
    const whole = await createTestContext();
    const batched = await createTestContext();
    const options = { cleaners: 700, now, demoAccounts: true, demoPasswordHash: hash, seed: 3 };
    const one = await seedDemoData(whole.database, options);
    const many = await seedDemoData(batched.database, { ...options, cleanersPerBatch: 300 });
    // The draws come in another order across batches, so the rows differ; their shape does not.
    expect(Object.keys(many.counts).sort()).toEqual(Object.keys(one.counts).sort());
    expect(many.counts.cleaners).toBe(700);
    expect(many.counts.users).toBe(one.counts.users);
    const ids = (ctx: typeof whole) =>
      ctx.database.db.select({ id: t.cleaners.id }).from(t.cleaners).orderBy(t.cleaners.id);
    expect((await ids(batched)).map((r) => r.id)).toEqual(Array.from({ length: 700 }, (_, i) => i + 1));
    const mismatches = await batched.database.db.all(sql`
      select c.id from cleaners c
      where c.review_count != (select count(*) from reviews r where r.cleaner_id = c.id)
         or c.completed_jobs != (select count(*) from bookings b where b.cleaner_id = c.id and b.status = 'completed')`);
    expect(mismatches).toEqual([]);
    const orphans = await batched.database.db.all(sql`
      select b.id from bookings b left join cleaners c on c.id = b.cleaner_id where c.id is null`);
    expect(orphans).toEqual([]);
    // The demo customer's story is there, bookings in every status, whatever the batches.
    const statuses = await batched.database.db.selectDistinct({ status: t.bookings.status }).from(t.bookings);
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'cancelled',
      'completed',
      'confirmed',
      'in_progress',
      'pending',
    ]);
    // Loaded first and indexed after (bulk-load.ts): the same indexes and trigger as a seed of one
    // batch, and every cleaner in the keyword and map searches.
    const schema = (ctx: typeof whole) =>
      ctx.database.db.all(
        sql`select type, name, sql from sqlite_master where type in ('index', 'trigger') order by name`,
      );
    expect(await schema(batched)).toEqual(await schema(whole));
    const searchable = await batched.database.db.all<{ fts: number; geo: number }>(sql`
      select (select count(*) from cleaner_search) as fts, (select count(*) from cleaner_geo) as geo`);
    expect(searchable).toEqual([{ fts: 700, geo: 700 }]);
    const [named] = await batched.database.db.all<{ id: number }>(sql`
      select rowid as id from cleaner_search where cleaner_search match 'name:' || (select '"' || first_name || '"' from users where id = (select user_id from cleaners where id = 650))`);
    expect(named).toBeDefined();
  });

  it('creates the demo accounts, bookings in every status and a cleaner with hours, only when asked', async () => {
    const ctx = await createTestContext();
    const hash = 'scrypt$16384$8$1$c2FsdA==$aGFzaA==';
    await seedDemoData(ctx.database, { cleaners: 20, now, demoAccounts: true, demoPasswordHash: hash });
    const [customer] = await ctx.database.db.select().from(t.users).where(eq(t.users.email, DEMO_CUSTOMER_EMAIL));
    const [cleanerUser] = await ctx.database.db.select().from(t.users).where(eq(t.users.email, DEMO_CLEANER_EMAIL));
    expect(customer?.passwordHash).toBe(hash);
    const statuses = await ctx.database.db
      .selectDistinct({ status: t.bookings.status })
      .from(t.bookings)
      .where(eq(t.bookings.customerId, customer!.id));
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'cancelled',
      'completed',
      'confirmed',
      'in_progress',
      'pending',
    ]);
    const [cleaner] = await ctx.database.db.select().from(t.cleaners).where(eq(t.cleaners.userId, cleanerUser!.id));
    const hours = await ctx.database.db.select().from(t.availability).where(eq(t.availability.cleanerId, cleaner!.id));
    expect(hours.map((h) => h.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6]);
    const jobs = await ctx.database.db.select().from(t.bookings).where(eq(t.bookings.cleanerId, cleaner!.id));
    expect(jobs.filter((j) => j.status === 'pending').length).toBeGreaterThan(0);
    // Active bookings of the demo cleaner never overlap.
    const active = jobs.filter((j) => j.status === 'pending' || j.status === 'confirmed');
    for (const a of active) {
      for (const b of active) {
        if (a.id !== b.id) expect(a.startsAt >= b.endsAt || b.startsAt >= a.endsAt).toBe(true);
      }
    }

    const plain = await createTestContext();
    await seedDemoData(plain.database, { cleaners: 20, now, demoAccounts: false });
    expect(await plain.database.db.select().from(t.users).where(eq(t.users.email, DEMO_CUSTOMER_EMAIL))).toEqual([]);
    expect(await plain.database.db.select().from(t.partners)).toEqual([]);
  });

  it('does nothing on a database that already has cleaners', async () => {
    const ctx = await createTestContext();
    await seedDemoData(ctx.database, { cleaners: 10, now, demoAccounts: false });
    expect((await seedDemoData(ctx.database, { cleaners: 10, now, demoAccounts: false })).skipped).toBe(true);
  });

  it('gives the seeded demo accounts the documented password', async () => {
    const { hashPassword } = await import('../auth/password');
    const ctx = await createTestContext();
    await seedDemoData(ctx.database, {
      cleaners: 5,
      now,
      demoAccounts: true,
      demoPasswordHash: await hashPassword(DEMO_PASSWORD),
    });
    for (const email of [DEMO_CUSTOMER_EMAIL, DEMO_CLEANER_EMAIL]) {
      const [seeded] = await ctx.database.db.select().from(t.users).where(eq(t.users.email, email));
      expect(seeded?.passwordHash, email).toBeTruthy();
      expect(await verifyPassword(seeded?.passwordHash as string, 'demo-password'), email).toBe(true);
      expect(await verifyPassword(seeded?.passwordHash as string, 'not-the-password'), email).toBe(false);
    }
  });
});
