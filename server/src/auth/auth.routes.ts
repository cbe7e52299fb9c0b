import { type Context, Hono } from 'hono';
import { type Actor, personOf } from '../contract/actor';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { startedElsewhere } from '../lib/origins';
import { failureLimit, throttle } from '../rate-limits/rate-limit';
import {
  accountActivity,
  checkPassword,
  currentAccount,
  registerUser,
  sessionState,
  signedInAs,
  signInLanding,
  updateProfile,
} from './accounts.service';
import { disableTotp, enableTotp, startTotpSetup } from './admin-sessions.service';
import { authApi as api } from './auth.openapi';
import { renderActivity, renderProviders, renderSessionState, renderUser } from './auth.resource';
import {
  changePassword,
  requestPasswordReset,
  resendEmailVerification,
  resetPassword,
  verifyEmail,
} from './passwords.service';
import { safeReturnUrl } from './return-url';
import { endSessions, startSession } from './sessions';

/** The account as the API answers it, for `actor` (the person a sign-in has just made, or the caller). */
const account = async (c: Context<AppEnv>, actor: Actor = c.get('actor')) =>
  renderUser(c.get('operations'), await currentAccount(c.get('deps'), actor));

/** The signed-in person's id, for per-account rate limits (the services refuse anyone else). */
const personId = (c: Context<AppEnv>) => personOf(c.get('actor'))?.userId ?? 0;

/** Browser navigations (docs/product/accounts.md): GET /api/login and GET /api/logout. */
export const signInRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.startLogin), async (c) => {
    const returnUrl = safeReturnUrl(inputOf(c, api.startLogin).query.returnUrl);
    const actor = c.get('actor');
    if (personOf(actor)) return c.redirect(returnUrl ?? (await signInLanding(c.get('deps'), actor)), 302);
    return c.redirect(returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login', 302);
  })
  .get(...endpoint(api.logoutAndGoHome), async (c) => {
    if (startedElsewhere(c)) return c.redirect('/logout', 302);
    await endSessions(c, ['user', 'admin']);
    return c.redirect('/', 302);
  });

export const authRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getAuthProviders), (c) => {
    const { oauth } = c.get('deps').config;
    return c.json(
      renderProviders(c.get('operations'), {
        password: true,
        google: Boolean(oauth.google),
        github: Boolean(oauth.github),
      }),
    );
  })
  .post(...endpoint(api.register), async (c) => {
    await throttle(c, 'register');
    const user = await registerUser(c.get('deps'), c.get('actor'), inputOf(c, api.register).json);
    await startSession(c, 'user', user.id);
    return c.json(await account(c, signedInAs(user.id)), 201);
  })
  .post(...endpoint(api.login), async (c) => {
    const input = inputOf(c, api.login).json;
    await throttle(c, 'login');
    const failures = failureLimit(c, 'loginFailures', `email:${input.email.trim().toLowerCase()}`);
    await failures.guard();
    const user = await checkPassword(c.get('deps'), c.get('actor'), input).catch(async (error: unknown) => {
      await failures.fail();
      throw error;
    });
    await startSession(c, 'user', user.id);
    return c.json(await account(c, signedInAs(user.id)));
  })
  .post(...endpoint(api.logout), async (c) => {
    await endSessions(c, ['user', 'admin']);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.getSession), async (c) => {
    const state = await sessionState(c.get('deps'), c.get('actor'));
    return c.json(renderSessionState(c.get('operations'), state));
  })
  .get(...endpoint(api.getCurrentUser), async (c) => c.json(await account(c)))
  .patch(...endpoint(api.updateProfile), async (c) => {
    const input = inputOf(c, api.updateProfile).json;
    const email = c.get('auth').user?.email;
    if (input.email !== undefined && input.email.trim().toLowerCase() !== email?.toLowerCase()) {
      await throttle(c, 'emailChange', `user:${personId(c)}`);
    }
    await updateProfile(c.get('deps'), c.get('actor'), input);
    return c.json(await account(c));
  })
  .post(...endpoint(api.changePassword), async (c) => {
    await throttle(c, 'passwordChange', `user:${personId(c)}`);
    await changePassword(c.get('deps'), c.get('actor'), inputOf(c, api.changePassword).json);
    const userId = personId(c);
    await startSession(c, 'user', userId);
    return c.json(await account(c, signedInAs(userId)));
  })
  .post(...endpoint(api.requestPasswordReset), async (c) => {
    const { email } = inputOf(c, api.requestPasswordReset).json;
    await throttle(c, 'passwordReset');
    await throttle(c, 'passwordResetAccount', `email:${email.trim().toLowerCase()}`);
    await requestPasswordReset(c.get('deps'), c.get('actor'), email);
    return c.json({ ok: true as const }, 202);
  })
  .post(...endpoint(api.confirmPasswordReset), async (c) => {
    await throttle(c, 'passwordReset');
    const user = await resetPassword(c.get('deps'), c.get('actor'), inputOf(c, api.confirmPasswordReset).json);
    await startSession(c, 'user', user.id);
    return c.json(await account(c, signedInAs(user.id)));
  })
  .post(...endpoint(api.verifyEmail), async (c) => {
    const { email } = await verifyEmail(c.get('deps'), c.get('actor'), inputOf(c, api.verifyEmail).json.token);
    return c.json({ ok: true as const, email });
  })
  .post(...endpoint(api.resendVerification), async (c) => {
    await throttle(c, 'verifyEmail', `user:${personId(c)}`);
    await resendEmailVerification(c.get('deps'), c.get('actor'));
    return c.json({ ok: true as const }, 202);
  })
  .post(...endpoint(api.setupTotp), async (c) =>
    c.json(await startTotpSetup(c.get('deps'), c.get('actor'), inputOf(c, api.setupTotp).json.currentPassword)),
  )
  .post(...endpoint(api.enableTotp), async (c) => {
    await throttle(c, 'passwordChange', `user:${personId(c)}`);
    await enableTotp(c.get('deps'), c.get('actor'), inputOf(c, api.enableTotp).json.code);
    return c.json(await account(c));
  })
  .post(...endpoint(api.disableTotp), async (c) => {
    await throttle(c, 'passwordChange', `user:${personId(c)}`);
    await disableTotp(c.get('deps'), c.get('actor'), inputOf(c, api.disableTotp).json);
    return c.json(await account(c));
  })
  .get(...endpoint(api.getAccountActivity), async (c) =>
    c.json(renderActivity(c.get('operations'), await accountActivity(c.get('deps'), c.get('actor')))),
  );
