import { generateCodeVerifier, generateState } from 'arctic';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../deps';
import { AppError, notFound } from '../lib/errors';
import { endpoint, inputOf } from '../lib/operations';
import { authApi as api } from './auth.openapi';
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
  .get(...endpoint(api.startLogin), (c) => {
    const returnUrl = safeReturnUrl(inputOf(c, api.startLogin).query.returnUrl);
    if (c.var.auth.user) return c.redirect(returnUrl ?? '/', 302);
    return c.redirect(returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login', 302);
  })
  .get(...endpoint(api.logoutAndGoHome), async (c) => {
    if (startedElsewhere(c)) return c.redirect('/logout', 302);
    await endSessions(c, ['user', 'admin']);
    return c.redirect('/', 302);
  });

export const authRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getAuthProviders), (c) => {
    const { oauth } = c.var.deps.config;
    return c.json(
      renderProviders(c.var.operations, {
        password: true,
        google: Boolean(oauth.google),
        github: Boolean(oauth.github),
      }),
    );
  })
  .post(...endpoint(api.register), async (c) => {
    await throttle(c, 'register');
    const user = await registerUser(c.var.deps, inputOf(c, api.register).json);
    await startSession(c, 'user', user.id);
    return c.json(await userResource(c, user), 201);
  })
  .post(...endpoint(api.login), async (c) => {
    const input = inputOf(c, api.login).json;
    await throttle(c, 'login');
    const failures = failureLimit(c, 'loginFailures', `email:${input.email.trim().toLowerCase()}`);
    await failures.guard();
    const user = await checkPassword(c.var.deps, input).catch(async (error: unknown) => {
      await failures.fail();
      throw error;
    });
    await startSession(c, 'user', user.id);
    return c.json(await userResource(c, user));
  })
  .post(...endpoint(api.logout), async (c) => {
    await endSessions(c, ['user', 'admin']);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.getCurrentUser), async (c) => {
    const user = requireUser(c);
    return c.json(await userResource(c, user));
  })
  .patch(...endpoint(api.updateProfile), async (c) => {
    const user = requireUser(c);
    const input = inputOf(c, api.updateProfile).json;
    if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      await throttle(c, 'emailChange', `user:${user.id}`);
    }
    const updated = await updateProfile(c.var.deps, user, c.var.auth.session, input);
    return c.json(await userResource(c, updated));
  })
  .post(...endpoint(api.changePassword), async (c) => {
    const user = requireUser(c);
    await throttle(c, 'passwordChange', `user:${user.id}`);
    await changePassword(c.var.deps, user, c.var.auth.session, inputOf(c, api.changePassword).json);
    await startSession(c, 'user', user.id);
    return c.json(await reloadUser(c, user.id));
  })
  .post(...endpoint(api.requestPasswordReset), async (c) => {
    const { email } = inputOf(c, api.requestPasswordReset).json;
    await throttle(c, 'passwordReset');
    await throttle(c, 'passwordResetAccount', `email:${email.trim().toLowerCase()}`);
    await requestPasswordReset(c.var.deps, email);
    return c.json({ ok: true as const }, 202);
  })
  .post(...endpoint(api.confirmPasswordReset), async (c) => {
    await throttle(c, 'passwordReset');
    const { token, password } = inputOf(c, api.confirmPasswordReset).json;
    const user = await resetPassword(c.var.deps, token, password);
    await startSession(c, 'user', user.id);
    return c.json(await userResource(c, user));
  })
  .post(...endpoint(api.verifyEmail), async (c) => {
    const { email } = await verifyEmail(c.var.deps, inputOf(c, api.verifyEmail).json.token);
    return c.json({ ok: true as const, email });
  })
  .post(...endpoint(api.resendVerification), async (c) => {
    const user = requireUser(c);
    await throttle(c, 'verifyEmail', `user:${user.id}`);
    await resendEmailVerification(c.var.deps, user);
    return c.json({ ok: true as const }, 202);
  })
  .post(...endpoint(api.setupTotp), async (c) => {
    requireUser(c);
    const setup = await startTotpSetup(
      c.var.deps,
      getUser(c),
      c.var.auth.session,
      inputOf(c, api.setupTotp).json.currentPassword,
    );
    return c.json(setup);
  })
  .post(...endpoint(api.enableTotp), async (c) => {
    const user = requireUser(c);
    await throttle(c, 'passwordChange', `user:${user.id}`);
    await enableTotp(c.var.deps, user, inputOf(c, api.enableTotp).json.code);
    return c.json(await reloadUser(c, user.id));
  })
  .post(...endpoint(api.disableTotp), async (c) => {
    const user = requireUser(c);
    await throttle(c, 'passwordChange', `user:${user.id}`);
    await disableTotp(c.var.deps, user, c.var.auth.session, inputOf(c, api.disableTotp).json);
    return c.json(await reloadUser(c, user.id));
  })
  .get(...endpoint(api.getAccountActivity), async (c) => {
    const user = requireUser(c);
    return c.json(renderActivity(c.var.operations, await findAccountActivity(c.var.deps.database.db, user.id)));
  })
  .get(...endpoint(api.startOAuth), (c) => {
    const { provider: name } = inputOf(c, api.startOAuth).param;
    const provider = createOAuthProvider(name, c.var.deps.config);
    if (!provider) throw notFound('Sign-in provider');
    const state = generateState();
    const verifier = generateCodeVerifier();
    setFlowCookie(c, STATE_COOKIE, state);
    setFlowCookie(c, VERIFIER_COOKIE, verifier);
    const returnUrl = safeReturnUrl(inputOf(c, api.startOAuth).query.returnUrl);
    if (returnUrl) setFlowCookie(c, RETURN_COOKIE, returnUrl);
    else clearFlowCookie(c, RETURN_COOKIE);
    return c.redirect(provider.createAuthorizationURL(state, verifier).toString(), 302);
  })
  .get(...endpoint(api.oauthCallback), async (c) => {
    const { provider: name } = inputOf(c, api.oauthCallback).param;
    const provider = createOAuthProvider(name, c.var.deps.config);
    if (!provider) throw notFound('Sign-in provider');
    const { code, state } = inputOf(c, api.oauthCallback).query;
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
  });
