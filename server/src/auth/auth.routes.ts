import {
  AccountActivity,
  AuthOk,
  AuthProviders,
  AuthUser,
  LoginInput,
  ProfileUpdateInput,
  RegisterInput,
} from '@spotless/sdk/schemas';
import { generateCodeVerifier, generateState } from 'arctic';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { oauthAccounts, type User, users } from '../db/schema';
import type { AppEnv } from '../deps';
import { AppError, conflict, notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { findAccountActivity, findUserByEmail, findUserByOAuth, toAuthUser } from '../users/users.queries';
import { endSessions, startSession, throttle } from './auth-session';
import { clearFlowCookie, readCookie, setFlowCookie } from './cookies';
import { requireUser } from './guards';
import { createOAuthProvider, type OAuthProfile, type OAuthProviderName } from './oauth';
import { hashPassword, verifyPassword } from './password';
import { safeReturnUrl } from './return-url';

/**
 * Verified when the e-mail is unknown, so an unknown address costs the same scrypt work as a wrong
 * password and timing does not reveal which accounts exist. Same parameters as `hashPassword`.
 */
const DUMMY_PASSWORD_HASH = 'scrypt$32768$8$1$s5heFJ4qT3xLqXmlTQzfHw==$BLnOu3GpQWacM0SWQ4b3RjP4q5Ja1NdM27ZIAYEC/SE=';

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Invalid email or password');

const STATE_COOKIE = 'oauth_state';
const VERIFIER_COOKIE = 'oauth_verifier';
const RETURN_COOKIE = 'oauth_return';

const ReturnUrlQuery = z.object({ returnUrl: z.string().max(4000).optional() });
const ProviderParam = z.object({ provider: z.enum(['google', 'github']) });
const CallbackQuery = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});

function uniqueEmailViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('UNIQUE') && text.includes('email');
}

