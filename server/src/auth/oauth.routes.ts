import { generateCodeVerifier, generateState } from 'arctic';
import { Hono } from 'hono';
import { AppError, notFound } from '../contract/errors';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { signInLanding, signInWithOAuth } from './accounts.service';
import { authApi as api } from './auth.openapi';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from './cookies';
import { createOAuthProvider, type OAuthProfile } from './oauth';
import { safeReturnUrl } from './return-url';
import { startSession } from './sessions';

/**
 * Google / GitHub sign-in (arctic): the redirect to the provider with a state and a PKCE verifier
 * in short-lived cookies, and the callback that checks them and signs the person in.
 */

const STATE_COOKIE = 'oauth_state';
const VERIFIER_COOKIE = 'oauth_verifier';
const RETURN_COOKIE = 'oauth_return';

export const oauthRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.startOAuth), (c) => {
    const { provider: name } = inputOf(c, api.startOAuth).param;
    const provider = createOAuthProvider(name, c.get('deps').config);
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
    const provider = createOAuthProvider(name, c.get('deps').config);
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
      c.get('deps').logger.warn('oauth code exchange failed', { provider: name, error: String(error) });
      throw new AppError(400, 'oauth_failed', 'The sign-in provider did not accept this sign-in. Please try again.');
    }
    const userId = await signInWithOAuth(c.get('deps'), c.get('actor'), name, profile);
    await startSession(c, 'user', userId);
    return c.redirect(returnUrl ?? (await signInLanding(c.get('deps'), c.get('actor'), userId)), 302);
  });
