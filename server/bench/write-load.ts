import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { SERVER_ROOT } from '../src/paths';
import { stopsWithUs } from '../targets/children';
import { percentile } from './harness';

/**
 * Writes at a fixed rate, each answer kept with its time, and the figures of any window of the
 * run: what a bench needs to say whether something running beside the server (a backup) made its
 * writes wait. A fixed rate well below what the server can take keeps queueing out of the
 * latencies; a wait shows as latency, not as a lower rate.
 */
export interface Answer {
  at: number;
  startedAt: number;
  ms: number;
  status: number;
}

type Json = Record<string, unknown>;

/** POST /api/bookings with `bodies` in turn at `rate` a second, until `stop` or `seconds`. */
export function bookAtRate(
  base: string,
  bodies: Json[],
  cookies: string[],
  options: { rate: number; connections: number; seconds: number },
) {
  let next = 0;
  const answers: Answer[] = [];
  const errors: number[] = [];
  const instance = autocannon({
    url: base,
    connections: options.connections,
    overallRate: options.rate,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          request.path = '/api/bookings';
          request.body = JSON.stringify(bodies[n % bodies.length]);
          request.headers = { 'content-type': 'application/json', origin: base, cookie: cookies[n % cookies.length]! };
          return request;
        },
      },
    ],
  }) as unknown as Promise<unknown> & {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
    on(event: 'reqError', listener: () => void): void;
    stop(): void;
  };
  instance.on('response', (_client, status, _bytes, ms) => {
    const at = Date.now();
    answers.push({ at, startedAt: at - ms, ms, status });
  });
  instance.on('reqError', () => errors.push(Date.now()));
  return { done: instance, answers, errors, stop: () => instance.stop() };
}

/**
 * The requests in flight at any moment of [from, to]: their latencies and failures. Not those
 * *sent* in it: each connection waits for its answer, so while the server is held nothing new
 * is sent, and the held requests were sent just before.
 */
export function figures(answers: Answer[], errors: number[], from: number, to: number) {
  const within = answers.filter((a) => a.startedAt <= to && a.at >= from);
  const ms = within.map((a) => a.ms).sort((x, y) => x - y);
  const round = (n: number) => Math.round(n * 10) / 10;
  const seconds = Math.max(0.001, (to - from) / 1000);
  return {
    seconds: round((to - from) / 1000),
    requests: within.length,
    answeredPerSecond: round(answers.filter((a) => a.at >= from && a.at <= to).length / seconds),
    p50Ms: round(percentile(ms, 50)),
    p99Ms: round(percentile(ms, 99)),
    maxMs: round(ms.at(-1) ?? 0),
    non2xx: within.filter((a) => a.status >= 300).length,
    status503: within.filter((a) => a.status === 503).length,
    errors: errors.filter((at) => at >= from && at <= to).length,
  };
}

/** Another process holding the database's write lock for `ms`, as a backup must not; when it held it. */
export async function holdWriteLock(file: string, ms: number): Promise<{ from: number; to: number }> {
  const script = `const { createClient } = require('@libsql/client');
    (async () => {
      const client = createClient({ url: ${JSON.stringify(`file:${file}`)} });
      await client.execute('PRAGMA busy_timeout = 10000');
      const tx = await client.transaction('write');
      const from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, ${ms}));
      await tx.commit();
      console.log(JSON.stringify({ from, to: Date.now() }));
    })();`;
  const child = stopsWithUs(
    spawn(process.execPath, ['-e', script], { cwd: SERVER_ROOT, stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk));
  await once(child, 'exit');
  return JSON.parse(out) as { from: number; to: number };
}
