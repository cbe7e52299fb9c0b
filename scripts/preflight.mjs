// What `npm start` and `npm test` need from a fresh machine, checked before anything is built: each
// problem is one sentence naming what is missing and the command that fixes it, never a stack trace.
// Plain JavaScript that an older Node can parse, so the Node version check itself can run.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
/** The oldest Node the workspace runs on (package.json `engines`). */
export const NODE_MINIMUM = [20, 19];

/** The sentence for a Node older than the workspace needs, else null. */
export function nodeVersionProblem(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = NODE_MINIMUM;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Spotless needs Node.js ${needMajor}.${needMinor} or newer, and this is ${version}: install a newer Node.js (for example \`nvm install 20\`), then run the command again.`;
}

/** The sentence when `npm install` has not been run, else null. */
export function dependenciesProblem(root = ROOT) {
  if (existsSync(join(root, 'node_modules', 'hono')) && existsSync(join(root, 'node_modules', 'vitest'))) return null;
  return 'The dependencies are not installed: run `npm install`, then run the command again.';
}

/** Debian's Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium or `chromium` on the PATH. */
export function chromiumProblem(env = process.env, usual = ['/usr/bin/chromium']) {
  if (env.CHROMIUM_PATH) {
    if (existsSync(env.CHROMIUM_PATH)) return null;
    return `CHROMIUM_PATH names ${env.CHROMIUM_PATH}, which does not exist: point it at a Chromium binary, or unset it after \`sudo apt-get install -y chromium\`, then run \`npm test\` again.`;
  }
  const candidates = [...usual, ...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'chromium'))];
  if (candidates.some((path) => path && existsSync(path))) return null;
  return 'The browser tests need Chromium, which is not installed: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary), then run `npm test` again.';
}

/** The sentence when the server's port is taken, else null. */
export function portProblem(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => {
      if (error.code === 'EADDRINUSE') {
        resolve(
          `Port ${port} on ${host} is already in use (another Spotless, or another program): stop it, or choose another port with \`PORT=${port + 1} npm start\`.`,
        );
      } else if (error.code === 'EACCES') {
        resolve(`Port ${port} on ${host} may not be used by this user: choose another with \`PORT=8787 npm start\`.`);
      } else {
        resolve(`Cannot listen on ${host}:${port} (${error.code}): set HOST and PORT to an address of this machine.`);
      }
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/** Every problem standing in the way of `command` ('start' or 'test'), as sentences. */
export async function problemsFor(command, env = process.env) {
  const problems = [nodeVersionProblem(process.version), dependenciesProblem()];
  if (command === 'start') {
    const port = Number(env.PORT ?? 8787);
    problems.push(await portProblem(Number.isInteger(port) ? port : 8787, env.HOST ?? '127.0.0.1'));
  }
  if (command === 'test') problems.push(chromiumProblem(env));
  return problems.filter((problem) => problem !== null);
}

/** Prints each problem and exits 1, or returns when there is none. */
export async function preflight(command) {
  const problems = await problemsFor(command);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await preflight(process.argv[2] ?? 'start');
}
