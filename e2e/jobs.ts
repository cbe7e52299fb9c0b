import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';

const ROOT = join(import.meta.dirname, '..');

/** Runs a scheduled job once, as an operator would (`npm run job`), on `server`'s database and clock. */
export async function runJob(server: TestServer, name: string): Promise<void> {
  await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['--conditions=@spotless/source', 'server/src/jobs/cli.ts', name],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        TEST_CLOCK_FILE: join(server.dataDir, 'clock'),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    },
  );
}
