import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as send } from './call';
import { TARGET_METRICS_TOKEN, TARGETS, type Target } from './targets';

/**
 * What an operator relies on, on all three targets: `/api/ready` proves a real write and answers
 * a database that refuses writes at once, 503 with Retry-After; `/metrics` is served to the
 * operator's token on Node and does not exist on Workers (decision 067).
 */

describe.each(TARGETS)('%s', (name, start) => {
  let target: Target;
  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => {
    await target?.stop();
  });

  const call = (path: string) => send(target.url, path);

  it('writes on every readiness check: the readiness row’s time moves', async () => {
    const db = createClient({ url: target.databaseUrl });
    try {
      const checkedAt = async () =>
        Number((await db.execute('select checked_at from readiness where id = 1')).rows[0]?.checked_at ?? 0);
      // The suite waited for ready before starting: the row is there.
      const before = await checkedAt();
      expect(before).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await call('/api/ready')).status).toBe(200);
      expect(await checkedAt()).toBeGreaterThan(before);
    } finally {
      db.close();
    }
  });

  it('answers ready at once, 503 with Retry-After, while the database refuses writes', async () => {
    const interruption = await target.interruptDatabase();
    try {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const ready = await call('/api/ready');
        const ms = performance.now() - started;
        expect(ready.status).toBe(503);
        expect(ready.body.error.code).toMatch(/^database_(busy|unavailable)$/);
        expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(ms).toBeLessThan(1_000);
      }
    } finally {
      await interruption.restore();
    }
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await call('/api/ready')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });

  it('serves /metrics to the operator’s token on Node, and not at all on Workers', async () => {
    const scrape = (authorization?: string) =>
      fetch(`${target.url}/metrics`, authorization ? { headers: { authorization } } : {});
    const answer = await scrape(`Bearer ${TARGET_METRICS_TOKEN}`);
    if (name.startsWith('Workers')) {
      expect(answer.status).toBe(404);
      expect((await scrape()).status).toBe(404);
      return;
    }
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toMatch(/^spotless_http_requests_total\{route="\/api\/ready",method="GET",status="200"\} \d+$/m);
    expect(text).toMatch(/^spotless_outbox_pending \d+$/m);
    expect(text).toContain('spotless_database_busy_retries_total');
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
  });
});
