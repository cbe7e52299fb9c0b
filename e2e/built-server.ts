import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

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

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  /** The file whose milliseconds are added to the server's clock (TEST_CLOCK_FILE, decision 040). */
  clockFile: string;
  /** The milliseconds the server's clock started ahead of the real time (0 without `startAt`). */
  clockOffsetMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** A data folder (database and files) the server starts from a copy of, instead of seeding its own. */
  from?: string;
  /** The instant the server's clock reads when it starts (then it runs on): seeds and rules see this time. */
  startAt?: Date;
  /** Keep the data folder when the server stops (a template for other servers). */
  keepData?: boolean;
}

/**
 * Runs the built product exactly as `npm start` does (server/dist/node.js serving admin/dist and
 * sdk/dist, embedded defaults, demo data) on a free loopback port and a throwaway data folder;
 * `env` adds to or replaces its settings (a test's Stripe on loopback, say).
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<BuiltServer> {
  for (const built of ['server/dist/node.js', 'admin/dist/index.html', 'sdk/dist/index.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-e2e-'));
  if (options.from) cpSync(options.from, dataDir, { recursive: true });
  const clockFile = join(dataDir, 'clock');
  const clockOffsetMs = options.startAt ? options.startAt.getTime() - Date.now() : 0;
  writeFileSync(clockFile, String(clockOffsetMs));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['server/dist/node.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_CLEANERS: '120',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Every browser test signs in from 127.0.0.1; the limit itself is covered by server tests.
      AUTH_RATE_LIMIT: '1000',
      // Every widget test calls through a key from 127.0.0.1, under a clock that does not run on its
      // own, so a minute's 300 keyed requests would be spent by the suite; the limit is tested apart.
      PARTNER_ADDRESS_RATE_LIMIT: '100000',
      // The browser tests' clock: a fixed start, moved by a test that needs time to pass.
      TEST_CLOCK_FILE: clockFile,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const removeData = () => {
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    removeData();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    clockFile,
    clockOffsetMs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      removeData();
    },
  };
}
