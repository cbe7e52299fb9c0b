import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startLibsqlServer } from './targets';

/**
 * `npm run dev:worker`: the worker in the local Workers runtime (wrangler dev, workerd from npm)
 * over a local libSQL server with the migrations and demo data applied. Offline; stop with Ctrl-C.
 */
const db = await startLibsqlServer();
console.log(`libSQL server on ${db.url} (migrated, demo data)`);
const wrangler = spawn(
  join(ROOT, 'node_modules', '.bin', 'wrangler'),
  [
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    process.env.PORT ?? '8788',
    '--var',
    `DATABASE_URL:${db.url}`,
    '--var',
    'NODE_ENV:development',
    '--var',
    `PUBLIC_URL:http://127.0.0.1:${process.env.PORT ?? '8788'}`,
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
);
const stop = async () => {
  wrangler.kill('SIGTERM');
  await db.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
wrangler.on('exit', async (code) => {
  await db.stop();
  process.exit(code ?? 0);
});
