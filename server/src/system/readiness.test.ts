import { createServer, type Socket } from 'node:net';
import { createClient } from '@libsql/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { WRITE_WAIT_MS, wrapClient } from '../db/client';
import { openDatabase } from '../db/open';
import { createTestContext } from '../test/harness';

/**
 * `/api/ready` is what a load balancer or an orchestrator polls: it must answer within a few
 * hundred milliseconds whatever the database is doing, prove the database takes a write (not only
 * a read), and carry Retry-After on every 503.
 */

const ctx = await createTestContext();

type Answer = { status: number; body: { error?: { code: string } }; headers: Headers };
const ready = () => ctx.json('/api/ready') as Promise<Answer>;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

/** Another connection to the same file holding its write lock, as a job or a backup would. */
async function holdWriteLock() {
  const holder = createClient({ url: `file:${ctx.file}` });
  const tx = await holder.transaction('write');
  await tx.execute('update users set updated_at = updated_at where id = -1');
  return async () => {
    await tx.rollback();
    holder.close();
  };
}

const readinessRow = async () =>
  (await ctx.database.client.execute('select checked_at from readiness where id = 1')).rows[0]?.checked_at;

const releases: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const release of releases.splice(0)) await release();
});

describe('GET /api/ready while another connection holds the write lock', () => {
  it('answers 503 database_busy with Retry-After at once, not after the busy wait', async () => {
    releases.push(await holdWriteLock());
    const { value, ms } = await timed(ready);
    expect(value.status).toBe(503);
    expect(value.body.error?.code).toBe('database_busy');
    expect(Number(value.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ms).toBeLessThan(WRITE_WAIT_MS / 4);
  });

  it('answers at once while this process’s own writes are queued behind the lock', async () => {
    releases.push(await holdWriteLock());
    // A write that waits (up to WRITE_WAIT_MS) for the lock, holding the write queue meanwhile.
    const waiting = ctx.json('/api/contact', {
      method: 'POST',
      body: { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', subject: 'Hi', message: 'A question.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { value, ms } = await timed(ready);
    expect(value.status).toBe(503);
    expect(value.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ms).toBeLessThan(WRITE_WAIT_MS / 4);
    await releases.pop()?.();
    expect((await waiting).status).toBe(201);
    expect((await ready()).status).toBe(200);
  });
});

describe('GET /api/ready writes', () => {
  it('rewrites the readiness row with the time of the check', async () => {
    ctx.clock.set('2026-06-15T12:00:00Z');
    expect((await ready()).status).toBe(200);
    expect(Number(await readinessRow())).toBe(Date.parse('2026-06-15T12:00:00Z'));
    ctx.clock.set('2026-06-15T12:00:07Z');
    expect((await ready()).status).toBe(200);
    expect(Number(await readinessRow())).toBe(Date.parse('2026-06-15T12:00:07Z'));
  });

  it('writes through a database whose server serialises writers (a libSQL server, Workers) too', async () => {
    const client = createClient({ url: `file:${ctx.file}` });
    const database = wrapClient(client, { serialiseWrites: false });
    const app = createApp({ ...ctx.deps, database });
    try {
      ctx.clock.set('2026-06-15T13:00:00Z');
      expect((await app.request('/api/ready')).status).toBe(200);
      expect(Number(await readinessRow())).toBe(Date.parse('2026-06-15T13:00:00Z'));
      releases.push(await holdWriteLock());
      const { value: refused, ms } = await timed(async () => app.request('/api/ready'));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ms).toBeLessThan(WRITE_WAIT_MS / 4);
    } finally {
      database.close();
    }
  });
});

describe('GET /api/ready over a libSQL server that accepts connections and never answers', () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('answers 503 database_unavailable with Retry-After within its bound', async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = await openDatabase(`http://127.0.0.1:${port}`);
    const app = createApp({ ...ctx.deps, database });
    try {
      const { value, ms } = await timed(async () => app.request('/api/ready'));
      expect(value.status).toBe(503);
      expect(((await value.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
      expect(value.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ms).toBeLessThan(1_000);
    } finally {
      database.close();
    }
  });
});
