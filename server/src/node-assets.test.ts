import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { nodeAssets } from './node-assets';
import { seedWorld } from './test/booking-fixtures';
import { createTestContext } from './test/harness';

const ctx = await createTestContext();
// Cleaners 1 to 4: a profile's page is a page only for a cleaner who exists.
await seedWorld(ctx);
const dir = mkdtempSync(join(tmpdir(), 'spotless-assets-'));
const adminDist = join(dir, 'admin');
const sdkDist = join(dir, 'sdk');
mkdirSync(join(adminDist, 'assets'), { recursive: true });
mkdirSync(sdkDist, { recursive: true });
writeFileSync(join(adminDist, 'index.html'), '<!doctype html><head><title>Spotless</title></head>');
// What scripts/page-chunks.mjs writes: a lazily loaded page's files.
writeFileSync(
  join(adminDist, 'page-chunks.json'),
  JSON.stringify({ '/cleaner/:id': { js: ['/assets/profile-x1.js'], css: ['/assets/profile-x2.css'] } }),
);
writeFileSync(join(adminDist, 'assets', 'app-abc.js'), 'console.log(1)');
writeFileSync(join(sdkDist, 'spotless.global.js'), 'var SpotlessSDK={}');
// What scripts/precompress.mjs writes beside a built file.
writeFileSync(join(adminDist, 'assets', 'app-abc.js.br'), 'brotli bytes');
writeFileSync(join(adminDist, 'assets', 'app-abc.js.gz'), 'gzip bytes');
const app = createApp({ ...ctx.deps, assets: nodeAssets({ adminDist, sdkDist }) });

describe('nodeAssets', () => {
  it('serves built files with long-lived caching for hashed assets', async () => {
    const res = await app.request('/assets/app-abc.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the compressed copy the browser accepts, brotli first, and plain bytes to one that accepts none', async () => {
    const br = await app.request('/assets/app-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(await br.text()).toBe('brotli bytes');
    const gz = await app.request('/assets/app-abc.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('gzip bytes');
    const plain = await app.request('/assets/app-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('answers client routes with index.html so deep links load the app', async () => {
    for (const path of ['/', '/about', '/cleaner/1', '/booking/1', '/booking/1/2']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Spotless</title>');
    }
  });

  it('names the lazily loaded files of the page asked for in its HTML, and none on other pages', async () => {
    const profile = await (await app.request('/cleaner/1')).text();
    expect(profile).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/cleaners/1">');
    expect(profile).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-x1.js">');
    expect(profile).toContain('<link rel="preload" as="style" crossorigin href="/assets/profile-x2.css">');
    expect(await (await app.request('/about')).text()).not.toContain('modulepreload');
  });

  it('answers a path that is no page with the app (its Not Found page) and status 404', async () => {
    for (const path of ['/no-such-page', '/cleaner', '/cleaner/12/extra']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<title>Spotless</title>');
    }
  });

  it('answers a cleaner’s page for no such cleaner with the app and status 404, preloading its code but not its failing read', async () => {
    for (const path of ['/cleaner/999999', '/cleaner/abc', '/cleaner/0', '/booking/999999', '/booking/999999/1']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('<title>Spotless</title>');
    }
    const missing = await (await app.request('/cleaner/999999')).text();
    expect(missing).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-x1.js">');
    expect(missing).not.toContain('/api/cleaners/999999');
  });

  it('gives 404 for a missing file, and JSON 404 under /api', async () => {
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    const api = await app.request('/api/missing');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves SDK bundles to any origin', async () => {
    const res = await app.request('/sdk/spotless.global.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull();
  });
});
