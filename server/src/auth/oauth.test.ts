import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cleaners, oauthAccounts, users } from '../db/schema';
import { cookieHeader, cookiesFrom } from '../test/cookies';
import { createTestContext } from '../test/harness';
import { hashPassword, TEST_PASSWORD_COST } from './password';

/**
 * A loopback OAuth provider speaking Google's and GitHub's token and user endpoints. It checks
 * what a real one checks: client credentials, the code it issued, and the PKCE verifier against
 * the challenge it was shown.
 */
const issued = new Map<string, { challenge: string; profile: string }>();
let profiles: Record<string, Record<string, unknown>> = {};
let lastAuthorize: URL | undefined;

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

const provider: Server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'POST' && (url.pathname === '/token' || url.pathname === '/login/oauth/access_token')) {
    const form = new URLSearchParams(await readBody(req));
    const expectedAuth = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
    if (req.headers.authorization !== expectedAuth) return send(401, { error: 'invalid_client' });
    const grant = issued.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.challenge !== challenge) {
      return send(400, { error: 'invalid_grant' });
    }
    issued.delete(form.get('code') ?? '');
    return send(200, { access_token: `token-for-${grant.profile}`, token_type: 'Bearer' });
  }
  const token = req.headers.authorization?.replace('Bearer token-for-', '') ?? '';
  const profile = profiles[token];
  if (!profile) return send(401, { message: 'Bad credentials' });
  if (url.pathname === '/v1/userinfo' || url.pathname === '/user') return send(200, profile.info);
  if (url.pathname === '/user/emails') return send(200, profile.emails ?? []);
  send(404, {});
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

const ctx = await createTestContext({
  config: {
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'client-secret',
    GITHUB_CLIENT_ID: 'client-id',
    GITHUB_CLIENT_SECRET: 'client-secret',
    GOOGLE_OAUTH_BASE_URL: base,
    GITHUB_OAUTH_BASE_URL: base,
  },
});
const [existing] = await ctx.database.write((tx) =>
  tx.insert(users).values({ email: 'Existing@Example.com', firstName: 'Existing' }).returning(),
);

/** Starts the flow, lets the fake provider "approve" it, and returns the callback's query and cookies. */
async function authorize(name: 'google' | 'github', profileKey: string, returnUrl?: string) {
  const start = await ctx.app.request(
    `/api/auth/oauth/${name}${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`,
  );
  expect(start.status).toBe(302);
  lastAuthorize = new URL(start.headers.get('location') as string);
  const flow = cookiesFrom(start.headers);
  for (const cookie of ['oauth_state', 'oauth_verifier']) {
    expect(flow[cookie]?.attributes).toMatch(/HttpOnly/);
    expect(flow[cookie]?.attributes).toMatch(/Max-Age=600/);
  }
  const code = `code-${Math.random().toString(36).slice(2)}`;
  issued.set(code, { challenge: lastAuthorize.searchParams.get('code_challenge') as string, profile: profileKey });
  const cookies = Object.fromEntries(Object.entries(flow).map(([k, v]) => [k, v.value]));
  return { code, state: lastAuthorize.searchParams.get('state') as string, cookies };
}

async function callback(name: 'google' | 'github', query: string, cookies: Record<string, string>) {
  return ctx.app.request(`/api/auth/oauth/${name}/callback?${query}`, { headers: { cookie: cookieHeader(cookies) } });
}

async function me(response: Response) {
  const token = cookiesFrom(response.headers).spotless_session?.value as string;
  const res = await ctx.app.request('/api/auth/user', { headers: { cookie: `spotless_session=${token}` } });
  return (await res.json()) as { id: number; email: string; firstName: string | null };
}

beforeEach(() => {
  profiles = {
    alice: {
      info: {
        sub: 'google-alice',
        email: 'alice@example.com',
        email_verified: true,
        given_name: 'Alice',
        family_name: 'Liddell',
      },
    },
    unverified: { info: { sub: 'google-unverified', email: 'existing@example.com', email_verified: false } },
    gh: {
      info: { id: 4242, login: 'octo', name: 'Octo Cat', avatar_url: 'https://avatars.example/octo.png' },
      emails: [
        { email: 'octo-secondary@example.com', primary: false, verified: true },
        { email: 'existing@example.com', primary: true, verified: true },
      ],
    },
  };
});

