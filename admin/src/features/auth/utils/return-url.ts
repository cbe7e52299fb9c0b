import { landingAfterSignIn } from '@spotless/sdk';

/**
 * The same rule as the server's: only a same-origin path (one leading '/') is a place to return
 * to after signing in; anything else (//host, /\host, a scheme, control characters) means '/'.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value;
}

/** The return address a page asked for (`?returnUrl=`), or null when none was given or it is not one of ours. */
export function askedReturnUrl(value: string | null | undefined): string | null {
  if (value === '/') return value;
  const safe = safeReturnUrl(value);
  return safe === '/' ? null : safe;
}

/**
 * Where the sign-in page sends someone signed in: the page that asked, else where the product lands
 * them (`landingAfterSignIn`: an approved cleaner's dashboard, anyone else's home).
 */
export function afterSignIn(
  asked: string | null,
  user: { links: { cleanerProfile?: unknown; apply?: unknown } } | null | undefined,
): string {
  return asked ?? landingAfterSignIn(Boolean(user?.links.cleanerProfile));
}
