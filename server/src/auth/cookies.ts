import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../deps';

/** The user's session and the shared-password admin session live in separate cookies. */
export const SESSION_COOKIE = 'spotless_session';
export const ADMIN_SESSION_COOKIE = 'spotless_admin_session';

function secure(c: Context<AppEnv>): boolean {
  return c.var.deps.config.env === 'production';
}

/** HttpOnly, SameSite=Lax, Path=/, Secure in production (STYLE.md 8, decision 007). */
export function setSessionCookie(c: Context<AppEnv>, name: string, token: string, expiresAt: Date): void {
  const now = c.var.deps.clock.now();
  setCookie(c, name, token, {
    httpOnly: true,
    secure: secure(c),
    sameSite: 'Lax',
    path: '/',
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(c: Context<AppEnv>, name: string): void {
  deleteCookie(c, name, { path: '/', secure: secure(c), httpOnly: true, sameSite: 'Lax' });
}

export function readCookie(c: Context<AppEnv>, name: string): string | undefined {
  return getCookie(c, name);
}

/** Short-lived cookies for the OAuth round trip (state, PKCE verifier, return URL). */
export function setFlowCookie(c: Context<AppEnv>, name: string, value: string): void {
  setCookie(c, name, value, {
    httpOnly: true,
    secure: secure(c),
    sameSite: 'Lax',
    path: '/api/auth/oauth',
    maxAge: 600,
  });
}

export function clearFlowCookie(c: Context<AppEnv>, name: string): void {
  deleteCookie(c, name, { path: '/api/auth/oauth', secure: secure(c), httpOnly: true, sameSite: 'Lax' });
}
