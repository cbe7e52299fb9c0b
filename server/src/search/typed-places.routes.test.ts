import { CITIES } from '@spotless/sdk/cities';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';

/**
 * A place typed as people write it finds what its plain form finds: "austin tx", "Austin, Texas"
 * and "Austin" are one city; "Texas" and "TX" are one state; a city's ZIP code finds the cleaners
 * around it as the city's name does, not only those whose own ZIP code begins with it.
 */
const ctx = await createTestContext();
await seedDemoData(ctx.database, { cleaners: 60, now: ctx.clock.now(), demoAccounts: true, seed: 4 });

const search = async (query: string) =>
  (
    await ctx.json<{ total: number; items: Array<{ id: number; zipCode: string }> }>(
      `/api/cleaners?${query}&pageSize=100`,
    )
  ).body;
const total = async (location: string) => (await search(`location=${encodeURIComponent(location)}`)).total;

describe('searching by a place as people type it', () => {
  it('finds a city with its state written any way', async () => {
    const plain = await total('Austin');
    expect(plain).toBeGreaterThan(0);
    for (const typed of ['austin tx', 'Austin, Texas', 'AUSTIN TEXAS']) expect(await total(typed), typed).toBe(plain);
  });

  it('finds a state by its name as by its code', async () => {
    const code = await total('TX');
    expect(code).toBeGreaterThan(0);
    expect(await total('Texas')).toBe(code);
  });

  it('finds by a city’s ZIP code every cleaner the city’s name finds, whatever their own ZIP code', async () => {
    // The city with the most cleaners in this seed.
    const counted = await Promise.all(CITIES.map(async (c) => ({ city: c, total: await total(c.name) })));
    const { city } = counted.reduce((best, next) => (next.total > best.total ? next : best));
    const byName = await search(`location=${encodeURIComponent(city.name)}`);
    expect(byName.total).toBeGreaterThan(1);
    // Not only the cleaners whose own ZIP code is the one typed: most have another.
    expect(byName.items.filter((c) => c.zipCode !== city.zipCode).length).toBeGreaterThan(0);
    const plus4 = `${city.zipCode}-1234`;
    const near = String(Number(city.zipCode) + 3).padStart(5, '0');
    for (const zip of [city.zipCode, near, plus4, `${city.name}, ${city.state} ${city.zipCode}`]) {
      const byZip = await search(`location=${encodeURIComponent(zip)}`);
      expect(byZip.total, zip).toBeGreaterThanOrEqual(byName.total);
      expect(byZip.items.map((c) => c.id).sort(), zip).toEqual(byName.items.map((c) => c.id).sort());
    }
    // The same through the advanced search's place (`city`).
    expect((await search(`city=${city.zipCode}&sortBy=distance`)).total).toBe(byName.total);
  });
});
