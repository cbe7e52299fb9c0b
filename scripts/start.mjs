// `npm start`: build the SDK bundles, the hosted app and the server, then run the whole product
// on the embedded defaults (or on whatever the environment configures).
import { spawn, spawnSync } from 'node:child_process';
import { preflight } from './preflight.mjs';

// A missing dependency, an old Node or a taken port is one sentence now, not a stack trace later.
await preflight('start');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['server/dist/node.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
