/**
 * `npm run bench:signups -w server`: what 50 sign-ups at once do to everyone else on the Workers
 * runtime (decision 055). The worker as deployed (wrangler's bundle) runs in workerd through
 * Miniflare over a local libSQL server; a probe asks `/api/health` every 20 ms before and while 50
 * new accounts register at once, and its latencies are what other requests wait. Prints a short
 * report and writes bench/results/workers-signups.json.
 */
import { startLibsqlServer, startWorker } from '../targets/targets';
import { percentile, runMain, writeResult } from './harness';

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 50);
const PROBE_EVERY_MS = 20;
const GOAL_P99_MS = 500;

async function probe(url: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return times;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  const db = await startLibsqlServer();
  const worker = await startWorker('bench', db.url, { AUTH_RATE_LIMIT: '100000' });
  try {
    // One sign-up first: its hash's cost alone, with nothing else running.
    const register = async (i: number) => {
      const started = performance.now();
      const res = await fetch(`${worker.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: worker.url },
        body: JSON.stringify({
          email: `signup-${i}-${Date.now()}@example.com`,
          password: 'bench-password-123',
          firstName: 'Bench',
          lastName: String(i),
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 201 && res.status !== 200) throw new Error(`register ${res.status}`);
      return performance.now() - started;
    };
    const alone = await register(-1);

    let baselineDone = false;
    const baselineRun = probe(worker.url, () => baselineDone);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    baselineDone = true;
    const baseline = (await baselineRun).sort((a, b) => a - b);

    let signupsDone = false;
    const during = probe(worker.url, () => signupsDone);
    const started = performance.now();
    const each = await Promise.all(Array.from({ length: SIGNUPS }, (_, i) => register(i)));
    const allMs = performance.now() - started;
    signupsDone = true;
    const probes = (await during).sort((a, b) => a - b);
    each.sort((a, b) => a - b);

    const report = {
      when: new Date().toISOString(),
      runtime: 'workerd (Miniflare) over a local libSQL server',
      signups: SIGNUPS,
      oneSignupAloneMs: round(alone),
      allSignupsMs: round(allMs),
      signupMs: { p50: round(percentile(each, 50)), p99: round(percentile(each, 99)) },
      otherRequests: {
        baseline: {
          probes: baseline.length,
          p50: round(percentile(baseline, 50)),
          p99: round(percentile(baseline, 99)),
        },
        duringSignups: {
          probes: probes.length,
          p50: round(percentile(probes, 50)),
          p99: round(percentile(probes, 99)),
          max: round(probes.at(-1) ?? 0),
        },
      },
      goals: { otherRequestsP99: { met: percentile(probes, 99) <= GOAL_P99_MS, goal: `≤ ${GOAL_P99_MS} ms` } },
    };
    console.log(
      `one sign-up alone ${report.oneSignupAloneMs} ms; ${SIGNUPS} at once: all done in ${report.allSignupsMs} ms (each p50 ${report.signupMs.p50} ms, p99 ${report.signupMs.p99} ms)`,
    );
    console.log(
      `/api/health meanwhile: p50 ${report.otherRequests.duringSignups.p50} ms, p99 ${report.otherRequests.duringSignups.p99} ms, max ${report.otherRequests.duringSignups.max} ms over ${probes.length} probes (idle: p50 ${report.otherRequests.baseline.p50} ms, p99 ${report.otherRequests.baseline.p99} ms) — goal p99 ≤ ${GOAL_P99_MS} ms: ${report.goals.otherRequestsP99.met ? 'met' : 'NOT met'}`,
    );
    writeResult('workers-signups', report);
  } finally {
    await worker.stop();
    await db.stop();
  }
}

runMain(main);
