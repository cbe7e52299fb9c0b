/**
 * `npm run bench:faults`: what the server does when something it depends on fails, each fault on
 * loopback, bounded, and stopping by itself:
 *  (a) the libSQL server stops under load (Node over a local libSQL server);
 *  (b) the process is killed (SIGKILL) during 1,000 acknowledged booking and payment writes
 *      (Node over a libSQL file), then restarted and checked;
 *  (c) a deploy's SIGTERM with requests, uploads, sign-ins and jobs in flight;
 *  (d) the payment provider (Stripe, a loopback fake) stalls or fails;
 *  (e) the model endpoint (OpenAI, a loopback fake) refuses, stalls or fails;
 *  (f) file storage fails (the data folder cannot be written or read).
 * `FAULTS=a,c` runs some of them. Prints a short report per fault and writes
 * bench/results/faults.json; the server is `src/node.ts` in child processes
 * (BENCH_FAULTS_ENTRY=built: `dist/node.js`, after `npm run build`).
 */
import { type Json, machine } from './faults/common';
import { databaseOutage } from './faults/database-outage';
import { fileStorageFailing } from './faults/file-storage';
import { modelEndpointDown } from './faults/model-endpoint';
import { paymentProviderFailing } from './faults/payment-provider';
import { killDuringWrites } from './faults/sigkill';
import { deployStop } from './faults/sigterm';
import { writeResult } from './harness';

/** Each fault stops by itself well before this; past it the bench gives up on that fault. */
const FAULT_TIMEOUT_MS = 10 * 60_000;

const FAULTS: Record<string, { name: string; run: () => Promise<Json> }> = {
  a: { name: 'libsqlServerStops', run: databaseOutage },
  b: { name: 'sigkillDuringWrites', run: killDuringWrites },
  c: { name: 'sigtermDeploy', run: deployStop },
  d: { name: 'paymentProviderFails', run: paymentProviderFailing },
  e: { name: 'modelEndpointDown', run: modelEndpointDown },
  f: { name: 'fileStorageFails', run: fileStorageFailing },
};

async function main() {
  const chosen = (process.env.FAULTS ?? Object.keys(FAULTS).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s in FAULTS);
  const started = machine();
  console.log(`faults ${chosen.join(', ')}; load average ${started.loadAverage.join(' ')} on ${started.cores} cores`);
  const results: Record<string, Json> = {};
  const goals: Record<string, boolean> = {};
  for (const key of chosen) {
    const fault = FAULTS[key] as (typeof FAULTS)[string];
    const at = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const result = await Promise.race([
        fault.run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`gave up after ${FAULT_TIMEOUT_MS / 1000} s`)), FAULT_TIMEOUT_MS);
        }),
      ]);
      results[fault.name] = { ...result, seconds: Math.round((performance.now() - at) / 100) / 10, machine: machine() };
      for (const [goal, met] of Object.entries((result.goals ?? {}) as Record<string, boolean>)) {
        goals[`${key}.${goal}`] = met;
      }
    } catch (error) {
      console.error(`(${key}) failed:`, error);
      results[fault.name] = { error: String(error instanceof Error ? (error.stack ?? error.message) : error) };
      goals[`${key}.ran`] = false;
    } finally {
      clearTimeout(timer);
    }
  }
  const ended = machine();
  const met = Object.values(goals).filter(Boolean).length;
  console.log(`\n${met} of ${Object.keys(goals).length} goals met; load average ${ended.loadAverage.join(' ')}`);
  for (const [goal, ok] of Object.entries(goals)) if (!ok) console.log(`  NOT met: ${goal}`);
  writeResult('faults', {
    when: new Date().toISOString(),
    entry: process.env.BENCH_FAULTS_ENTRY === 'built' ? 'dist/node.js' : 'src/node.ts',
    machine: { atStart: started, atEnd: ended },
    faults: chosen,
    ...results,
    goals,
  });
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
