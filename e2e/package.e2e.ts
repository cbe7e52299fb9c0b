import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CLEANER_ID } from './api';
import { DEMO_KEY } from './host-page';
import { useBrowser, useServer } from './server';

/**
 * The npm package as a developer gets it (docs/product/partners-and-widgets.md): `npm pack` makes a
 * tarball that installs in a fresh folder outside the workspace, and its entries work there — the
 * typed client searching the running server, the rules, the forms layer, the widgets and loader
 * modules, and the React components rendered on the server (an empty host element). In Chromium,
 * the React components in React 18 and in React 19 follow a changed prop (a new city searches
 * again) and ask nothing when the parent renders again with the same props.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const ROOT = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'spotless-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The React versions an app may bring (the SDK's peer dependency is `react >= 18`), pinned. */
const REACT = { 18: '18.3.1', 19: '19.2.9' } as const;

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

let tarball: string | undefined;
/** The SDK packed once for the file, as `npm publish` would send it. */
function packed(): string {
  if (!tarball) {
    npm(['pack', '-w', 'sdk', '--pack-destination', work, '--silent'], ROOT);
    const name = readdirSync(work).find((file) => file.endsWith('.tgz'));
    expect(name).toMatch(/^spotless-sdk-\d+\.\d+\.\d+\.tgz$/);
    tarball = join(work, name as string);
  }
  return tarball;
}

const apps = new Map<number, string>();
/** A fresh app folder outside the workspace with the tarball and one React installed (from the cache, else the registry). */
function appWith(major: keyof typeof REACT): string {
  const found = apps.get(major);
  if (found) return found;
  const app = join(work, `app-react-${major}`);
  mkdirSync(app, { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: `fresh-app-${major}`, private: true, type: 'module' }),
  );
  const version = REACT[major];
  npm(
    ['install', packed(), `react@${version}`, `react-dom@${version}`, '--no-audit', '--no-fund', '--prefer-offline'],
    app,
  );
  apps.set(major, app);
  return app;
}

describe('the packed npm package', () => {
  it('installs from its tarball in a fresh folder and works there', () => {
    const app = appWith(19);
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

  for (const major of [18, 19] as const) {
    it(`follows a changed prop and asks nothing on a re-render with the same props, in React ${major}`, async () => {
      const app = appWith(major);
      // A parent that passes new objects on every render (appearance, callbacks), as apps do.
      writeFileSync(
        join(app, 'main.mjs'),
        `
import { createElement as h, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import { SpotlessBooking, SpotlessSearch } from '@spotless/sdk/react';
const searches = [];
function App() {
  const [city, setCity] = useState('Austin');
  const [renders, setRenders] = useState(0);
  Object.assign(window, { __app: { version, searches, setCity, rerender: () => setRenders((n) => n + 1) } });
  const common = { publishableKey: ${JSON.stringify(DEMO_KEY)}, baseUrl: ${JSON.stringify(baseUrl)}, appearance: { radius: '4px' } };
  return h('main', { 'data-renders': renders },
    h(SpotlessSearch, { ...common, city, onEvent: { search: (d) => searches.push(d.filters.location) } }),
    h(SpotlessBooking, { ...common, cleanerId: ${DEMO_CLEANER_ID}, onEvent: { ready: () => {} } }));
}
createRoot(document.getElementById('root')).render(h(App));
`,
      );
      const bundle = await build({
        entryPoints: [join(app, 'main.mjs')],
        absWorkingDir: app,
        bundle: true,
        format: 'esm',
        write: false,
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
      });
      const code = bundle.outputFiles[0]?.text ?? '';
      const site = createServer((req, res) => {
        if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
        else
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              '<!doctype html><html lang="en"><title>App</title><div id="root"></div><script type="module" src="/app.js"></script>',
            );
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      const port = (site.address() as { port: number }).port;
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const asked: string[] = [];
        page.on('request', (request) => {
          if (request.url().startsWith(`${baseUrl}/api/`)) asked.push(request.url().slice(baseUrl.length));
        });
        // `localhost`: another origin than the API's, one the demo partner allows.
        await page.goto(`http://localhost:${port}/`);
        const app = () =>
          page.evaluate(() => (window as unknown as { __app: { version: string; searches: string[] } }).__app);
        await expect.poll(async () => (await app()).searches, { timeout: 15_000 }).toEqual(['Austin']);
        expect((await app()).version.split('.')[0]).toBe(String(major));
        const search = page.locator('[data-spotless-widget="search"]');
        const booking = page.locator('[data-spotless-widget="booking"]');
        await expect
          .poll(() => search.locator('[part="results"]').textContent(), { timeout: 15_000 })
          .toContain('Austin, TX');
        await expect
          .poll(
            async () =>
              (await booking.locator('[part="slot"]').count()) > 0 ||
              /No free times/.test((await booking.textContent()) ?? ''),
            {
              timeout: 15_000,
            },
          )
          .toBe(true);
        const before = asked.length;

        // Three renders of the parent with the same props, then a new city: one request, the new search.
        for (let i = 1; i <= 3; i++) {
          await page.evaluate(() => (window as unknown as { __app: { rerender(): void } }).__app.rerender());
          await expect.poll(() => page.locator('main').getAttribute('data-renders')).toBe(String(i));
        }
        await page.evaluate(() =>
          (window as unknown as { __app: { setCity(c: string): void } }).__app.setCity('Denver'),
        );
        await expect.poll(async () => (await app()).searches, { timeout: 15_000 }).toEqual(['Austin', 'Denver']);
        await expect
          .poll(() => search.locator('[part="results"]').textContent(), { timeout: 15_000 })
          .toContain('Denver, CO');
        expect(await search.getByLabel('City').inputValue()).toBe('Denver');
        expect(asked.slice(before)).toEqual([expect.stringMatching(/^\/api\/cleaners\?(.*&)?location=Denver(&|$)/)]);
      } finally {
        await context.close();
        site.closeAllConnections();
        await new Promise<void>((resolve) => site.close(() => resolve()));
      }
    }, 240_000);
  }
});
