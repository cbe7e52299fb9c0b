// Builds and packs the SDK from this repo (`npm pack`), then installs that tarball here — what a
// developer gets from the registry — with this example's own dependencies. Outside the workspace.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const root = join(here, '..', '..');
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });
for (const old of readdirSync(here).filter((n) => n.endsWith('.tgz'))) rmSync(join(here, old));
run('npm', ['run', 'build', '-w', 'sdk'], root);
run('npm', ['pack', '-w', 'sdk', '--pack-destination', here, '--silent'], root);
const tarball = readdirSync(here).find((n) => n.endsWith('.tgz'));
run('npm', ['install', '--no-audit', '--no-fund'], here);
// Last, and not saved: the package.json stays free of a path that changes with each version.
run('npm', ['install', '--no-audit', '--no-fund', '--no-save', `./${tarball}`], here);
