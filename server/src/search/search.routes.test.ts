import { lookupCity } from '@spotless/sdk/cities';
import type { Cleaner, CleanerSearchPage } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleaners, users } from '../db/schema';
import { distanceMiles } from '../lib/geo';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext();
type Row = typeof cleaners.$inferSelect & { firstName: string | null; lastName: string | null };
let all: Row[] = [];
const austin = lookupCity('Austin')!;
const MILES_PER_DEGREE_LAT = (3958.7613 * Math.PI) / 180;
let insideId = 0;
let outsideId = 0;
let nameMatchId = 0;
let bioMatchId = 0;

async function addCleaner(firstName: string, lastName: string, values: Partial<typeof cleaners.$inferInsert>) {
  return ctx.database.write(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: `${firstName}.${lastName}.${Math.random()}@test.example`, firstName, lastName })
      .returning({ id: users.id });
    const [cleaner] = await tx
      .insert(cleaners)
      .values({
        userId: user!.id,
        bio: 'Careful and friendly.',
        experience: '1-3 years',
        hourlyRateCents: 4000,
        serviceTypes: ['residential'],
        coverageAreas: ['Downtown Austin'],
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: austin.latitude,
        longitude: austin.longitude,
        timeZone: austin.timeZone,
        ...values,
      })
      .returning({ id: cleaners.id });
    return cleaner!.id;
  });
}

async function loadAll() {
  const rows = await ctx.database.db
    .select({ c: cleaners, firstName: users.firstName, lastName: users.lastName })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId));
  all = rows
    .map((r) => ({ ...r.c, firstName: r.firstName, lastName: r.lastName }))
    .filter((r) => r.status === 'active');
}

beforeAll(async () => {
  await seedDemoData(ctx.database, { cleaners: 400, now: ctx.clock.now(), demoAccounts: false, seed: 11 });
  // Two cleaners straddling a 10-mile radius north of Austin's centre.
  insideId = await addCleaner('Inside', 'Radius', { latitude: austin.latitude + 9.95 / MILES_PER_DEGREE_LAT });
  outsideId = await addCleaner('Outside', 'Radius', { latitude: austin.latitude + 10.05 / MILES_PER_DEGREE_LAT });
  // A rare word in one cleaner's name and another's bio.
  nameMatchId = await addCleaner('Zephyrine', 'Quill', { bio: 'Tidy homes.' });
  bioMatchId = await addCleaner('Plain', 'Name', { bio: 'Trained by Zephyrine herself, I polish everything.' });
  await ctx.database.write((tx) => tx.update(cleaners).set({ status: 'suspended' }).where(eq(cleaners.id, 3)));
  await loadAll();
});

async function search(query: string) {
  const res = await ctx.json<CleanerSearchPage>(`/api/cleaners?${query}`);
  expect(res.status, query).toBe(200);
  return res.body;
}

