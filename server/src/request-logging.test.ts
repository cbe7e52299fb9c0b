import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { openDatabase } from './db/open';
import { type JobDeps, runJob } from './jobs/registry';
import { createLogger } from './lib/logger';
import { ORIGIN, seedWorld } from './test/booking-fixtures';
import { createTestContext } from './test/harness';

/**
 * Every line written while a request is served carries its request id (the access log, the error
 * renderer, services, the assistant's engine), and every line of a job run its run id, with no
 * service passing them along by hand (decision 067).
 */

type Line = Record<string, unknown> & { message: string };
const lines: Line[] = [];
const logger = createLogger('debug', (line) => lines.push(JSON.parse(line) as Line));

// A model endpoint that refuses connections: each chat turn falls back to the offline engine and
// the engine says so in the log, from inside the service, in the middle of the request.
const ctx = await createTestContext({
  config: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'test-model' },
});
await seedWorld(ctx);
const app = createApp({ ...ctx.deps, logger });

async function chat(requestId: string, message: string) {
  const headers = { origin: ORIGIN, 'x-request-id': requestId, 'content-type': 'application/json' };
  const started = await app.request('/api/chat/session', { method: 'POST', headers });
  const { actions } = (await started.json()) as { actions: { sendMessage: { href: string } } };
  const res = await app.request(actions.sendMessage.href, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message }),
  });
  expect(res.status).toBe(200);
}

describe('the request id on every line of a request', () => {
  it('is on the access log, the service’s and the engine’s lines, for requests served at once', async () => {
    lines.length = 0;
    await Promise.all([
      chat('first-request', 'What is the cancellation policy?'),
      chat('second-request', 'How do I pay?'),
    ]);
    for (const requestId of ['first-request', 'second-request']) {
      const mine = lines.filter((l) => l.requestId === requestId).map((l) => l.message);
      expect(mine, requestId).toEqual(expect.arrayContaining(['assistant.fallback', 'chat turn', 'request']));
    }
    expect(lines.filter((l) => l.requestId === undefined)).toEqual([]);
  });

  it('is on the error renderer’s line', async () => {
    const database = await openDatabase('http://127.0.0.1:9');
    afterAll(() => database.close());
    lines.length = 0;
    const down = createApp({ ...ctx.deps, database, logger });
    const res = await down.request('/api/services', { headers: { 'x-request-id': 'while-down' } });
    expect(res.status).toBe(503);
    const warning = lines.find((l) => l.message === 'database unavailable');
    expect(warning?.requestId).toBe('while-down');
    expect(lines.every((l) => l.requestId === 'while-down')).toBe(true);
  });
});

describe('the job run id on every line of a job run', () => {
  it('names the job and the run on the job’s own lines and on the runner’s', async () => {
    lines.length = 0;
    const deps = { ...ctx.deps, logger };
    const chatty = {
      name: 'chatty',
      schedule: '* * * * *',
      run: async (jobDeps: JobDeps) => {
        jobDeps.logger.info('working');
        throw new Error('broke');
      },
    };
    await runJob(chatty, deps);
    await runJob(chatty, deps);
    expect(lines.map((l) => l.message)).toEqual(['working', 'job failed', 'working', 'job failed']);
    for (const line of lines) expect(line).toMatchObject({ job: 'chatty', jobRunId: expect.any(String) });
    const [first, , third] = lines;
    expect(lines[1]?.jobRunId).toBe(first?.jobRunId);
    expect(third?.jobRunId).not.toBe(first?.jobRunId);
  });
});
