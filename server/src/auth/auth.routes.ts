import {
  AccountActivity,
  AuthOk,
  AuthProviders,
  AuthUser,
  EmailVerificationInput,
  EmailVerified,
  LoginInput,
  PasswordChangeInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  ProfileUpdateInput,
  RegisterInput,
  TotpCodeInput,
  TotpDisableInput,
  TotpSetup,
  TotpSetupInput,
} from '@spotless/sdk/schemas';
import { generateCodeVerifier, generateState } from 'arctic';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { AppError, notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { renderActivity, renderProviders, userResource } from './auth.resource';
import {
  changePassword,
  checkPassword,
  disableTotp,
  enableTotp,
  registerUser,
  requestPasswordReset,
  resendEmailVerification,
  resetPassword,
  signInWithOAuth,
  startTotpSetup,
  updateProfile,
  verifyEmail,
} from './auth.service';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from './cookies';
import { getUser, requireUser } from './guards';
import { createOAuthProvider, type OAuthProfile } from './oauth';
import { failureLimit, throttle } from './rate-limit';
import { safeReturnUrl } from './return-url';
import { endSessions, startSession } from './sessions';
import { findAccountActivity, findUserById } from './users.queries';

const STATE_COOKIE = 'oauth_state';
const VERIFIER_COOKIE = 'oauth_verifier';
const RETURN_COOKIE = 'oauth_return';

const ReturnUrlQuery = z.object({ returnUrl: z.string().max(4000).optional() });
const ProviderParam = z.object({ provider: z.enum(['google', 'github']) });
const CallbackQuery = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * A navigation another site started (a link, an image, a form on their page). Browsers say so in
 * Sec-Fetch-Site; older ones at least send a Referer. Typing the address is `none`: the visitor's own.
 */
function startedElsewhere(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const referer = originOf(c.req.header('referer'));
  if (!referer) return false;
  return referer !== originOf(c.var.deps.config.publicUrl) && new URL(referer).host !== new URL(c.req.url).host;
}

const reloadUser = async (c: Context<AppEnv>, id: number) => {
  const user = await findUserById(c.var.deps.database.db, id);
  if (!user) throw notFound('User');
  return userResource(c, user);
};

/** Browser navigations of spec 01 §7: GET /api/login and GET /api/logout. */
export const signInRoutes = new Hono<AppEnv>()
  .get(
    '/login',
    describe({
      operationId: 'startLogin',
      security: 'public',
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
      operationId: 'logoutAndGoHome',
      security: 'public',
      summary: 'Sign out (user and admin sessions) and go home',
      description:
        'Only for a navigation from this site (or one the visitor typed): another site’s link or image cannot sign a visitor out — it lands on the hosted `/logout` page, which asks first. Clients that can send a POST use `POST /api/auth/logout`.',
      tags: ['auth'],
      access: 'public',
      responses: { 302: { description: 'To / (signed out), or to /logout to confirm' } },
    }),
    async (c) => {
      if (startedElsewhere(c)) return c.redirect('/logout', 302);
      await endSessions(c, ['user', 'admin']);
      return c.redirect('/', 302);
    },
  );

export const authRoutes = new Hono<AppEnv>()
  .get(
    '/providers',
    describe({
      operationId: 'getAuthProviders',
      security: 'public',
      summary: 'Which sign-in methods are available (the sign-in page shows a button for each)',
      tags: ['auth'],
      access: 'public',
      responses: { 200: { description: 'Available methods', schema: AuthProviders } },
    }),
    (c) => {
      const { oauth } = c.var.deps.config;
      return c.json(
        renderProviders(c.var.operations, {
          password: true,
          google: Boolean(oauth.google),
          github: Boolean(oauth.github),
        }),
      );
    },
  )
  .post(
    '/register',
    describe({
      operationId: 'register',
      security: 'public',
      summary: 'Create an account with e-mail and password, and sign in',
      description: 'A link to confirm the address is sent through the outbox; until then `emailVerified` is false.',
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
      const user = await registerUser(c.var.deps, c.req.valid('json'));
      await startSession(c, 'user', user.id);
      return c.json(await userResource(c, user), 201);
    },
  )
  .post(
    '/login',
    describe({
      operationId: 'login',
      security: 'public',
      summary: 'Sign in with e-mail and password',
      description:
        'An unknown e-mail and a wrong password get the same answer in the same time. Attempts are limited per address, and failed ones per account.',
      tags: ['auth'],
      access: 'public',
      responses: {
        200: { description: 'Signed in; a new session cookie is set', schema: AuthUser },
        400: { description: 'A field is missing or invalid' },
        401: { description: 'Invalid email or password' },
        429: { description: 'Too many attempts from this address or for this account (Retry-After)' },
      },
    }),
    valid('json', LoginInput),
    async (c) => {
      const input = c.req.valid('json');
      await throttle(c, 'login');
      const failures = failureLimit(c, 'loginFailures', `email:${input.email.trim().toLowerCase()}`);
      await failures.guard();
      const user = await checkPassword(c.var.deps, input).catch(async (error: unknown) => {
        await failures.fail();
        throw error;
      });
      await startSession(c, 'user', user.id);
      return c.json(await userResource(c, user));
    },
  )
  .post(
    '/logout',
    describe({
      operationId: 'logout',
      security: 'public',
      summary: 'Sign out: the session is deleted server-side and the cookie cleared',
      tags: ['auth'],
      access: 'public',
      responses: { 200: { description: 'Signed out', schema: AuthOk } },
    }),
    async (c) => {
      await endSessions(c, ['user', 'admin']);
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/user',
    describe({
      operationId: 'getCurrentUser',
      security: 'user',
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
      return c.json(await userResource(c, user));
    },
  )
  .patch(
    '/profile',
    describe({
      operationId: 'updateProfile',
      security: 'user',
      summary: 'Edit the signed-in user’s personal information',
      description:
        'A new `email` needs `currentPassword` (an account without a password: a sign-in from the last 15 minutes); it is unverified until the link sent to it is opened, the old address is told, and every other session ends. E-mail changes are limited per account.',
      tags: ['auth'],
      access: 'user',
      responses: {
        200: { description: 'The updated user', schema: AuthUser },
        400: { description: 'A field is invalid, or the current password is missing or wrong' },
        401: { description: 'Signed out' },
        403: { description: 'No password on the account and the sign-in is not recent' },
        409: { description: 'The e-mail belongs to another account' },
        429: { description: 'Too many e-mail changes (Retry-After)' },
      },
    }),
    valid('json', ProfileUpdateInput),
    async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        await throttle(c, 'emailChange', `user:${user.id}`);
      }
      const updated = await updateProfile(c.var.deps, user, c.var.auth.session, input);
      return c.json(await userResource(c, updated));
    },
  )
  .post(
    '/password',
    describe({
      operationId: 'changePassword',
      security: 'user',
      summary: 'Change the password',
      description:
        'Needs `currentPassword` when the account has one (without one: a sign-in from the last 15 minutes). Every session ends; this browser gets a new one.',
      tags: ['auth'],
      access: 'user',
      responses: {
        200: { description: 'Changed; a new session cookie is set', schema: AuthUser },
        400: { description: 'The new password is too short, or the current one is missing or wrong' },
        401: { description: 'Signed out' },
        403: { description: 'No password on the account and the sign-in is not recent' },
        429: { description: 'Too many attempts (Retry-After)' },
      },
    }),
    valid('json', PasswordChangeInput),
    async (c) => {
      const user = requireUser(c);
      await throttle(c, 'passwordChange', `user:${user.id}`);
      await changePassword(c.var.deps, user, c.var.auth.session, c.req.valid('json'));
      await startSession(c, 'user', user.id);
      return c.json(await reloadUser(c, user.id));
    },
  )
  .post(
    '/password-reset',
    describe({
      operationId: 'requestPasswordReset',
      security: 'public',
      summary: 'Ask for a password reset link',
      description:
        'Always 202, whether or not an account has this address; when one does, a link good for one hour is sent through the outbox.',
      tags: ['auth'],
      access: 'public',
      responses: {
        202: { description: 'If an account has this address, a link is on its way', schema: AuthOk },
        400: { description: 'Not an e-mail address' },
        429: { description: 'Too many requests from this address or for this account (Retry-After)' },
      },
    }),
    valid('json', PasswordResetRequestInput),
    async (c) => {
      const { email } = c.req.valid('json');
      await throttle(c, 'passwordReset');
      await throttle(c, 'passwordResetAccount', `email:${email.trim().toLowerCase()}`);
      await requestPasswordReset(c.var.deps, email);
      return c.json({ ok: true as const }, 202);
    },
  )
  .post(
    '/password-reset/confirm',
    describe({
      operationId: 'confirmPasswordReset',
      security: 'public',
      summary: 'Set a new password from a reset link, and sign in',
      description:
        'The link proves the address, so it becomes verified. Every other session ends. A link works once, for one hour.',
      tags: ['auth'],
      access: 'holder of the link',
      responses: {
        200: { description: 'Signed in with the new password', schema: AuthUser },
        400: { description: 'The link is expired or used, or the password is too short' },
        429: { description: 'Too many attempts (Retry-After)' },
      },
    }),
    valid('json', PasswordResetInput),
    async (c) => {
      await throttle(c, 'passwordReset');
      const { token, password } = c.req.valid('json');
      const user = await resetPassword(c.var.deps, token, password);
      await startSession(c, 'user', user.id);
      return c.json(await userResource(c, user));
    },
  )
  .post(
    '/verify-email',
    describe({
      operationId: 'verifyEmail',
      security: 'public',
      summary: 'Confirm an e-mail address from the link sent to it',
      tags: ['auth'],
      access: 'holder of the link',
      responses: {
        200: { description: 'Verified', schema: EmailVerified },
        400: { description: 'The link is expired, used, or for an address the account no longer has' },
      },
    }),
    valid('json', EmailVerificationInput),
    async (c) => {
      const { email } = await verifyEmail(c.var.deps, c.req.valid('json').token);
      return c.json({ ok: true as const, email });
    },
  )
  .post(
    '/verify-email/resend',
    describe({
      operationId: 'resendVerification',
      security: 'user',
      summary: 'Send the signed-in user a new verification link',
      tags: ['auth'],
      access: 'user',
      responses: {
        202: { description: 'Sent through the outbox', schema: AuthOk },
        401: { description: 'Signed out' },
        409: { description: 'Already verified' },
        429: { description: 'Too many requests (Retry-After)' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      await throttle(c, 'verifyEmail', `user:${user.id}`);
      await resendEmailVerification(c.var.deps, user);
      return c.json({ ok: true as const }, 202);
    },
  )
  .post(
    '/totp/setup',
    describe({
      operationId: 'setupTotp',
      security: 'user',
      summary: 'Administrators: start two-step verification with an authenticator app',
      description: 'Answers a new secret; it is switched on by `POST /api/auth/totp/enable` with a code from the app.',
      tags: ['auth'],
      access: 'named administrator',
      responses: {
        200: { description: 'The secret and its otpauth:// URI', schema: TotpSetup },
        400: { description: 'Current password missing or wrong' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        409: { description: 'Already on' },
      },
    }),
    valid('json', TotpSetupInput),
    async (c) => {
      requireUser(c);
      const setup = await startTotpSetup(
        c.var.deps,
        getUser(c),
        c.var.auth.session,
        c.req.valid('json').currentPassword,
      );
      return c.json(setup);
    },
  )
  .post(
    '/totp/enable',
    describe({
      operationId: 'enableTotp',
      security: 'user',
      summary: 'Administrators: switch two-step verification on with a code from the app',
      tags: ['auth'],
      access: 'named administrator',
      responses: {
        200: { description: 'On: admin sign-in now asks for a code', schema: AuthUser },
        400: { description: 'The code is wrong' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        409: { description: 'Already on, or setup not started' },
      },
    }),
    valid('json', TotpCodeInput),
    async (c) => {
      const user = requireUser(c);
      await throttle(c, 'passwordChange', `user:${user.id}`);
      await enableTotp(c.var.deps, user, c.req.valid('json').code);
      return c.json(await reloadUser(c, user.id));
    },
  )
  .post(
    '/totp/disable',
    describe({
      operationId: 'disableTotp',
      security: 'user',
      summary: 'Administrators: switch two-step verification off',
      tags: ['auth'],
      access: 'named administrator',
      responses: {
        200: { description: 'Off', schema: AuthUser },
        400: { description: 'Password or code missing or wrong' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        409: { description: 'Not on' },
      },
    }),
    valid('json', TotpDisableInput),
    async (c) => {
      const user = requireUser(c);
      await throttle(c, 'passwordChange', `user:${user.id}`);
      await disableTotp(c.var.deps, user, c.var.auth.session, c.req.valid('json'));
      return c.json(await reloadUser(c, user.id));
    },
  )
  .get(
    '/activity',
    describe({
      operationId: 'getAccountActivity',
      security: 'user',
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
      return c.json(renderActivity(c.var.operations, await findAccountActivity(c.var.deps.database.db, user.id)));
    },
  )
  .get(
    '/oauth/:provider',
    describe({
      operationId: 'startOAuth',
      security: 'public',
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
      operationId: 'oauthCallback',
      security: 'public',
      summary: 'Provider callback: links by provider id, else by verified e-mail, else creates the account',
      description:
        'An existing account whose own address was never verified loses its password and sessions before the provider identity is linked (the provider proved the address; whoever set the password did not).',
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
      const expectedState = readFlowCookie(c, STATE_COOKIE);
      const verifier = readFlowCookie(c, VERIFIER_COOKIE);
      const returnUrl = safeReturnUrl(readFlowCookie(c, RETURN_COOKIE));
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
      const userId = await signInWithOAuth(c.var.deps, name, profile);
      await startSession(c, 'user', userId);
      return c.redirect(returnUrl ?? '/', 302);
    },
  );
