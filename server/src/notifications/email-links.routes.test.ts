import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { emailProblems, urlsIn } from '../test/email-checks';
import { createTestContext, type Json, type TestContext } from '../test/harness';

/**
 * An e-mail's links open where the person is (decision 072): on the loopback alias they asked from
 * — cookies belong to one host name, so a link to `localhost` from `127.0.0.1` would land signed
 * out — and on PUBLIC_URL for any host this deployment does not answer to, so a forged Host or
 * Origin header never puts a reset token on someone else's site.
 */
const ctx = await createTestContext();
/** PUBLIC_URL as the test configuration leaves it: `http://localhost:8787`. */
const PUBLIC = ctx.deps.config.publicUrl;
let counter = 0;

/** A request to `site` as a browser on that site sends it (its Origin its own), each from its own address. */
async function post(on: TestContext, site: string, path: string, body: Json, headers: Record<string, string> = {}) {
  const res = await on.app.request(
    `${site}${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site, ...headers },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: `10.72.0.${++counter}` } } },
  );
  return { status: res.status, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

/** The newest e-mail of `type` to `email`. */
async function newest(on: TestContext, email: string, type: string) {
  const rows = await on.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientEmail, email), eq(notifications.type, type)))
    .orderBy(notifications.id);
  const row = rows.at(-1);
  if (!row) throw new Error(`no ${type} e-mail to ${email}`);
  return row;
}

async function signUp(on: TestContext, site: string) {
  const email = `links-${++counter}@example.com`;
  const made = await post(on, site, '/api/auth/register', {
    email,
    password: 'a-long-password',
    firstName: 'Sam',
    lastName: 'Lee',
  });
  expect(made.status).toBe(201);
  return { email, cookie: made.cookie as string };
}

describe('e-mail links on the address the person is using', () => {
  it('a sign-up at 127.0.0.1 gets its confirmation link at 127.0.0.1, which confirms it there', async () => {
    expect(PUBLIC).toBe('http://localhost:8787');
    const site = 'http://127.0.0.1:8787';
    const { email, cookie } = await signUp(ctx, site);
    const mail = await newest(ctx, email, 'verify_email');
    const [href] = urlsIn(mail.body);
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:8787\/verify-email\?token=[\w-]+$/);
    expect(emailProblems(mail, site)).toEqual([]);
    // The page at that address posts the token with the session this browser holds for that host.
    const token = new URL(href as string).searchParams.get('token');
    const verified = await post(ctx, site, '/api/auth/verify-email', { token }, { cookie });
    expect(verified.status).toBe(200);
  });

  it('a reset asked for at [::1] links to [::1]; at localhost, to localhost', async () => {
    const { email } = await signUp(ctx, PUBLIC);
    expect(urlsIn((await newest(ctx, email, 'verify_email')).body)[0]).toMatch(/^http:\/\/localhost:8787\//);
    expect((await post(ctx, 'http://[::1]:8787', '/api/auth/password-reset', { email })).status).toBe(202);
    expect(urlsIn((await newest(ctx, email, 'password_reset')).body)[0]).toMatch(
      /^http:\/\/\[::1\]:8787\/reset-password\?token=/,
    );
  });

  it('a forged Host and Origin get PUBLIC_URL: the reset token never goes to their host', async () => {
    // On Node the request's URL is built from its Host header: this is a request with `Host: evil.example`.
    for (const forged of [
      'http://evil.example',
      'http://evil.example:8787',
      'http://127.0.0.1:9999',
      'https://127.0.0.1:8787',
    ]) {
      // One account each: a reset is limited per account.
      const { email } = await signUp(ctx, PUBLIC);
      expect((await post(ctx, forged, '/api/auth/password-reset', { email })).status, forged).toBe(202);
      const mail = await newest(ctx, email, 'password_reset');
      expect(urlsIn(mail.body), forged).toEqual([
        expect.stringMatching(/^http:\/\/localhost:8787\/reset-password\?token=/),
      ]);
      expect(mail.body).not.toContain('evil');
    }
  });

  it('a public PUBLIC_URL has no aliases: a request to localhost still links to PUBLIC_URL', async () => {
    const live = await createTestContext({ config: { PUBLIC_URL: 'https://spotless.example' } });
    const { email } = await signUp(live, 'http://localhost:8787');
    const mail = await newest(live, email, 'verify_email');
    expect(urlsIn(mail.body)[0]).toMatch(/^https:\/\/spotless\.example\/verify-email\?token=/);
    expect(emailProblems(mail, 'https://spotless.example')).toEqual([]);
  });
});
