import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, notifications } from './db/schema';
import { deliverNotifications } from './notifications/outbox';
import { createTestContext } from './test/harness';
import { PASSWORD, securityWorld, sessionCookieFrom } from './test/security-world';

/**
 * The security review's findings (SECURITY.md), one block each: the e-mail address proven before it links or recovers an account, and the outbox that sends the links. Every test here fails on
 * the code before the fix.
 */
const { ctx, call, freshAddress, register, linkFor, registered } = await securityWorld();

describe('2. e-mail ownership before linking or recovery', () => {
  it('sends a verification link on sign-up; the link verifies once, and only for the current address', async () => {
    const { email, cookie } = await register();
    expect((await call('/api/auth/user', { cookie })).body.emailVerified).toBe(false);
    const link = await linkFor(email, 'verify_email');
    expect(link?.pathname).toBe('/verify-email');
    const token = link?.searchParams.get('token') as string;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    // Only the token's hash is stored.
    expect((await ctx.database.db.select().from(authTokens)).some((t) => t.id === token)).toBe(false);

    const ok = await call('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, email } });
    expect((await call('/api/auth/user', { cookie })).body.emailVerified).toBe(true);
    const again = await call('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toHaveProperty('token');
  });

  it('refuses an expired verification link', async () => {
    const { email } = await register();
    const token = (await linkFor(email, 'verify_email'))?.searchParams.get('token');
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 25 * 3_600_000));
    const res = await call('/api/auth/verify-email', { method: 'POST', body: { token } });
    ctx.clock.set('2026-06-15T12:00:00Z');
    expect(res.status).toBe(400);
  });

  it('changing the e-mail asks for the password, unverifies it, tells the old address and ends other sessions', async () => {
    const person = await register();
    const elsewhere = await call('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password: PASSWORD },
    });
    const otherCookie = sessionCookieFrom(elsewhere.headers) as string;
    const newEmail = `moved-${registered()}@example.com`;

    const missing = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: person.cookie,
      body: { email: newEmail },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.currentPassword).toBe('Enter your current password to make this change');
    const wrong = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: person.cookie,
      body: { email: newEmail, currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect((await call('/api/auth/user', { cookie: person.cookie })).body.email).toBe(person.email);

    const changed = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: person.cookie,
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie: otherCookie })).status).toBe(401);
    expect(await linkFor(newEmail, 'verify_email')).toBeDefined();
    const notice = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientEmail, person.email), eq(notifications.type, 'account_security')));
    expect(notice.map((n) => n.subject)).toContain('The email address of your Spotless account was changed');
    // A link sent to the old address no longer verifies anything.
    const oldLink = (await linkFor(person.email, 'verify_email'))?.searchParams.get('token');
    expect((await call('/api/auth/verify-email', { method: 'POST', body: { token: oldLink } })).status).toBe(400);
  });

  it('limits e-mail changes per account, so the 409 cannot be used to list who has an account', async () => {
    const person = await register();
    const taken = await register();
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('/api/auth/profile', {
        method: 'PATCH',
        cookie: person.cookie,
        body: { email: taken.email, currentPassword: PASSWORD },
        ip: freshAddress(),
      });
      attempts.push(res.status);
    }
    expect(attempts).toEqual([409, 409, 409, 409, 409, 429]);
  });
});

describe('the outbox is delivered', () => {
  it('sends what is due once, and blanks the stored copy of a link that is a credential', async () => {
    const own = await createTestContext();
    await call(
      '/api/auth/register',
      {
        method: 'POST',
        body: { email: 'mail@example.com', password: PASSWORD, firstName: 'M', lastName: 'L' },
      },
      own,
    );
    expect(await deliverNotifications(own.deps)).toEqual({ sent: 1, failed: 0 });
    expect(own.sent.map((m) => [m.to, m.type])).toEqual([['mail@example.com', 'verify_email']]);
    expect(own.sent[0]?.body).toContain('/verify-email?token=');
    expect(await deliverNotifications(own.deps)).toEqual({ sent: 0, failed: 0 });
    const [stored] = await own.database.db.select().from(notifications);
    expect(stored?.status).toBe('sent');
    expect(stored?.body).not.toContain('token=');
  });
});