async function everyPage(query: string) {
  const items: Cleaner[] = [];
  let stats: CleanerSearchPage['stats'] | undefined;
  for (let p = 1; ; p++) {
    const body = await search(`${query}&pageSize=100&page=${p}`);
    stats = body.stats;
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return { items, total: body.total, stats: stats! };
  }
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const sortedIds = (rows: { id: number }[]) => ids(rows).sort((a, b) => a - b);

function expectedStats(rows: Row[]) {
  const rated = rows.filter((r) => r.rating !== null);
  const rates = rows.map((r) => r.hourlyRateCents);
  return {
    total: rows.length,
    averageRating:
      rated.length === 0 ? null : Math.round((rated.reduce((s, r) => s + r.rating!, 0) / rated.length) * 100) / 100,
    priceRange:
      rows.length === 0
        ? null
        : { min: (Math.min(...rates) / 100).toFixed(2), max: (Math.max(...rates) / 100).toFixed(2) },
    cities: new Set(rows.map((r) => `${r.city},${r.state}`)).size,
  };
}

describe('GET /api/cleaners — search filters', () => {
  it('keeps a cleaner just inside the radius and drops one just outside, with distances', async () => {
    const res = await everyPage('latitude=30.2672&longitude=-97.7431&radius=10');
    const found = ids(res.items);
    expect(found).toContain(insideId);
    expect(found).not.toContain(outsideId);
    const center = { latitude: 30.2672, longitude: -97.7431 };
    const expected = all.filter((c) => distanceMiles(center, c) <= 10);
    expect(sortedIds(res.items)).toEqual(sortedIds(expected));
    for (const c of res.items) {
      const row = all.find((r) => r.id === c.id)!;
      expect(c.distance).toBeCloseTo(distanceMiles(center, row), 1);
    }
    expect(res.stats).toEqual(expectedStats(expected));
  });

  it('resolves city text through the city table, radius defaulting to 25', async () => {
    const res = await everyPage('city=austin');
    expect(sortedIds(res.items)).toEqual(sortedIds(all.filter((c) => distanceMiles(austin, c) <= 25)));
    const wide = await everyPage('location=Austin&radius=40');
    expect(wide.total).toBe(all.filter((c) => distanceMiles(austin, c) <= 40).length);
    expect(wide.items.every((c) => c.distance !== undefined)).toBe(true);
  });

  it('combines minRating, maxPrice, flags, state, ZIP and service type exactly', async () => {
    const cases: Array<[string, (r: Row) => boolean]> = [
      ['minRating=4.5', (r) => r.rating !== null && r.rating >= 4.5],
      ['maxPrice=42.5', (r) => r.hourlyRateCents <= 4250],
      ['isVerified=true&isInsured=true', (r) => r.isVerified && r.isInsured],
      ['isBonded=1&serviceType=commercial', (r) => r.isBonded && r.serviceTypes.includes('commercial')],
      ['state=tx', (r) => r.state === 'TX'],
      [`zipCode=${all[5]!.zipCode.slice(0, 3)}`, (r) => r.zipCode.startsWith(all[5]!.zipCode.slice(0, 3))],
      [
        'minRating=4&maxPrice=60&isVerified=true&serviceType=deep',
        (r) =>
          r.rating !== null &&
          r.rating >= 4 &&
          r.hourlyRateCents <= 6000 &&
          r.isVerified &&
          r.serviceTypes.includes('deep'),
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = all.filter(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      const res = await everyPage(query);
      expect(sortedIds(res.items), query).toEqual(sortedIds(expected));
      expect(res.stats, query).toEqual(expectedStats(expected));
    }
  });

  it('sorts every way in both orders (sortOrder flips the default)', async () => {
    const cmpRating = (a: Row, b: Row) => (a.rating ?? -1) - (b.rating ?? -1) || a.reviewCount - b.reviewCount || 0;
    const byId = (a: Row, b: Row) => a.id - b.id;
    const sorts: Array<[string, (a: Row, b: Row) => number]> = [
      ['rating', cmpRating],
      ['price', (a, b) => a.hourlyRateCents - b.hourlyRateCents],
      ['experience', (a, b) => a.completedJobs - b.completedJobs],
    ];
    for (const [sortBy, asc] of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = [...all].sort((a, b) => (order === 'asc' ? asc(a, b) : asc(b, a)) || byId(a, b));
        const res = await everyPage(`sortBy=${sortBy}&sortOrder=${order}`);
        expect(ids(res.items), `${sortBy} ${order}`).toEqual(ids(expected));
      }
    }
    const near = all.filter((c) => distanceMiles(austin, c) <= 25);
    for (const order of ['asc', 'desc'] as const) {
      const expected = [...near].sort((a, b) => {
        const d = distanceMiles(austin, a) - distanceMiles(austin, b);
        return (order === 'asc' ? d : -d) || a.id - b.id;
      });
      const res = await everyPage(`location=Austin&sortBy=distance&sortOrder=${order}`);
      expect(ids(res.items), `distance ${order}`).toEqual(ids(expected));
    }
    // Defaults: rating high→low, price low→high.
    expect(ids((await everyPage('sortBy=price')).items)).toEqual(
      ids([...all].sort((a, b) => a.hourlyRateCents - b.hourlyRateCents || a.id - b.id)),
    );
  });

  it('pages with stable totals and stats over all matches', async () => {
    const p1 = await search('maxPrice=50&pageSize=5&page=1');
    const p2 = await search('maxPrice=50&pageSize=5&page=2');
    const expected = all.filter((r) => r.hourlyRateCents <= 5000);
    expect(p1.total).toBe(expected.length);
    expect(p2.total).toBe(expected.length);
    expect(p1.stats).toEqual(expectedStats(expected));
    expect(ids(p1.items).some((id) => ids(p2.items).includes(id))).toBe(false);
    const beyond = await search('maxPrice=50&pageSize=50&page=500');
    expect(beyond.items).toEqual([]);
    expect(beyond.stats).toEqual(expectedStats(expected));
  });
});

describe('GET /api/cleaners — keywords', () => {
  it('matches names, bio, services and coverage areas by prefix, name matches ranked first', async () => {
    const res = await search('query=zephyr');
    expect(ids(res.items)).toEqual([nameMatchId, bioMatchId]);
    const area = all.find((r) => r.coverageAreas.length > 1)!.coverageAreas[0]!;
    const word = area.split(' ')[0]!.toLowerCase();
    const byArea = await everyPage(`query=${encodeURIComponent(word)}`);
    const expected = all.filter((r) =>
      [r.firstName, r.lastName, r.bio, ...r.coverageAreas].some((text) =>
        (text ?? '')
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((w) => w.startsWith(word)),
      ),
    );
    expect(byArea.total).toBeGreaterThanOrEqual(expected.length);
    for (const id of ids(expected)) expect(ids(byArea.items)).toContain(id);
    const services = await everyPage('query=commercial');
    for (const r of all.filter((c) => c.serviceTypes.includes('commercial')))
      expect(ids(services.items)).toContain(r.id);
  });

  it('never fails on FTS syntax in user text', async () => {
    for (const text of ['"', 'clean*"', 'a OR', 'NEAR(', 'bio:x', '-', '^', '()', "'; drop table cleaners; --", '*']) {
      const res = await ctx.json(`/api/cleaners?query=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
    }
  });

  it('reads misspelt words as the nearest indexed terms when nothing matches as typed', async () => {
    expect(ids((await search('query=Zepyhrine%20Qill')).items)).toEqual([nameMatchId]);
    // A word the index holds is never changed: here the names match nobody, and nothing is found.
    expect((await search('query=Zephyrine%20Radius')).total).toBe(0);
    // No indexed term is near: still nothing.
    expect((await search('query=Xqzvtwk')).total).toBe(0);
    // The filters still apply to the corrected words.
    expect((await search('query=Zepyhrine&location=Denver')).total).toBe(0);
  });

  it('follows name changes and new cleaners (the index and the cache stay in step)', async () => {
    expect((await search('query=Marigoldia')).total).toBe(0);
    const user = all.find((r) => r.id === insideId)!.userId;
    await ctx.database.write((tx) => tx.update(users).set({ firstName: 'Marigoldia' }).where(eq(users.id, user)));
    expect(ids((await search('query=Marigoldia')).items)).toEqual([insideId]);
  });
});

describe('GET /api/cleaners — bad parameters', () => {
  it('answers 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['latitude=30', 'longitude'],
      ['longitude=-97', 'latitude'],
      ['latitude=91&longitude=0', 'latitude'],
      ['latitude=abc&longitude=0', 'latitude'],
      ['latitude=30&longitude=-97&radius=0', 'radius'],
      ['latitude=30&longitude=-97&radius=101', 'radius'],
      ['minRating=5.5', 'minRating'],
      ['minRating=-1', 'minRating'],
      ['maxPrice=0', 'maxPrice'],
      ['maxPrice=1001', 'maxPrice'],
      ['maxPrice=', 'maxPrice'],
      ['isVerified=yes', 'isVerified'],
      ['sortOrder=up', 'sortOrder'],
      ['zipCode=abcde', 'zipCode'],
      [`query=${'x'.repeat(201)}`, 'query'],
    ] as const) {
      const res = await ctx.json<{ error: { fields: Record<string, string> } }>(`/api/cleaners?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.error.fields), query).toContain(field);
    }
  });
});
