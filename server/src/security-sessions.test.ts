import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { createTestContext } from './test/harness';
import { PASSWORD, securityWorld, sessionCookieFrom } from './test/security-world';

/**
 * The security review's findings (SECURITY.md), one block each: sessions that end, and passwords that can be changed and reset. Every test here fails on
 * the code before the fix.
 */
const { call, register, linkFor } = await securityWorld();

describe('6. sessions end, and passwords can be changed and reset', () => {
  it('changing the password asks for the current one and ends every other session', async () => {
    const person = await register();
    const other = sessionCookieFrom(
      (await call('/api/auth/login', { method: 'POST', body: { email: person.email, password: PASSWORD } })).headers,
    ) as string;
    const bad = await call('/api/auth/password', {
      method: 'POST',
      cookie: person.cookie,
      body: { currentPassword: 'nope', newPassword: 'brand-new-password' },
    });
    expect(bad.status).toBe(400);
    const ok = await call('/api/auth/password', {
      method: 'POST',
      cookie: person.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'brand-new-password' },
    });
    expect(ok.status).toBe(200);
    const fresh = sessionCookieFrom(ok.headers) as string;
    expect((await call('/api/auth/user', { cookie: fresh })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie: other })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
    const oldLogin = await call('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password: PASSWORD },
    });
    expect(oldLogin.status).toBe(401);
  });

  it('resets a forgotten password through a one-hour link that verifies the address and ends every session', async () => {
    const person = await register();
    const unknown = await call('/api/auth/password-reset', { method: 'POST', body: { email: 'no-one@example.com' } });
    expect(unknown.status).toBe(202);
    expect(await linkFor('no-one@example.com', 'password_reset')).toBeUndefined();

    expect((await call('/api/auth/password-reset', { method: 'POST', body: { email: person.email } })).status).toBe(
      202,
    );
    const link = await linkFor(person.email, 'password_reset');
    expect(link?.pathname).toBe('/reset-password');
    const token = link?.searchParams.get('token');
    const short = await call('/api/auth/password-reset/confirm', { method: 'POST', body: { token, password: 'x' } });
    expect(short.status).toBe(400);
    const reset = await call('/api/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'reset-password-1' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.emailVerified).toBe(true);
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
    expect(
      (await call('/api/auth/login', { method: 'POST', body: { email: person.email, password: 'reset-password-1' } }))
        .status,
    ).toBe(200);
    const reused = await call('/api/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'reset-password-2' },
    });
    expect(reused.status).toBe(400);
  });

  it('GET /api/logout signs out a navigation from this site, but not one another site started', async () => {
    const person = await register();
    const foreign = await call('/api/logout', { cookie: person.cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get('location')).toBe('/logout');
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(200);
    const byReferer = await call('/api/logout', {
      cookie: person.cookie,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(byReferer.headers.get('location')).toBe('/logout');
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(200);

    const own = await call('/api/logout', { cookie: person.cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.headers.get('location')).toBe('/');
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
  });

  it('rehashes a password stored with weaker scrypt settings at the next sign-in', async () => {
    // A server at production strength (the shared test context hashes at test strength).
    const strong = await createTestContext({ config: { PASSWORD_HASH_COST: 'production' } });
    const email = 'rehash@example.com';
    const made = await call(
      '/api/auth/register',
      { method: 'POST', body: { email, password: PASSWORD, firstName: 'Pat', lastName: 'Lee' } },
      strong,
    );
    expect(made.status).toBe(201);
    const person = { email, id: made.body.id as number };
    const weak = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$';
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync(PASSWORD.normalize('NFKC'), Buffer.from('c2FsdHNhbHRzYWx0c2FsdA==', 'base64'), 32, {
      N: 16384,
      r: 8,
      p: 1,
    }).toString('base64');
    await strong.database.write((tx) =>
      tx
        .update(users)
        .set({ passwordHash: weak + key })
        .where(eq(users.id, person.id)),
    );
    const login = await call('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } }, strong);
    expect(login.status).toBe(200);
    const [row] = await strong.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
  });
});
