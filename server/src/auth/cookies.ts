import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { AppEnv } from '../deps';

/** The user's session and the admin session live in separate cookies. */
export const SESSION_COOKIE = 'spotless_session';
export const ADMIN_SESSION_COOKIE = 'spotless_admin_session';
export type SessionCookie = typeof SESSION_COOKIE | typeof ADMIN_SESSION_COOKIE;

/**
 * The name a cookie really has. Over https a session cookie is `__Host-` prefixed: browsers then
 * accept it only when Secure, Path=/ and without Domain, so a sibling subdomain cannot plant or
 * shadow it. Flow cookies live on a narrower path, so they get `__Secure-` instead.
 */
export function cookieName(config: Pick<Config, 'secureCookies'>, name: string, path = '/'): string {
  if (!config.secureCookies) return name;
  return `${path === '/' ? '__Host-' : '__Secure-'}${name}`;
}

function secure(c: Context<AppEnv>): boolean {
  return c.get('deps').config.secureCookies;
}

/** HttpOnly, SameSite=Lax, Path=/, Secure whenever the public URL is https (decision 007). */
export function setSessionCookie(c: Context<AppEnv>, name: SessionCookie, token: string, expiresAt: Date): void {
  const now = c.get('deps').clock.now();
  setCookie(c, cookieName(c.get('deps').config, name), token, {
    httpOnly: true,
    secure: secure(c),
    sameSite: 'Lax',
    path: '/',
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(c: Context<AppEnv>, name: SessionCookie): void {
  deleteCookie(c, cookieName(c.get('deps').config, name), {
    path: '/',
    secure: secure(c),
    httpOnly: true,
    sameSite: 'Lax',
  });
}

export function readSessionCookie(c: Context<AppEnv>, name: SessionCookie): string | undefined {
  return getCookie(c, cookieName(c.get('deps').config, name));
}

const FLOW_PATH = '/api/auth/oauth';

/** Short-lived cookies for the OAuth round trip (state, PKCE verifier, return URL). */
export function setFlowCookie(c: Context<AppEnv>, name: string, value: string): void {
  setCookie(c, cookieName(c.get('deps').config, name, FLOW_PATH), value, {
    httpOnly: true,
    secure: secure(c),
    sameSite: 'Lax',
    path: FLOW_PATH,
    maxAge: 600,
  });
}

export function readFlowCookie(c: Context<AppEnv>, name: string): string | undefined {
  return getCookie(c, cookieName(c.get('deps').config, name, FLOW_PATH));
}

export function clearFlowCookie(c: Context<AppEnv>, name: string): void {
  deleteCookie(c, cookieName(c.get('deps').config, name, FLOW_PATH), {
    path: FLOW_PATH,
    secure: secure(c),
    httpOnly: true,
    sameSite: 'Lax',
  });
}
