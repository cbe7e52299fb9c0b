import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumProblem, nodeVersionProblem } from './preflight.mjs';

/**
 * A newcomer's first minutes: on a machine missing something, `npm start` and `npm test` stop at
 * once with one sentence naming it and the command that fixes it, never a stack trace.
 */

const ROOT = join(import.meta.dirname, '..');
const run = (args, env) => {
  const result = spawnSync('npm', args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};
const noStackTrace = (output) => expect(output).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);

describe('npm start and npm test on a machine missing something', () => {
  it('npm start with its port taken: one sentence naming the port and how to choose another, before building', async () => {
    const taken = createServer();
    await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = taken.address().port;
    try {
      const { status, output } = run(['start'], { PORT: String(port), HOST: '127.0.0.1' });
      expect(status).not.toBe(0);
      expect(output).toContain(
        `Port ${port} on 127.0.0.1 is already in use (another Spotless, or another program): stop it, or choose another port with \`PORT=${port + 1} npm start\`.`,
      );
      expect(output).not.toContain('vite');
      noStackTrace(output);
    } finally {
      taken.close();
    }
  });

  it('npm test with Chromium hidden: one sentence naming Chromium and the command that installs it', () => {
    const { status, output } = run(['test'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(status).not.toBe(0);
    expect(output).toContain('CHROMIUM_PATH names /nonexistent/chromium, which does not exist');
    expect(output).toContain('sudo apt-get install -y chromium');
    expect(output).not.toContain('biome');
    noStackTrace(output);
  });

  it('names Chromium when it is nowhere, and an old Node with the version it needs', () => {
    expect(chromiumProblem({ PATH: '' }, [])).toBe(
      'The browser tests need Chromium, which is not installed: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary), then run `npm test` again.',
    );
    expect(chromiumProblem({ PATH: '' }, [process.execPath])).toBeNull();
    expect(nodeVersionProblem('v18.20.4')).toBe(
      'Spotless needs Node.js 20.19 or newer, and this is v18.20.4: install a newer Node.js (for example `nvm install 20`), then run the command again.',
    );
    expect(nodeVersionProblem('v20.18.1')).not.toBeNull();
    expect(nodeVersionProblem('v20.19.0')).toBeNull();
    expect(nodeVersionProblem('v22.1.0')).toBeNull();
  });
});
