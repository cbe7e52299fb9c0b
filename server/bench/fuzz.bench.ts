/**
 * `npm run bench:fuzz` (decision 066): the long run of the hostile-input test. Every operation of
 * the table gets FUZZ_RUNS generated requests (default 400) from seed FUZZ_SEED (default: the
 * time), as every kind of caller, through the app in this process over a fresh seeded database.
 * Goal: no 5xx, no unhandled rejection, every refusal in the API's error shape, no partial write.
 * Prints a short report and writes bench/results/fuzz.json; exits 1 on any violation, so a seed
 * that found one can be run again with FUZZ_SEED. FUZZ_ONLY=createBooking,searchCleaners fuzzes
 * those operations only; FUZZ_TRACE=1 prints every request and its answer.
 */
import { API_OPERATIONS } from '../src/operations';
import { formatFigures, runHostile, watchRejections } from '../src/test/hostile/run';
import { buildWorld, openFuzzContext } from '../src/test/hostile/world';
import { writeResult } from './harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const ONLY = process.env.FUZZ_ONLY?.split(',');
const TRACE = process.env.FUZZ_TRACE === '1';

async function main() {
  const rejections = watchRejections();
  const ctx = await openFuzzContext();
  try {
    const world = await buildWorld(ctx);
    const operations = ONLY ? API_OPERATIONS.filter((op) => ONLY.includes(op.operationId)) : API_OPERATIONS;
    console.log(`Fuzzing ${operations.length} operations, ${RUNS} requests each, seed ${SEED}`);
    let last = performance.now();
    const figures = await runHostile(world, {
      seed: SEED,
      runs: RUNS,
      operations,
      rejections: rejections.count,
      ...(TRACE
        ? {
            trace: (request: string, status: number, answer: string) =>
              console.log(status, request, answer.slice(0, 200)),
          }
        : {}),
      progress: (operationId, done) => {
        if (performance.now() - last < 10_000) return;
        last = performance.now();
        console.log(`  … ${done} requests, at ${operationId}`);
      },
    });
    console.log(formatFigures(figures));
    for (const reason of rejections.seen.slice(0, 3)) console.log('unhandled:', reason);
    writeResult('fuzz', { ...figures, when: new Date().toISOString() });
    const clean = figures.serverErrors === 0 && figures.unhandledRejections === 0 && figures.violations.length === 0;
    process.exitCode = clean ? 0 : 1;
  } finally {
    rejections.stop();
    ctx.close();
  }
}

await main();
