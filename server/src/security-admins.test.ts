import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from './auth/cookies';
import { hashPassword, TEST_PASSWORD_COST } from './auth/password';
import { createSession, generateSessionToken } from './auth/sessions';
import { totpCode } from './auth/totp';
import { auditLog, users } from './db/schema';
import { createTestContext } from './test/harness';
import { securityWorld, sessionCookieFrom } from './test/security-world';

/**
 * The security review's findings (SECURITY.md), one block each: named administrators. Every test here fails on
 * the code before the fix.
 */
const { ctx, call } = await securityWorld();

describe('5. administrators are named', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'file:unused.db',
    PUBLIC_URL: 'http://localhost:8787',
    UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    AUTH_RATE_LIMIT: '100',
  };

  it('in production the shared password alone opens nothing', async () => {
    const prod = await createTestContext({
      config: { ...production, ADMIN_PASSWORD_HASH: await hashPassword('shared', TEST_PASSWORD_COST) },
    });
    const res = await call('/api/admin/login', { method: 'POST', body: { password: 'shared' } }, prod);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('named_admin_required');
    expect(sessionCookieFrom(res.headers, ADMIN_SESSION_COOKIE)).toBeUndefined();
  });

  it('a named administrator opens the admin session with their password and authenticator code; the audit log names them', async () => {
    const prod = await createTestContext({ config: production });
    const passwordHash = await hashPassword('admin-own-password', TEST_PASSWORD_COST);
    const [admin] = await prod.database.write((tx) =>
      tx
        .insert(users)
        .values({ email: 'ops@example.com', passwordHash, role: 'admin', emailVerifiedAt: prod.clock.now() })
        .returning(),
    );
    const signIn = await call(
      '/api/auth/login',
      { method: 'POST', body: { email: 'ops@example.com', password: 'admin-own-password' } },
      prod,
    );
    const cookie = signIn.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    expect((await call('/api/admin/login', { method: 'POST', cookie, body: { password: 'wrong' } }, prod)).status).toBe(
      401,
    );

    // Switch on two-step verification.
    const setup = await call(
      '/api/auth/totp/setup',
      { method: 'POST', cookie, body: { currentPassword: 'admin-own-password' } },
      prod,
    );
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Spotless:ops%40example\.com\?/);
    const enable = await call(
      '/api/auth/totp/enable',
      { method: 'POST', cookie, body: { code: totpCode(setup.body.secret, prod.clock.now()) } },
      prod,
    );
    expect(enable.body.totpEnabled).toBe(true);

    // Now the password alone is not enough, and a code works once.
    const noCode = await call(
      '/api/admin/login',
      { method: 'POST', cookie, body: { password: 'admin-own-password' } },
      prod,
    );
    expect(noCode.status).toBe(401);
    expect(noCode.body.error.code).toBe('totp_required');
    prod.clock.set(new Date(prod.clock.now().getTime() + 30_000));
    const code = totpCode(setup.body.secret, prod.clock.now());
    const ok = await call(
      '/api/admin/login',
      { method: 'POST', cookie, body: { password: 'admin-own-password', code } },
      prod,
    );
    expect(ok.status).toBe(200);
    const replay = await call(
      '/api/admin/login',
      { method: 'POST', cookie, body: { password: 'admin-own-password', code } },
      prod,
    );
    expect(replay.body.error.code).toBe('invalid_code');

    const adminCookie = sessionCookieFrom(ok.headers, ADMIN_SESSION_COOKIE) as string;
    const session = await call('/api/admin/session', { cookie: adminCookie }, prod);
    expect(session.body).toMatchObject({ admin: true, via: 'user', userId: admin?.id });
    const entries = await prod.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.login'));
    expect(entries.map((e) => e.actorUserId)).toEqual([admin?.id]);
  });

  it('a user with the admin role has no admin powers until they open an admin session', async () => {
    const [admin] = await ctx.database.write((tx) =>
      tx.insert(users).values({ email: 'role-only@example.com', role: 'admin' }).returning({ id: users.id }),
    );
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: admin?.id as number, kind: 'user' }, ctx.clock.now());
    expect((await call('/api/admin/session', { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(403);
  });
});
