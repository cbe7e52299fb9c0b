import { lookupCity } from '@spotless/sdk/cities';
import type { Cleaner, CleanerPage } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleaners, users } from '../db/schema';
import { distanceMiles } from '../lib/geo';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext();
type Row = typeof cleaners.$inferSelect & { firstName: string | null };
let all: Row[] = [];

beforeAll(async () => {
  await seedDemoData(ctx.database, { cleaners: 300, now: ctx.clock.now(), demoAccounts: false, seed: 7 });
  // Suspend one cleaner: it must never be listed or shown.
  await ctx.database.write((tx) => tx.update(cleaners).set({ status: 'suspended' }).where(eq(cleaners.id, 2)));
  const rows = await ctx.database.db
    .select({ c: cleaners, firstName: users.firstName })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId));
  all = rows.map((r) => ({ ...r.c, firstName: r.firstName })).filter((r) => r.status === 'active');
});

async function page(query: string) {
  const res = await ctx.json<CleanerPage>(`/api/cleaners?${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function everyPage(query: string) {
  const items: Cleaner[] = [];
  for (let p = 1; ; p++) {
    const body = await page(`${query}&pageSize=100&page=${p}`);
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return { items, total: body.total };
  }
}

describe('GET /api/cleaners', () => {
  it('lists every active cleaner once, 12 per page by default, with the total', async () => {
    const first = await page('');
    expect(first.pageSize).toBe(12);
    expect(first.items).toHaveLength(12);
    expect(first.total).toBe(all.length);
    const { items } = await everyPage('');
    expect(new Set(items.map((c) => c.id)).size).toBe(all.length);
    expect(items.some((c) => c.id === 2)).toBe(false);
  });

  it('sorts by rating (default: highest first, unrated last)', async () => {
    const { items } = await everyPage('sortBy=rating');
    const expected = [...all]
      .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.reviewCount - a.reviewCount || a.id - b.id)
      .map((c) => c.id);
    expect(items.map((c) => c.id)).toEqual(expected);
  });

  it('sorts by price (hourly rate ascending) and experience (completed jobs descending)', async () => {
    const byPrice = await everyPage('sortBy=price');
    expect(byPrice.items.map((c) => c.id)).toEqual(
      [...all].sort((a, b) => a.hourlyRateCents - b.hourlyRateCents || a.id - b.id).map((c) => c.id),
    );
    const byJobs = await everyPage('sortBy=experience');
    expect(byJobs.items.map((c) => c.id)).toEqual(
      [...all].sort((a, b) => b.completedJobs - a.completedJobs || a.id - b.id).map((c) => c.id),
    );
    // `sort` is the same parameter (the menu's Top Rated link writes it); `sortBy` wins over it.
    expect((await everyPage('sort=price')).items.map((c) => c.id)).toEqual(byPrice.items.map((c) => c.id));
    expect((await everyPage('sort=price&sortBy=experience')).items.map((c) => c.id)).toEqual(
      byJobs.items.map((c) => c.id),
    );
  });

  it('filters by a service type, and treats "all" as no filter', async () => {
    const deep = await everyPage('serviceType=deep');
    const expected = all
      .filter((c) => c.serviceTypes.includes('deep'))
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(deep.items.map((c) => c.id).sort((a, b) => a - b)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect((await page('serviceType=all')).total).toBe(all.length);
  });

  it('resolves a city name to coordinates and keeps cleaners within 25 miles, with distances', async () => {
    const city = lookupCity('Austin')!;
    const res = await everyPage('location=%20austin%20');
    const expected = all.filter((c) => distanceMiles(city, c) <= 25).map((c) => c.id);
    expect(res.items.map((c) => c.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(expected.length).toBeGreaterThan(0);
    for (const c of res.items) {
      expect(c.distance).toBeDefined();
      expect(c.distance).toBeLessThanOrEqual(25);
    }
  });

  it('matches an unknown location text against city, state and ZIP prefix', async () => {
    const state = all[0]!.state;
    const res = await everyPage(`location=${state}`);
    expect(res.total).toBe(all.filter((c) => c.state === state).length);
  });

  it('pages consistently: totals agree and pages do not overlap', async () => {
    const p1 = await page('pageSize=7&page=1&sortBy=price');
    const p2 = await page('pageSize=7&page=2&sortBy=price');
    expect(p1.total).toBe(p2.total);
    expect(p1.items.map((c) => c.id).filter((id) => p2.items.some((c) => c.id === id))).toEqual([]);
    const beyond = await page(`pageSize=50&page=100`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(all.length);
  });

  it('answers out-of-range or malformed parameters with 400 naming them', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=101', 'pageSize'],
      ['sortBy=cheapest', 'sortBy'],
      ['serviceType=laundry', 'serviceType'],
      [`location=${'x'.repeat(101)}`, 'location'],
    ] as const) {
      const res = await ctx.json<{ error: { fields: Record<string, string> } }>(`/api/cleaners?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.error.fields)).toContain(field);
    }
  });
});

describe('GET /api/cleaners/:id', () => {
  it('returns the cleaner profile shape', async () => {
    const row = all.find((c) => c.reviewCount > 0)!;
    const res = await ctx.json<Cleaner>(`/api/cleaners/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: row.id,
      user: { firstName: row.firstName },
      hourlyRate: (row.hourlyRateCents / 100).toFixed(2),
      completedJobs: row.completedJobs,
      reviewCount: row.reviewCount,
      isVerified: row.isVerified,
      serviceTypes: row.serviceTypes,
      coverageAreas: row.coverageAreas,
      city: row.city,
      state: row.state,
    });
    expect(res.body.rating).toBeCloseTo(row.ratingSum / row.reviewCount, 2);
    expect(res.body).not.toHaveProperty('distance');
  });

  it('gives 404 JSON for a missing or suspended cleaner and 400 naming the param for a bad id', async () => {
    expect((await ctx.json('/api/cleaners/999999')).body).toEqual({
      error: { code: 'not_found', message: 'Cleaner not found' },
    });
    expect((await ctx.json('/api/cleaners/2')).status).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '1e3x']) {
      const res = await ctx.json<{ error: { code: string; fields: Record<string, string> } }>(`/api/cleaners/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.fields).toHaveProperty('id');
    }
  });
});
