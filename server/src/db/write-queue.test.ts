import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { contactMessages } from './schema';
import { WriteQueue } from './write-queue';

const ctx = await createTestContext();

describe('WriteQueue', () => {
  it('runs jobs one at a time in order, and survives a failing job', async () => {
    const queue = new WriteQueue();
    const log: string[] = [];
    const job =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([queue.run(job('a')), queue.run(job('b', true)), queue.run(job('c'))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(queue.pending).toBe(0);
  });

  it('lets 50 concurrent write transactions on one libSQL file all commit (no SQLITE_BUSY)', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.database.write(async (tx) => {
          await tx.insert(contactMessages).values({
            firstName: `F${i}`,
            lastName: 'L',
            email: `f${i}@example.com`,
            subject: 's',
            message: 'm'.repeat(10),
          });
          await new Promise((r) => setTimeout(r, 1));
        }),
      ),
    );
    const [row] = await ctx.database.db.select({ n: sql<number>`count(*)` }).from(contactMessages);
    expect(row?.n).toBe(50);
  });
});
