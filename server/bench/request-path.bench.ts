/**
 * `npm run bench:request-path` (decision 051): what the stack around a query costs. In one
 * run, each server in its own process and autocannon (50 connections) against it:
 *  - the floor: Hono's hello world on @hono/node-server (bare-hono.ts);
 *  - `/api/health` on the built product as `npm start` runs it (server/dist/node.js, embedded
 *    defaults, its access log on a pipe that is drained as a log collector would);
 *  - `/api/services/{id}`, distinct ids: one indexed SELECT through the whole stack.
 * Goal: health ≥ 50% of the bare hello world. Prints a table, writes bench/results/request-path.json.
 * Needs `npm run build` first.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ROOT } from '../src/paths';
import { stopsWithUs } from '../targets/children';
import { freePort } from '../targets/targets';
import { cleanUp, type Figures, load, runMain, stopServer, waitUntilAnswering, writeResult } from './harness';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function startBare(): Promise<{ base: string; child: ChildProcess }> {
  const child = stopsWithUs(
    spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bare-hono.ts', import.meta.url))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare Hono exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

async function startProduct(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = stopsWithUs(
    spawn(process.execPath, [join(SERVER_ROOT, 'dist', 'node.js')], {
      cwd: join(SERVER_ROOT, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_CLEANERS: '500' },
      // The access log goes to a pipe read as fast as it comes, as a log collector would.
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  child.stdout!.on('data', () => {});
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}/api/ready`, child);
  return { base, child };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!existsSync(join(SERVER_ROOT, 'dist', 'node.js')))
    throw new Error('server/dist/node.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-bench-path-'));
  const children: ChildProcess[] = [];
  const runs: Array<Record<string, Figures>> = [];
  try {
    // Seeds once: later starts find the data and only open it.
    const first = await startProduct(dataDir);
    const services = (await (await fetch(`${first.base}/api/services`)).json()) as { items: Array<{ id: number }> };
    const ids = services.items.map((s) => s.id);
    await stopServer(first.child);
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${DURATION} s each, 127.0.0.1, each server in its own process`,
    );
    for (let run = 0; run < RUNS; run++) {
      const figures: Record<string, Figures> = {};
      const bare = await startBare();
      children.push(bare.child);
      figures.bareHono = await load(bare.base, 'bare Hono hello world', () => '/', {
        connections: CONNECTIONS,
        duration: DURATION,
      });
      await stopServer(bare.child);
      const product = await startProduct(dataDir);
      children.push(product.child);
      figures.health = await load(product.base, '/api/health', () => '/api/health', {
        connections: CONNECTIONS,
        duration: DURATION,
      });
      figures.serviceById = await load(
        product.base,
        '/api/services/{id}',
        (i) => `/api/services/${ids[i % ids.length]}`,
        {
          connections: CONNECTIONS,
          duration: DURATION,
        },
      );
      await stopServer(product.child);
      runs.push(figures);
    }
    const pick = (name: string) => ({
      requestsPerSecond: median(runs.map((r) => r[name]!.requestsPerSecond)),
      p50Ms: median(runs.map((r) => r[name]!.p50Ms)),
      p99Ms: median(runs.map((r) => r[name]!.p99Ms)),
      errors: runs.reduce((sum, r) => sum + r[name]!.errors + r[name]!.non2xx, 0),
    });
    const bareHono = pick('bareHono');
    const health = pick('health');
    const serviceById = pick('serviceById');
    // Judged run by run (the machine's speed drifts between runs), then the median of the runs.
    const healthShare =
      Math.round(median(runs.map((r) => r.health!.requestsPerSecond / r.bareHono!.requestsPerSecond)) * 1000) / 1000;
    const report = {
      when: new Date().toISOString(),
      runs: RUNS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      goal: '/api/health ≥ 50% of a bare Hono hello world in the same run',
      bareHono,
      health: { ...health, shareOfBareHono: healthShare },
      serviceById: {
        ...serviceById,
        shareOfHealth:
          Math.round(median(runs.map((r) => r.serviceById!.requestsPerSecond / r.health!.requestsPerSecond)) * 1000) /
          1000,
      },
      goalMet: healthShare >= 0.5 && health.errors === 0,
      allRuns: runs,
    };
    console.log(
      `health: ${(healthShare * 100).toFixed(1)}% of bare Hono (goal ≥ 50%) — ${report.goalMet ? 'met' : 'NOT met'}; one-row read ${(report.serviceById.shareOfHealth * 100).toFixed(1)}% of health`,
    );
    writeResult('request-path', report);
  } finally {
    cleanUp(children, dataDir);
  }
}

runMain(main);
