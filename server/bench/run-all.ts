/** `npm run bench`: every benchmark of the server, one after another. */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const benches = [
  'request-path.bench.ts',
  'search.bench.ts',
  'reads.bench.ts',
  'database-paths.bench.ts',
  'assistant.bench.ts',
];

for (const file of benches) {
  console.log(`\n── ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
