import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { hashPassword, TEST_PASSWORD_COST } from './auth/password';
import { PaymentProviderError } from './lib/payment-provider';
import { SERVER_ROOT } from './paths';
import { providerErrorToAppError } from './payments/payments.service';
import { lockDemoAccounts, seedDemoData } from './seed/generate';
import { createTestContext } from './test/harness';
import { securityWorld } from './test/security-world';

/**
 * The security review's findings (SECURITY.md), one block each: the embedded default not exposed, the security headers on every HTML answer, and the low findings fixed while there. Every test here fails on
 * the code before the fix.
 */
const { ctx, call } = await securityWorld();

describe('7. the embedded default is not exposed', () => {
  it('locks the demo accounts when the embedded server listens beyond loopback', async () => {
    const own = await createTestContext();
    await seedDemoData(own.database, {
      cleaners: 4,
      now: own.clock.now(),
      demoAccounts: true,
      demoPasswordHash: await hashPassword('demo-password', TEST_PASSWORD_COST),
      seed: 1,
    });
    expect(await lockDemoAccounts(own.database)).toBe(2);
    const login = await call(
      '/api/auth/login',
      { method: 'POST', body: { email: 'customer@example.com', password: 'demo-password' } },
      own,
    );
    expect(login.status).toBe(401);
  });
});

describe('8. every HTML answer carries the security headers, on every runtime', () => {
  it('sets CSP, HSTS (one year) and nosniff on pages served by the assets binding', async () => {
    const app = createApp({
      ...ctx.deps,
      assets: {
        // What Workers' ASSETS binding or the Node file server hands back: a bare page.
        serve: async () =>
          new Response('<!doctype html><title>Spotless</title>', { headers: { 'content-type': 'text/html' } }),
      },
    });
    const res = await app.request('/cleaners');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('routes every request through the worker on Cloudflare, so the same headers apply there', () => {
    const wrangler = readFileSync(join(SERVER_ROOT, '..', 'wrangler.toml'), 'utf8');
    expect(wrangler).toMatch(/^run_worker_first = true$/m);
  });
});

describe('low: fixed while there', () => {
  it('serves the hosted app’s source maps only where configured', async () => {
    const assets = {
      serve: async () => new Response('{"version":3}', { headers: { 'content-type': 'application/json' } }),
    };
    const dev = createApp({ ...ctx.deps, assets });
    expect((await dev.request('/assets/index-abc.js.map')).status).toBe(200);
    const config = { ...ctx.deps.config, serveSourceMaps: false };
    const prod = createApp({ ...ctx.deps, config, assets });
    expect((await prod.request('/assets/index-abc.js.map')).status).toBe(404);
  });

  it('does not pass the payment provider’s own words to the client', () => {
    const error = providerErrorToAppError(
      new PaymentProviderError('invalid_request', 'No such customer: cus_SECRET123; request req_internal'),
    ) as Error;
    expect(error.message).not.toContain('cus_SECRET123');
    expect(error.message).toBe('The payment provider refused the request. Please try again or contact support.');
  });

  it('treats % and _ in a location as characters, not wildcards', async () => {
    const all = await call('/api/cleaners?location=%25&pageSize=1');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(0);
    expect((await call('/api/cleaners?location=_&pageSize=1')).body.total).toBe(0);
  });

  it('refuses line breaks in a contact message’s name and subject', async () => {
    const res = await call('/api/contact', {
      method: 'POST',
      body: {
        firstName: 'Pat\r\nBcc: everyone@example.com',
        lastName: 'Lee',
        email: 'pat@example.com',
        subject: 'Hello\nX-Injected: yes',
        message: 'A message long enough.',
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['firstName', 'subject']);
  });

  it('refuses an id beyond the safe integers instead of rounding it to another', async () => {
    const res = await call('/api/cleaners/9007199254740993');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.id).toBe('must be a positive integer');
  });

  it('reads an id only from decimal digits: hex, exponents, signs and decimals are refused, not read as another id', async () => {
    for (const id of ['0x1', '1e0', '+1', '1.0', '0b1', '%201']) {
      const res = await call(`/api/cleaners/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.fields.id, id).toBe('must be a positive integer');
    }
    expect((await call('/api/cleaners/1')).status).toBe(200);
  });
});
