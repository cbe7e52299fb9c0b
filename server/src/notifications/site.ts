import type { Config } from '../config';

/**
 * Where an e-mail's links point (decision 072): the address the person is using when this
 * deployment answers to it, so a link opens where their session cookie is; else `PUBLIC_URL`.
 */

/** What a service needs to know where its e-mails link: the configuration and, in a request, its URL. */
export interface SiteDeps {
  config: Pick<Config, 'publicUrl'>;
  /** The URL the request being served was sent to; absent in jobs (decision 072). */
  requestUrl?: string | undefined;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins this deployment answers to, as e-mail links may use them: `PUBLIC_URL`'s own and,
 * only when that is a loopback address, its loopback aliases on the same scheme and port (one
 * machine, three names; a cookie belongs to one of them).
 */
export function siteOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, ...LOOPBACK.map((host) => `${url.protocol}//${host}${port}`).filter((o) => o !== url.origin)];
}

/**
 * The base of an e-mail's links (no trailing slash): the request's own origin when it is one of
 * `siteOrigins`, with `PUBLIC_URL`'s path; otherwise `PUBLIC_URL` itself. A `Host` header is the
 * caller's to choose, so anything else — another host, scheme or port — never reaches a link
 * (a reset link to a forged host would hand its token to that host).
 */
export function emailSite(publicUrl: string, requestUrl?: string): string {
  const base = publicUrl.replace(/\/$/, '');
  if (!requestUrl) return base;
  let origin: string;
  try {
    origin = new URL(requestUrl).origin;
  } catch {
    return base;
  }
  const own = new URL(base);
  if (origin === own.origin || !siteOrigins(base).includes(origin)) return base;
  return `${origin}${own.pathname.replace(/\/$/, '')}`;
}

/** The base of the links of the e-mails these deps cause. */
export const siteOf = (deps: SiteDeps): string => emailSite(deps.config.publicUrl, deps.requestUrl);
