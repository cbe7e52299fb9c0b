import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Node waits, as a process exits, for every piece of work queued in libuv's thread pool. A burst of
 * sign-ins queued its scrypt hashes there, so a server told to stop kept running until all of them
 * were done (27 s after a SIGTERM, 40 sign-ins in flight). Hashes beyond the few that run now must
 * wait in JavaScript, which an exiting process simply drops.
 */

const CHILD = `
const { hashPassword } = await import(${JSON.stringify(join(import.meta.dirname, 'password.ts'))});
let started = performance.now();
await hashPassword('one alone');
const oneMs = performance.now() - started;
for (let i = 0; i < 24; i++) void hashPassword('burst ' + i);
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ oneMs }) + '\\n');
process.exit(0);
`;

function run(): Promise<{ oneMs: number; exitMs: number }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@spotless/source', '--import', 'tsx', '--input-type=module', '-e', CHILD],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let oneMs = -1;
    let exitCalledAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      oneMs = (JSON.parse(chunk.toString()) as { oneMs: number }).oneMs;
      exitCalledAt = performance.now();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0 || oneMs < 0) reject(new Error(`child exited ${code}`));
      else resolve({ oneMs, exitMs: performance.now() - exitCalledAt });
    });
  });
}

describe('password hashes and the process exit', () => {
  it('exits within a couple of hashes’ time while 24 hashes wait', { timeout: 120_000 }, async () => {
    const { oneMs, exitMs } = await run();
    // Before: the exit waited for all 24 (about 12 hashes' time on 2 cores); now for the two running.
    expect(exitMs).toBeLessThan(oneMs * 4 + 500);
  });
});
