import { describe, expect, it } from 'vitest';
import type { Deps } from './deps';
import { namesMissingResource } from './hosted-page-status';
import { seedWorld } from './test/booking-fixtures';
import { createTestContext } from './test/harness';

const ctx = await createTestContext();
// Cleaners 1 to 4.
await seedWorld(ctx);

describe('namesMissingResource', () => {
  it('is true for a cleaner’s page or booking page of no active cleaner, or of an id that is none', async () => {
    for (const path of ['/cleaner/999999', '/booking/999999', '/booking/999999/2', '/cleaner/abc', '/cleaner/0']) {
      expect(await namesMissingResource(ctx.deps, path), path).toBe(true);
    }
  });

  it('is false for a cleaner who exists, and for pages that name nothing', async () => {
    for (const path of ['/cleaner/1', '/booking/1', '/booking/1/2', '/', '/cleaners', '/dashboard', '/no-such-page']) {
      expect(await namesMissingResource(ctx.deps, path), path).toBe(false);
    }
  });

  it('leaves the page be when the database does not answer (only a definite “not found” counts)', async () => {
    const failing = {
      database: {
        ...ctx.deps.database,
        db: new Proxy(ctx.deps.database.db, {
          get: () => {
            throw new Error('database unreachable');
          },
        }),
      },
    } as unknown as Pick<Deps, 'database'>;
    expect(await namesMissingResource(failing, '/cleaner/999999')).toBe(false);
  });
});