describe('OAuth sign-in against a loopback provider', () => {
  it('lists the configured providers', async () => {
    const res = await ctx.app.request('/api/auth/providers');
    expect(await res.json()).toMatchObject({ password: true, google: true, github: true });
  });

  it('Google: sends PKCE and state, creates the account, signs in and returns to returnUrl', async () => {
    const { code, state, cookies } = await authorize('google', 'alice', '/profile');
    expect(lastAuthorize?.origin).toBe(base);
    expect(lastAuthorize?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(lastAuthorize?.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8787/api/auth/oauth/google/callback',
    );
    const res = await callback('google', `code=${code}&state=${state}`, cookies);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/profile');
    const user = await me(res);
    expect(user).toMatchObject({ email: 'alice@example.com', firstName: 'Alice' });

    // Signing in again links by the provider's user id: same account, no duplicate.
    profiles.alice = { info: { ...(profiles.alice?.info as object), email: 'alice-renamed@example.com' } };
    const again = await authorize('google', 'alice');
    const second = await callback('google', `code=${again.code}&state=${again.state}`, again.cookies);
    expect(second.headers.get('location')).toBe('/');
    expect((await me(second)).id).toBe(user.id);
  });

  it('lands an approved cleaner with no return address on their cleaner dashboard', async () => {
    const [person] = await ctx.database.write((tx) =>
      tx
        .insert(users)
        .values({ email: 'cleo-oauth@example.com', firstName: 'Cleo', emailVerifiedAt: new Date() })
        .returning(),
    );
    if (!person) throw new Error('user missing');
    await ctx.database.write((tx) =>
      tx.insert(cleaners).values({
        userId: person.id,
        bio: 'Careful and quick.',
        experience: '3-5',
        hourlyRateCents: 4000,
        serviceTypes: ['residential'],
        coverageAreas: ['Austin, TX'],
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.27,
        longitude: -97.74,
        timeZone: 'America/Chicago',
      }),
    );
    profiles.cleo = {
      info: { sub: 'google-cleo', email: 'cleo-oauth@example.com', email_verified: true, given_name: 'Cleo' },
    };
    const first = await authorize('google', 'cleo');
    const landed = await callback('google', `code=${first.code}&state=${first.state}`, first.cookies);
    expect(landed.headers.get('location')).toBe('/cleaner-dashboard');
    expect((await me(landed)).id).toBe(person.id);
    // A page that asked still wins.
    const asked = await authorize('google', 'cleo', '/profile');
    const back = await callback('google', `code=${asked.code}&state=${asked.state}`, asked.cookies);
    expect(back.headers.get('location')).toBe('/profile');
  });

  it('GitHub: links to an existing account by its verified primary e-mail', async () => {
    const { code, state, cookies } = await authorize('github', 'gh');
    const res = await callback('github', `code=${code}&state=${state}`, cookies);
    expect(res.status).toBe(302);
    expect((await me(res)).id).toBe(existing?.id);
    const links = await ctx.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, '4242'));
    expect(links).toMatchObject([{ provider: 'github', userId: existing?.id }]);
  });

  it('never links by an unverified e-mail', async () => {
    const { code, state, cookies } = await authorize('google', 'unverified');
    const res = await callback('google', `code=${code}&state=${state}`, cookies);
    expect(res.status).toBe(400);
    const links = await ctx.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerUserId, 'google-unverified'));
    expect(links).toEqual([]);
  });

  it('a bad or missing state is 400 and signs nobody in', async () => {
    const { code, state, cookies } = await authorize('google', 'alice');
    const wrong = await callback('google', `code=${code}&state=not-${state}`, cookies);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('oauth_state_mismatch');
    expect(cookiesFrom(wrong.headers).spotless_session).toBeUndefined();
    const noCookie = await callback('google', `code=${code}&state=${state}`, {});
    expect(noCookie.status).toBe(400);
    const noState = await callback('google', `code=${code}`, cookies);
    expect(noState.status).toBe(400);
  });

  it('a code the provider refuses is 400, not 500', async () => {
    const { state, cookies } = await authorize('google', 'alice');
    const res = await callback('google', `code=never-issued&state=${state}`, cookies);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('oauth_failed');
  });

  it('an unconfigured provider is 404', async () => {
    const plain = await createTestContext();
    expect((await plain.app.request('/api/auth/oauth/github')).status).toBe(404);
    expect((await plain.app.request('/api/auth/oauth/gitlab')).status).toBe(400);
  });

  it('an account registered in advance with someone else’s address is not merged as it is (pre-hijacking)', async () => {
    // The attacker registers the victim's address with a password they know, and stays signed in.
    const register = await ctx.json<{ id: number; emailVerified: boolean }>('/api/auth/register', {
      method: 'POST',
      headers: { origin: 'http://localhost:8787' },
      body: { email: 'victim@example.com', password: 'attacker-password', firstName: 'Eve', lastName: 'X' },
    });
    expect(register.status).toBe(201);
    expect(register.body.emailVerified).toBe(false);
    const attackerCookie = `spotless_session=${cookiesFrom(register.headers).spotless_session?.value}`;

    // Later the victim signs in with Google, which vouches for the address.
    profiles.victim = { info: { sub: 'google-victim', email: 'victim@example.com', email_verified: true } };
    const { code, state, cookies } = await authorize('google', 'victim');
    const res = await callback('google', `code=${code}&state=${state}`, cookies);
    expect(res.status).toBe(302);
    const victim = await me(res);
    expect(victim.id).toBe(register.body.id);

    // The attacker is out: their session ended and their password no longer opens the account.
    expect((await ctx.app.request('/api/auth/user', { headers: { cookie: attackerCookie } })).status).toBe(401);
    const login = await ctx.json('/api/auth/login', {
      method: 'POST',
      headers: { origin: 'http://localhost:8787' },
      body: { email: 'victim@example.com', password: 'attacker-password' },
    });
    expect(login.status).toBe(401);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('an account whose owner proved the address keeps its password when Google is linked', async () => {
    const passwordHash = await hashPassword('owner-password', TEST_PASSWORD_COST);
    const [owner] = await ctx.database.write((tx) =>
      tx
        .insert(users)
        .values({ email: 'owner@example.com', passwordHash, emailVerifiedAt: ctx.clock.now() })
        .returning(),
    );
    profiles.owner = { info: { sub: 'google-owner', email: 'owner@example.com', email_verified: true } };
    const { code, state, cookies } = await authorize('google', 'owner');
    const res = await callback('google', `code=${code}&state=${state}`, cookies);
    expect((await me(res)).id).toBe(owner?.id);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, owner?.id as number));
    expect(row?.passwordHash).toBe(passwordHash);
  });
});
