/**
 * Partners' allowed origins (decision 048), once: the admin form checks a pattern before
 * sending, the server refuses the same, and the server matches a request's Origin against them.
 *
 * A pattern is an origin (`https://realty.example`) or an origin whose port is `*`
 * (`http://127.0.0.1:*`: any port on that host). Nothing else is a wildcard: a host is never
 * matched by a suffix, so `https://*.example` is not a pattern.
 */

export const PARTNER_LIMITS = {
  nameMax: 100,
  originsMax: 20,
  /** Basis points: 10,000 is 100%. The platform fee in force bounds it further (decision 078). */
  commissionBpsMax: 10_000,
  rateLimitMin: 10,
  rateLimitMax: 100_000,
} as const;

const PATTERN = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/;

export const partnerText = {
  origin: (value: string) =>
    `“${value}” is not an origin: write a scheme and host, such as https://realty.example or http://127.0.0.1:*`,
  originsMax: `At most ${PARTNER_LIMITS.originsMax} allowed origins`,
};

/** Whether a text is an allowed-origin pattern (lower case, no path, no trailing slash). */
export function isOriginPattern(value: string): boolean {
  const m = PATTERN.exec(value);
  if (!m) return false;
  const port = m[3];
  return port === undefined || port === '*' || (Number(port) > 0 && Number(port) < 65536);
}

/** The default port of a scheme, as `URL` drops it from an origin. */
function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : '80';
}

/** Whether a request's Origin header is one a partner's patterns allow. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  const o = PATTERN.exec(origin.toLowerCase());
  if (!o || o[3] === '*') return false;
  const [, scheme, host] = o;
  const port = o[3] ?? defaultPort(scheme as string);
  return patterns.some((pattern) => {
    const p = PATTERN.exec(pattern);
    if (!p || p[1] !== scheme || p[2] !== host) return false;
    return p[3] === '*' || (p[3] ?? defaultPort(p[1] as string)) === port;
  });
}

/** A commission rate in basis points, as people read it: 1250 → "12.5%". */
export function formatCommission(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}
