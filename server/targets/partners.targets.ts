import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallInit, call as send } from './call';
import { TARGETS, type Target } from './targets';

/**
 * Partner keys on the three targets (decision 048): the demo partner's key from an allowed
 * (loopback) origin answers with CORS for that origin; another origin gets 403 with no CORS
 * allowance; a preflight is answered only for an allowed origin; the key alone reads no booking.
 */
const KEY = 'pk_demo_sunrise_realty';
const HOST_PAGE = 'http://127.0.0.1:4321';

describe.each(TARGETS)('%s', (_name, start) => {
  let target: Target;
  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => {
    await target?.stop();
  });

  const call = (path: string, init?: CallInit) => send(target.url, path, init);

  it('answers the key from an allowed origin with CORS for that origin, and refuses another origin', async () => {
    const ok = await call('/api/cleaners?location=Austin&pageSize=3', {
      headers: { 'x-spotless-key': KEY, origin: HOST_PAGE },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.items.length, JSON.stringify(ok.body).slice(0, 200)).toBeGreaterThan(0);
    expect(ok.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    expect(ok.headers.get('vary')).toContain('Origin');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();

    const other = await call('/api/cleaners', {
      headers: { 'x-spotless-key': KEY, origin: 'https://elsewhere.example' },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(`${target.url}/api/chat/session`, {
      method: 'OPTIONS',
      headers: {
        origin: HOST_PAGE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-spotless-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    const refused = await fetch(`${target.url}/api/chat/session`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-spotless-key',
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads no booking and no account with the key alone', async () => {
    const headers = { 'x-spotless-key': KEY, origin: HOST_PAGE };
    for (const path of ['/api/bookings', '/api/bookings/1', '/api/payments', '/api/auth/user', '/api/admin/partners']) {
      const res = await call(path, { headers });
      expect(res.status, path).toBe(403);
    }
  });

  it('starts a chat through the key, for the partner', async () => {
    const started = await call('/api/chat/session', {
      method: 'POST',
      headers: { 'x-spotless-key': KEY, origin: HOST_PAGE, 'x-spotless-utm': 'utm_source=targets' },
    });
    expect(started.status).toBe(201);
    expect(started.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
  });
});
