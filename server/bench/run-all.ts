/**
 * `npm run bench`: every benchmark of the server, one after another, then one table of every goal
 * the result files in bench/results/ state and whether the latest run met it, and the figures of
 * docs/performance.md rewritten from those files (`npm run bench -w server -- --summary` prints
 * only the table, from the files as they are, and writes nothing).
 * `npm run bench:load` (12 minutes, most of it the soak) runs only when asked; its latest goals
 * are in the table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULTS_DIR } from './harness';
import { BENCHES, PAGE, README, writePage, writeReadme } from './page';
import { type Goal, goalsOf, readResult } from './results';

const here = dirname(fileURLToPath(import.meta.url));
const benches = [
  'request-path.bench.ts',
  'search.bench.ts',
  'reads.bench.ts',
  'database-paths.bench.ts',
  'assistant.bench.ts',
  'workers-signups.bench.ts',
  'uploads.bench.ts',
  'ledger.bench.ts',
  'backup.bench.ts',
];

/** The hosted app's benches (the repository's scripts/) measure the built product. */
const root = join(here, '..', '..');
const builtBenches = ['bench-size.mjs', 'bench-lighthouse.mjs'];

if (!process.argv.includes('--summary')) {
  for (const file of benches) {
    console.log(`\n── ${file}`);
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const built =
    existsSync(join(root, 'server', 'dist', 'node.js')) && existsSync(join(root, 'admin', 'dist', 'index.html'));
  for (const file of builtBenches) {
    console.log(`\n── ${file}`);
    if (!built) {
      console.log('skipped: the product is not built (run `npm run build` first)');
      continue;
    }
    const result = spawnSync(process.execPath, [join(root, 'scripts', file)], { stdio: 'inherit', cwd: root });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const table: Goal[] = [];
console.log('\n── goals (bench/results/*.json)');
for (const name of Object.keys(BENCHES)) {
  const result = readResult(RESULTS_DIR, name);
  if (!result) continue;
  const rows = goalsOf(name, result);
  if (rows.length === 0) continue;
  table.push(...rows);
  console.log(`${name} (${rows[0]?.when.slice(0, 10)})${typeof result.goal === 'string' ? ` — ${result.goal}` : ''}`);
  for (const row of rows) console.log(`  ${row.met ? 'met    ' : 'NOT met'}  ${row.goal}`);
}
console.log(`${table.filter((r) => r.met).length} of ${table.length} goals met`);

if (!process.argv.includes('--summary')) {
  console.log(`\n── ${writePage() ? 'rewrote' : 'unchanged:'} the figures of ${PAGE}`);
  console.log(`── ${writeReadme() ? 'rewrote' : 'unchanged:'} the headline figures of ${README}`);
}