/** Browser navigations of spec 01 §7: GET /api/login and GET /api/logout. */
export const signInRoutes = new Hono<AppEnv>()
  .get(
    '/login',
    describe({
      summary: 'Start signing in: redirects to the hosted sign-in page',
      description:
        'Only a same-origin path (one leading "/") is kept as `returnUrl`; anything else is ignored. A signed-in user goes straight to `returnUrl` (or `/`).',
      tags: ['auth'],
      access: 'public',
      responses: { 302: { description: 'To /login?returnUrl=…' } },
    }),
    valid('query', ReturnUrlQuery),
    (c) => {
      const returnUrl = safeReturnUrl(c.req.valid('query').returnUrl);
      if (c.var.auth.user) return c.redirect(returnUrl ?? '/', 302);
      return c.redirect(returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login', 302);
    },
  )
  .get(
    '/logout',
    describe({
      summary: 'Sign out (user and admin sessions) and go home',
      tags: ['auth'],
      access: 'public',
      responses: { 302: { description: 'To /' } },
    }),
    async (c) => {
      await endSessions(c, ['user', 'admin']);
      return c.redirect('/', 302);
    },
  );

async function signInWithOAuth(
  c: Parameters<typeof startSession>[0],
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<void> {
  const { database, clock } = c.var.deps;
  const now = clock.now();
  const userId = await database.write(async (tx) => {
    const linked = await findUserByOAuth(tx, provider, profile.providerUserId);
    if (linked) return linked.id;
    // Only a provider-verified address may attach to an existing account.
    const byEmail = profile.email && profile.emailVerified ? await findUserByEmail(tx, profile.email) : undefined;
    let id = byEmail?.id;
    if (id === undefined) {
      if (!profile.email || !profile.emailVerified) {
        throw new AppError(400, 'oauth_email_required', 'Your account has no verified e-mail address to sign in with');
      }
      const [created] = await tx
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          profileImageUrl: profile.avatarUrl,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned no row');
      id = created.id;
    }
    await tx
      .insert(oauthAccounts)
      .values({ provider, providerUserId: profile.providerUserId, userId: id, createdAt: now });
    return id;
  });
  await startSession(c, 'user', userId);
}

export const authRoutes = new Hono<AppEnv>()
  .get(
    '/providers',
    describe({
      summary: 'Which sign-in methods are available (the sign-in page shows a button for each)',
      tags: ['auth'],
      access: 'public',
      responses: { 200: { description: 'Available methods', schema: AuthProviders } },
    }),
    (c) => {
      const { oauth } = c.var.deps.config;
      return c.json({ password: true, google: Boolean(oauth.google), github: Boolean(oauth.github) });
    },
  )
  .post(
    '/register',
    describe({
      summary: 'Create an account with e-mail and password, and sign in',
      tags: ['auth'],
      access: 'public',
      responses: {
        201: { description: 'Signed in; the session cookie is set', schema: AuthUser },
        400: { description: 'A field is missing or invalid' },
        409: { description: 'An account with this e-mail already exists' },
        429: { description: 'Too many attempts from this address (Retry-After)' },
      },
    }),
    valid('json', RegisterInput),
    async (c) => {
      await throttle(c, 'register');
      const input = c.req.valid('json');
      const { database, clock } = c.var.deps;
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const user = await database
        .write(async (tx) => {
          if (await findUserByEmail(tx, input.email)) return undefined;
          const [row] = await tx
            .insert(users)
            .values({
              email: input.email.trim(),
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          return row;
        })
        .catch((error: unknown) => {
          if (uniqueEmailViolation(error)) return undefined;
          throw error;
        });
      if (!user) throw conflict('An account with this email already exists. Please sign in.', 'email_taken');
      await startSession(c, 'user', user.id);
      return c.json(await toAuthUser(database.db, user), 201);
    },
  )
  .post(
    '/login',
    describe({
      summary: 'Sign in with e-mail and password',
      description: 'An unknown e-mail and a wrong password get the same answer in the same time.',
      tags: ['auth'],
      access: 'public',
      responses: {
        200: { description: 'Signed in; a new session cookie is set', schema: AuthUser },
        400: { description: 'A field is missing or invalid' },
        401: { description: 'Invalid email or password' },
        429: { description: 'Too many attempts from this address (Retry-After)' },
      },
    }),
    valid('json', LoginInput),
    async (c) => {
      await throttle(c, 'login');
      const { email, password } = c.req.valid('json');
      const { database } = c.var.deps;
      const user = await findUserByEmail(database.db, email);
      const matches = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
      if (!user?.passwordHash || !matches) throw invalidCredentials();
      await startSession(c, 'user', user.id);
      return c.json(await toAuthUser(database.db, user));
    },
  )
  .post(
    '/logout',
    describe({
      summary: 'Sign out: the session is deleted server-side and the cookie cleared',
      tags: ['auth'],
      access: 'public',
      responses: { 200: { description: 'Signed out', schema: AuthOk } },
    }),
    async (c) => {
      await endSessions(c, ['user']);
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/user',
    describe({
      summary: 'The signed-in user',
      tags: ['auth'],
      access: 'user',
      responses: {
        200: { description: 'The user with roles', schema: AuthUser },
        401: { description: 'Signed out' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await toAuthUser(c.var.deps.database.db, user));
    },
  )
  .patch(
    '/profile',
    describe({
      summary: 'Edit the signed-in user’s personal information',
      tags: ['auth'],
      access: 'user',
      responses: {
        200: { description: 'The updated user', schema: AuthUser },
        400: { description: 'A field is invalid' },
        401: { description: 'Signed out' },
        409: { description: 'The e-mail belongs to another account' },
      },
    }),
    valid('json', ProfileUpdateInput),
    async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      const { database, clock } = c.var.deps;
      const changes: Partial<User> = {};
      if (input.firstName !== undefined) changes.firstName = input.firstName;
      if (input.lastName !== undefined) changes.lastName = input.lastName;
      if (input.email !== undefined) changes.email = input.email.trim();
      if (input.phone !== undefined) changes.phone = input.phone ? input.phone : null;
      const updated = await database
        .write(async (tx) => {
          if (changes.email !== undefined) {
            const taken = await tx
              .select({ id: users.id })
              .from(users)
              .where(and(sql`lower(${users.email}) = lower(${changes.email})`, ne(users.id, user.id)))
              .get();
            if (taken) return undefined;
          }
          const [row] = await tx
            .update(users)
            .set({ ...changes, updatedAt: clock.now() })
            .where(eq(users.id, user.id))
            .returning();
          return row;
        })
        .catch((error: unknown) => {
          if (uniqueEmailViolation(error)) return undefined;
          throw error;
        });
      if (!updated) throw conflict('This email is already used by another account', 'email_taken');
      return c.json(await toAuthUser(database.db, updated));
    },
  )
  .get(
    '/activity',
    describe({
      summary: 'The signed-in user’s account activity: booking counts, average rating given, recent bookings',
      tags: ['auth'],
      access: 'user',
      responses: {
        200: { description: 'Computed from the user’s own bookings and reviews', schema: AccountActivity },
        401: { description: 'Signed out' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await findAccountActivity(c.var.deps.database.db, user.id));
    },
  )
  .get(
    '/oauth/:provider',
    describe({
      summary: 'Start signing in with Google or GitHub',
      tags: ['auth'],
      access: 'public',
      responses: {
        302: { description: 'To the provider, with state and a PKCE challenge' },
        404: { description: 'The provider is not configured' },
      },
    }),
    valid('param', ProviderParam),
    valid('query', ReturnUrlQuery),
    (c) => {
      const { provider: name } = c.req.valid('param');
      const provider = createOAuthProvider(name, c.var.deps.config);
      if (!provider) throw notFound('Sign-in provider');
      const state = generateState();
      const verifier = generateCodeVerifier();
      setFlowCookie(c, STATE_COOKIE, state);
      setFlowCookie(c, VERIFIER_COOKIE, verifier);
      const returnUrl = safeReturnUrl(c.req.valid('query').returnUrl);
      if (returnUrl) setFlowCookie(c, RETURN_COOKIE, returnUrl);
      else clearFlowCookie(c, RETURN_COOKIE);
      return c.redirect(provider.createAuthorizationURL(state, verifier).toString(), 302);
    },
  )
  .get(
    '/oauth/:provider/callback',
    describe({
      summary: 'Provider callback: links by provider id, else by verified e-mail, else creates the account',
      tags: ['auth'],
      access: 'public',
      responses: {
        302: { description: 'Signed in; to the return URL or /' },
        400: { description: 'Missing or mismatched state, or the provider refused the code' },
        404: { description: 'The provider is not configured' },
      },
    }),
    valid('param', ProviderParam),
    valid('query', CallbackQuery),
    async (c) => {
      const { provider: name } = c.req.valid('param');
      const provider = createOAuthProvider(name, c.var.deps.config);
      if (!provider) throw notFound('Sign-in provider');
      const { code, state } = c.req.valid('query');
      const expectedState = readCookie(c, STATE_COOKIE);
      const verifier = readCookie(c, VERIFIER_COOKIE);
      const returnUrl = safeReturnUrl(readCookie(c, RETURN_COOKIE));
      for (const cookie of [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE]) clearFlowCookie(c, cookie);
      if (!expectedState || !verifier || expectedState !== state) {
        throw new AppError(400, 'oauth_state_mismatch', 'Sign-in expired or was not started here. Please try again.');
      }
      let profile: OAuthProfile;
      try {
        profile = await provider.fetchProfile(code, verifier);
      } catch (error) {
        c.var.deps.logger.warn('oauth code exchange failed', { provider: name, error: String(error) });
        throw new AppError(400, 'oauth_failed', 'The sign-in provider did not accept this sign-in. Please try again.');
      }
      await signInWithOAuth(c, name, profile);
      return c.redirect(returnUrl ?? '/', 302);
    },
  );
