// `npm run bench:lighthouse`: Lighthouse's performance audit (its default mobile preset: a
// mid-range phone, 4× slower CPU, slow 4G) on the built product, as `npm start` serves it, for the
// pages of decisions 057–059. Debian's Chromium (CHROMIUM_PATH) runs it. Lighthouse is fetched by
// npx at a pinned version and not kept in the workspace: it is about 185 MB and no test needs it
// (decision 057). Each page is audited RUNS times (default 3) and the median run by score is kept.
// Prints a table and writes server/bench/results/lighthouse.json with each goal met or not.
// Run `npm run build` first.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/cleaners', '/search', '/cleaner/1', '/booking/1'];
const GOALS = { performance: 90, lcpMs: 2500, cls: 0.1, tbtMs: 200 };

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'spotless-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server/dist/node.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    PUBLIC_URL: base,
    NODE_ENV: 'development',
    SCHEDULED_JOBS: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  // A run that fails (Chromium can crash under load) is tried once more, then reported with its output.
  const audit = (path, attempt = 1) => {
    try {
      return auditOnce(path);
    } catch (error) {
      if (attempt < 2) return audit(path, attempt + 1);
      console.error(`lighthouse failed on ${path}:\n${error.stderr ?? error.message}`);
      throw error;
    }
  };

  const auditOnce = (path) => {
    const out = join(dir, 'report.json');
    execFileSync(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        `${base}${path}`,
        '--quiet',
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const a = report.audits;
    return {
      performance: Math.round(report.categories.performance.score * 100),
      lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
      cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
      tbtMs: Math.round(a['total-blocking-time'].numericValue),
      fcpMs: Math.round(a['first-contentful-paint'].numericValue),
    };
  };

  const pages = {};
  const goals = {};
  console.log('page            perf   LCP      CLS     TBT      FCP   (median of %d runs by score)', RUNS);
  for (const path of PAGES) {
    const runs = Array.from({ length: RUNS }, () => audit(path)).sort((x, y) => x.performance - y.performance);
    const m = runs[Math.floor(runs.length / 2)];
    pages[path] = { ...m, runs };
    goals[`${path} performance ≥ ${GOALS.performance}`] = m.performance >= GOALS.performance;
    goals[`${path} LCP ≤ 2.5 s`] = m.lcpMs <= GOALS.lcpMs;
    goals[`${path} CLS ≤ 0.1`] = m.cls <= GOALS.cls;
    goals[`${path} TBT ≤ 200 ms`] = m.tbtMs <= GOALS.tbtMs;
    console.log(
      `${path.padEnd(14)} ${String(m.performance).padStart(5)}  ${`${(m.lcpMs / 1000).toFixed(1)} s`.padStart(6)}  ${m.cls
        .toFixed(3)
        .padStart(6)}  ${`${m.tbtMs} ms`.padStart(7)}  ${`${(m.fcpMs / 1000).toFixed(1)} s`.padStart(6)}`,
    );
  }
  const out = process.env.BENCH_RESULTS_DIR ?? join('server', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const result = {
    when: new Date().toISOString(),
    lighthouse: LIGHTHOUSE,
    preset: 'mobile (default)',
    runs: RUNS,
    pages,
    goals,
  };
  writeFileSync(join(out, 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${join(out, 'lighthouse.json')}`);
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
