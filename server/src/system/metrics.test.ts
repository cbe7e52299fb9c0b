import { createClient } from '@libsql/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ConfigError, parseConfig } from '../config';
import { openDatabase } from '../db/open';
import { JOBS, runJob } from '../jobs/registry';
import { createLogger } from '../lib/logger';
import { prometheusMetrics } from '../node-metrics';
import { enqueueNotification } from '../notifications/outbox';
import { seedWorld } from '../test/booking-fixtures';
import { createTestContext, testConfig } from '../test/harness';

/**
 * `/metrics` (decision 067): Prometheus text for a scraper holding METRICS_TOKEN, counted through
 * the `Metrics` port. Route labels are the patterns that answered, never raw paths.
 */

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const ctx = await createTestContext();
await seedWorld(ctx);
const metrics = prometheusMetrics();
// The file again, with the busy observer the Node entry gives it.
const database = await openDatabase(`file:${ctx.file}`, undefined, { onBusyRetry: () => metrics.databaseBusyRetry() });
afterAll(() => database.close());
const deps = { ...ctx.deps, database, metrics, config: testConfig({ METRICS_TOKEN: TOKEN }) };
const app = createApp(deps);

const scrape = async () => {
  const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of the one series whose name and labels start as given. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

const releases: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const release of releases.splice(0)) await release();
});

describe('GET /metrics', () => {
  it('does not exist without a token configured, or without the metrics port (Workers)', async () => {
    expect((await createApp({ ...deps, config: testConfig() }).request('/metrics')).status).toBe(404);
    const workerLike = createApp({ ...deps, metrics: undefined });
    expect((await workerLike.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('refuses a scraper without the token, with another one, or with another scheme', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer wrong',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await app.request('/metrics', authorization ? { headers: { authorization } } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('spotless_');
    }
  });

  it('counts requests by the route pattern that answered them, never the raw path', async () => {
    for (const id of [1, 2, 1]) expect((await app.request(`/api/cleaners/${id}`)).status).toBe(200);
    expect((await app.request('/api/cleaners/999999')).status).toBe(404);
    expect((await app.request('/api/no-such-thing/42')).status).toBe(404);
    await app.request('/api/health');
    const text = await scrape();
    const answered = (route: string, status: number) =>
      seriesValue(text, `spotless_http_requests_total{route="${route}",method="GET",status="${status}"}`);
    expect(answered('/api/cleaners/:id', 200)).toBe(3);
    expect(answered('/api/cleaners/:id', 404)).toBe(1);
    expect(answered('/api/health', 200)).toBe(1);
    // A path no route serves counts under the middleware that saw it last, not under its own name.
    expect(answered('/api/*', 404)).toBe(1);
    expect(text).not.toMatch(/route="\/api\/cleaners\/\d/);
    expect(text).not.toContain('no-such-thing');
    expect(
      seriesValue(text, 'spotless_http_request_duration_seconds_count{route="/api/cleaners/:id",method="GET"}'),
    ).toBe(4);
    expect(text).toContain('spotless_http_request_duration_seconds_bucket{le="0.005",route="/api/cleaners/:id"');
    // Node's own: the event loop's delay is what an alert on a stalled process reads.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts a busy database: the writes that waited for the lock and the 503 when it outlasted the wait', async () => {
    const holder = createClient({ url: `file:${ctx.file}` });
    const tx = await holder.transaction('write');
    await tx.execute('update users set updated_at = updated_at where id = -1');
    releases.push(async () => {
      await tx.rollback();
      holder.close();
    });
    const before = await scrape();
    const refused = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Pat',
        lastName: 'Lee',
        email: 'p@example.com',
        subject: 'Hi',
        message: 'A question.',
      }),
    });
    expect(refused.status).toBe(503);
    const after = await scrape();
    const retries = (text: string) => seriesValue(text, 'spotless_database_busy_retries_total') ?? 0;
    expect(retries(after)).toBeGreaterThan(retries(before) + 2);
    const busy = (text: string) => seriesValue(text, 'spotless_database_unavailable_total{failure="busy"}') ?? 0;
    expect(busy(after)).toBe(busy(before) + 1);
    expect(seriesValue(after, 'spotless_http_requests_total{route="/api/contact",method="POST",status="503"}')).toBe(1);
  });

  it('counts job runs by outcome, and when each last succeeded', async () => {
    const jobDeps = { ...deps, logger: createLogger('silent') };
    const broken = { name: 'broken-job', schedule: '* * * * *', run: async () => Promise.reject(new Error('no')) };
    await runJob(broken, jobDeps);
    await runJob(broken, jobDeps);
    const purge = JOBS.find((j) => j.name === 'purge-expired');
    if (!purge) throw new Error('purge-expired is not a job');
    await runJob(purge, jobDeps);
    const text = await scrape();
    expect(seriesValue(text, 'spotless_job_runs_total{job="broken-job",outcome="failed"}')).toBe(2);
    expect(seriesValue(text, 'spotless_job_runs_total{job="purge-expired",outcome="succeeded"}')).toBe(1);
    expect(seriesValue(text, 'spotless_job_last_success_timestamp_seconds{job="purge-expired"}')).toBeGreaterThan(0);
    expect(text).not.toContain('spotless_job_last_success_timestamp_seconds{job="broken-job"}');
    expect(seriesValue(text, 'spotless_job_duration_seconds_count{job="broken-job"}')).toBe(2);
  });

  it('reads the notifications outbox at each scrape', async () => {
    const now = ctx.clock.now();
    const earlier = new Date(now.getTime() - 90_000);
    await database.write(async (tx) => {
      for (const [i, at] of [earlier, now, new Date(now.getTime() + 60_000)].entries())
        await enqueueNotification(tx, at, {
          type: 'test',
          recipientEmail: `o${i}@example.com`,
          subject: 'Hi',
          body: 'Hello',
        });
    });
    const text = await scrape();
    expect(seriesValue(text, 'spotless_outbox_pending ')).toBeGreaterThanOrEqual(3);
    expect(seriesValue(text, 'spotless_outbox_oldest_due_seconds ')).toBeGreaterThanOrEqual(90);
    expect(seriesValue(text, 'spotless_outbox_failed ')).toBe(0);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be a long secret, named in the error', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => parseConfig({ METRICS_TOKEN: `${'x'.repeat(32)} y` })).toThrow(/METRICS_TOKEN/);
    expect(parseConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(parseConfig({}).metricsToken).toBeUndefined();
  });
});
