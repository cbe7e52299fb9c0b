import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';

/**
 * A place typed as people write it finds what its plain form finds: "austin tx", "Austin, Texas"
 * and "Austin" are one city; "Texas" and "TX" are one state.
 */
const ctx = await createTestContext();
await seedDemoData(ctx.database, { cleaners: 60, now: ctx.clock.now(), demoAccounts: true, seed: 4 });

const total = async (location: string) =>
  (await ctx.json<{ total: number }>(`/api/cleaners?location=${encodeURIComponent(location)}`)).body.total;

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
});
