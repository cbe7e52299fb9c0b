import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestContext } from '../test/harness';
import { openDatabase } from './open';

/**
 * Another process holding the embedded file's write lock (the job CLI, a backup, a second server):
 * writes wait for it off the event loop, answer 503 with Retry-After when it lasts too long, and
 * work again the moment it is released; readiness says so meanwhile. A libSQL server that does
 * not answer is a 503 too, never a 500.
 */

const ctx = await createTestContext();

/** Another process that takes the write lock of `file` and holds it until told to let go. */
async function holdWriteLock(file: string): Promise<{ release(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      `const { createClient } = require('@libsql/client');
       (async () => {
         const client = createClient({ url: ${JSON.stringify(`file:${file}`)} });
         const tx = await client.transaction('write');
         await tx.execute("update users set updated_at = updated_at where id = -1");
         process.stdout.write('locked\\n');
         process.stdin.once('data', async () => { await tx.commit(); client.close(); process.exit(0); });
       })();`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  holders.push(child);
  const [first] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  expect(first.toString()).toContain('locked');
  return {
    async release() {
      child.stdin?.write('go\n');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
const holders: ChildProcess[] = [];
afterEach(() => {
  for (const child of holders.splice(0)) if (child.exitCode === null) child.kill();
});

const contact = () =>
  ctx.json<{ error?: { code: string } }>('/api/contact', {
    method: 'POST',
    body: { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', subject: 'Hi', message: 'A question.' },
  });

describe('another process holds the write lock of the embedded file', () => {
  it('a write waits for a short lock without freezing the event loop, then succeeds', async () => {
    const lock = await holdWriteLock(ctx.file);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const pending = contact();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await lock.release();
    const res = await pending;
    clearInterval(timer);
    expect(res.status).toBe(201);
    // A blocking busy timeout would have let the timer tick only once or twice in those 300 ms.
    expect(ticks).toBeGreaterThan(10);
  });

  it('answers 503 with Retry-After while the lock outlasts the wait, says so at /api/ready, and recovers at once', async () => {
    const lock = await holdWriteLock(ctx.file);
    const refused = await contact();
    expect(refused.status).toBe(503);
    expect(refused.body.error?.code).toBe('database_busy');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const ready = await ctx.json<{ error?: { code: string } }>('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error?.code).toBe('database_busy');
    expect(ready.headers.get('retry-after')).not.toBeNull();
    // Reads go on meanwhile.
    expect((await ctx.json('/api/services')).status).toBe(200);
    await lock.release();
    // No poisoned connection outlives the lock: every write right after it succeeds.
    for (let i = 0; i < 5; i++) expect((await contact()).status).toBe(201);
    expect((await ctx.json('/api/ready')).status).toBe(200);
  });
});

describe('a libSQL server that does not answer', () => {
  it('is 503 with Retry-After for reads, writes and readiness, never 500', async () => {
    const database = await openDatabase('http://127.0.0.1:9');
    const app = createApp({ ...ctx.deps, database });
    try {
      for (const [path, init] of [
        ['/api/services', {}],
        ['/api/ready', {}],
        [
          '/api/contact',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              firstName: 'Pat',
              lastName: 'Lee',
              email: 'pat@example.com',
              subject: 'Hi',
              message: 'A question about booking.',
            }),
          },
        ],
      ] as const) {
        const res = await app.request(path, init);
        expect(res.status, path).toBe(503);
        expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('database_unavailable');
        expect(res.headers.get('retry-after'), path).not.toBeNull();
      }
    } finally {
      database.close();
    }
  });
});
