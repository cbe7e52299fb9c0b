import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from './server';

/**
 * The npm package as a developer gets it (docs/product/partners-and-widgets.md): `npm pack` makes a
 * tarball that installs in a fresh folder outside the workspace, and its entries work there — the
 * typed client searching the running server, the rules, the forms layer, the widgets and loader
 * modules, and the React components rendered on the server (an empty host element).
 */

const server = await useServer();
const { baseUrl } = server;
const ROOT = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'spotless-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

describe('the packed npm package', () => {
  it('installs from its tarball in a fresh folder and works there', () => {
    npm(['pack', '-w', 'sdk', '--pack-destination', work, '--silent'], ROOT);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    expect(tarball).toMatch(/^spotless-sdk-\d+\.\d+\.\d+\.tgz$/);
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }));
    npm(
      [
        'install',
        join(work, tarball as string),
        'react@~19.2.0',
        'react-dom@~19.2.0',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
      ],
      app,
    );
    writeFileSync(
      join(app, 'check.mjs'),
      `
import { createClient } from '@spotless/sdk';
import { quoteTotalCents, isOriginPattern } from '@spotless/sdk/rules';
import { initialValues } from '@spotless/sdk/forms';
import { mount } from '@spotless/sdk/widgets';
import { installLoader } from '@spotless/sdk/loader';
import { SpotlessSearch } from '@spotless/sdk/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
const spotless = createClient({ baseUrl: process.argv[2] });
const found = await spotless.cleaners.list({ location: 'Austin', pageSize: 2 });
console.log(JSON.stringify({
  cleaners: found.items.length,
  quote: quoteTotalCents({ hourlyRate: '45.00', durationMinutes: 120, basePrice: '80.00' }),
  origin: isOriginPattern('http://127.0.0.1:*'),
  form: initialValues({ fields: [{ name: 'a', type: 'text', required: true, value: 'x' }] }),
  widgets: typeof mount, loader: typeof installLoader,
  ssr: renderToString(createElement(SpotlessSearch, { publishableKey: 'pk_x', baseUrl: 'https://x.example', city: 'Austin' })),
}));
`,
    );
    const out = execFileSync(process.execPath, ['check.mjs', baseUrl], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toEqual({
      cleaners: 2,
      quote: 9000,
      origin: true,
      form: { a: 'x' },
      widgets: 'function',
      loader: 'function',
      ssr: '<div data-spotless-widget="search"></div>',
    });
    // The types ship too.
    const dist = readdirSync(join(app, 'node_modules/@spotless/sdk/dist'));
    for (const entry of ['index', 'rules', 'client', 'forms', 'widgets', 'loader', 'react']) {
      expect(dist, entry).toContain(`${entry}.d.ts`);
    }
  }, 240_000);
});
