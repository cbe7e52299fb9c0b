import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD } from '../seed/generate';
import { authWorld } from '../test/auth-world';
import { ORIGIN } from '../test/booking-fixtures';

/** Cross-site requests: what the CSRF check refuses, by Origin and Referer, with a session cookie or without. */
const { ctx, call, signIn } = await authWorld();

describe('CSRF', () => {
  it('refuses a cross-site state-changing request that carries a session cookie', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const patch = (headers: Record<string, string>) =>
      call('/api/auth/profile', { method: 'PATCH', cookie, headers, body: { firstName: 'Mallory' } });
    const evil = await patch({ origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.error.code).toBe('csrf');
    expect((await patch({ origin: 'null' })).status).toBe(403);
    expect((await patch({ origin: '', referer: 'https://evil.example/page' })).status).toBe(403);
    const me = await call('/api/auth/user', { cookie });
    expect(me.body.firstName).not.toBe('Mallory');
    // Our own origin, or the request's own host, passes.
    expect((await patch({ origin: ORIGIN })).status).toBe(200);
    expect((await patch({ origin: 'http://localhost' })).status).toBe(200);
    expect((await patch({ origin: '', referer: `${ORIGIN}/profile` })).status).toBe(200);
  });

  it('compares whole origins: the same host under another scheme or port is another site', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const patch = (origin: string) =>
      call('/api/auth/profile', { method: 'PATCH', cookie, headers: { origin }, body: { firstName: 'Eve' } });
    // The test requests go to http://localhost; the configured public origin is http://localhost:8787.
    for (const origin of [
      'https://localhost',
      'ws://localhost',
      'ftp://localhost',
      'http://localhost:1',
      'https://localhost:8787',
      'wss://localhost:8787',
    ]) {
      expect((await patch(origin)).status, origin).toBe(403);
    }
    const logout = await call('/api/auth/logout', { method: 'POST', cookie, headers: { origin: 'https://localhost' } });
    expect(logout.status).toBe(403);
    expect((await call('/api/auth/user', { cookie })).body.firstName).not.toBe('Eve');
  });

  it('refuses a request with a session cookie and neither Origin nor Referer', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const res = await ctx.app.request('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(403);
  });

  it('refuses a sign-out posted from another site even without a cookie, so its answer clears nothing', async () => {
    // SameSite=Lax keeps the cookie off another site's form POST, but the browser still stores the
    // answer's cleared cookies: the visitor would be signed out.
    for (const path of ['/api/auth/logout', '/api/admin/logout']) {
      for (const origin of ['https://evil.example', 'null']) {
        const res = await call(path, { method: 'POST', headers: { origin } });
        expect(res.status, `${path} from ${origin}`).toBe(403);
        expect(res.body.error.code).toBe('csrf');
        expect(res.headers.getSetCookie(), `${path} from ${origin}`).toEqual([]);
      }
      // Our own pages still sign out, with or without a session.
      expect((await call(path, { method: 'POST' })).status).toBe(200);
    }
  });

  it('judges a cookie-less sign-in by its Referer when it has no Origin, and lets a client that sends neither in', async () => {
    const body = { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD };
    const foreign = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'https://evil.example/page' },
      body: JSON.stringify(body),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const ours = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'http://localhost/login' },
      body: JSON.stringify(body),
    });
    expect(ours.status).toBe(200);
    const server = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(server.status).toBe(200);
  });

  it('refuses a sign-in posted from another site even without a cookie', async () => {
    const res = await call('/api/auth/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(403);
  });
});
