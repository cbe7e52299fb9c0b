import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, authWorld } from '../test/auth-world';

/** The rate limits of signing in and up, per address. */
const { call } = await authWorld();

describe('rate limits', () => {
  it('the 11th rapid admin login from one address gets 429 with Retry-After; another address is unaffected', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const res = await call('/api/admin/login', { method: 'POST', ip, body: { password: 'wrong' } });
      expect(res.status).toBe(401);
    }
    const blocked = await call('/api/admin/login', { method: 'POST', ip, body: { password: ADMIN_PASSWORD } });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(
      (await call('/api/admin/login', { method: 'POST', ip: '203.0.113.10', body: { password: ADMIN_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('sign-in and sign-up are limited the same way', async () => {
    for (const [path, body] of [
      ['/api/auth/login', { email: 'x@example.com', password: 'nope' }],
      [
        '/api/auth/register',
        { email: 'taken@example.com', password: 'a-long-password', firstName: 'A', lastName: 'B' },
      ],
    ] as const) {
      const ip = `198.51.100.${path.length}`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await call(path, { method: 'POST', ip, body })).status);
      expect(statuses.slice(0, 10)).not.toContain(429);
      expect(statuses[10]).toBe(429);
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 10; i++) {
      await call('/api/admin/login', {
        method: 'POST',
        ip,
        headers: { 'x-forwarded-for': `1.2.3.${i}` },
        body: { password: 'x' },
      });
    }
    const res = await call('/api/admin/login', {
      method: 'POST',
      ip,
      headers: { 'x-forwarded-for': '9.9.9.9' },
      body: { password: 'x' },
    });
    expect(res.status).toBe(429);
  });
});
