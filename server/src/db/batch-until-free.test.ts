import type { InStatement, ResultSet } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { batchUntilFree } from './client';
import { databaseFailure } from './failures';

const busy = () => Object.assign(new Error('SQLITE_BUSY: SQLite error: database is locked'), { code: 'SQLITE_BUSY' });
const done = [{ rows: [], columns: [] }] as unknown as ResultSet[];
const statements: InStatement[] = [{ sql: 'insert into t values (1)', args: [] }];

/** A libSQL server whose batches fail with `failures` in turn, then succeed. */
function server(failures: Error[]) {
  let calls = 0;
  return {
    calls: () => calls,
    batch: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return done;
    },
  };
}

describe('a write batch on a libSQL server', () => {
  it('runs again while the server says another stream holds the write lock, then answers', async () => {
    const s = server([busy(), busy()]);
    expect(await batchUntilFree(s, statements, 1_000)).toBe(done);
    expect(s.calls()).toBe(3);
  });

  it('gives the busy error back once its wait is over', async () => {
    const s = server(Array.from({ length: 100 }, busy));
    await expect(batchUntilFree(s, statements, 30)).rejects.toThrow('database is locked');
    expect(s.calls()).toBeGreaterThan(1);
  });

  it('runs again after the libSQL server timed out a transaction it had to roll back', async () => {
    // What a libSQL server answers when it ends a transaction that held its write lock too long;
    // seen under booking load: the batch changed nothing, so it may run again.
    const timedOut = Object.assign(new Error('TRANSACTION_TIMEOUT: Transaction timed out'), {
      code: 'TRANSACTION_TIMEOUT',
    });
    const s = server([timedOut]);
    expect(await batchUntilFree(s, statements, 1_000)).toBe(done);
    expect(s.calls()).toBe(2);
    expect(databaseFailure(timedOut)).toBe('busy');
  });

  it('never runs again after any other failure (a guard’s refusal, a constraint)', async () => {
    const s = server([new Error('SQLITE_CONSTRAINT: refused: slot_taken')]);
    await expect(batchUntilFree(s, statements, 1_000)).rejects.toThrow('slot_taken');
    expect(s.calls()).toBe(1);
  });
});
