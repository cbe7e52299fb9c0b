/**
 * Where the server may POST a partner's events (decision 079): `https:` to a public host. With
 * `WEBHOOK_ALLOW_PRIVATE_URLS` (on by default outside production, off in it) also loopback, private
 * and link-local hosts, and `http:` to this machine (tests and a partner developing locally receive
 * on loopback). Without it no such address, named or numeric, IPv4 or IPv6, so an endpoint cannot
 * make the server call into its own network. A pure rule: no I/O (a name that resolves to a private
 * address is not caught here).
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Names only a local network answers: `localhost`, mDNS, the reserved internal suffixes. */
const INTERNAL_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa', '.lan'];

/**
 * IPv4 literals of "this network", private, carrier-grade NAT, loopback, link-local, IETF protocol
 * assignments, benchmarking, multicast and reserved ranges.
 */
function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return false;
  const [a = 0, b = 0, c = 0] = parts.map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/**
 * IPv6 literals (as the URL parser writes them, in brackets, compressed) of the unspecified and
 * loopback addresses, IPv4-mapped and -compatible ones, NAT64, unique-local, link-local, site-local
 * and multicast.
 */
function isPrivateIPv6(bracketed: string): boolean {
  const host = bracketed.slice(1, -1);
  const [first = '', second = ''] = host.split(':');
  if (first === '') return true; // `::`, `::1`, `::ffff:…` and every other address in ::/16
  const word = Number.parseInt(first, 16);
  return (
    (first === '64' && second === 'ff9b') ||
    (word & 0xfe00) === 0xfc00 ||
    (word & 0xffc0) === 0xfe80 ||
    (word & 0xffc0) === 0xfec0 ||
    (word & 0xff00) === 0xff00
  );
}

/** A host this machine or its network answers: loopback, private or link-local (the URL parser normalised it). */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOOPBACK_NAMES.has(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  if (host.startsWith('[')) return isPrivateIPv6(host);
  // A name of one label (`intranet`) is completed by the resolver's search domains: a local host.
  if (!host.includes('.')) return true;
  return isPrivateIPv4(host);
}

/** The messages a refused URL gets: the field is `url`, the endpoint's address. */
export const WEBHOOK_URL_TEXT = {
  notUrl: 'Enter the full address of your endpoint, starting with https://',
  credentials: 'Leave the user name and password out of the address',
  fragment: 'Leave the #fragment out of the address',
  https: 'Enter an https:// address',
  httpLocal: 'Enter an https:// address (http:// only to 127.0.0.1, localhost or [::1])',
  internal: 'Enter a public address: loopback, private and link-local addresses are not allowed',
} as const;

/**
 * Why `text` is no URL to send a partner's events to, or null when it is one. `allowPrivate` is
 * the `WEBHOOK_ALLOW_PRIVATE_URLS` switch.
 */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_URL_TEXT.notUrl;
  }
  if (url.username || url.password) return WEBHOOK_URL_TEXT.credentials;
  if (url.hash) return WEBHOOK_URL_TEXT.fragment;
  if (url.protocol === 'https:') {
    return !allowPrivate && isInternalHost(url.hostname) ? WEBHOOK_URL_TEXT.internal : null;
  }
  if (url.protocol === 'http:' && allowPrivate && LOOPBACK_NAMES.has(url.hostname.toLowerCase())) return null;
  if (url.protocol === 'http:' && !allowPrivate && isInternalHost(url.hostname)) return WEBHOOK_URL_TEXT.internal;
  return allowPrivate ? WEBHOOK_URL_TEXT.httpLocal : WEBHOOK_URL_TEXT.https;
}

/**
 * What this installation accepts as an endpoint's URL, in words, for the forms that ask for one
 * (the create and update actions' description): `allowPrivate` is `WEBHOOK_ALLOW_PRIVATE_URLS`.
 */
export function webhookUrlRule(allowPrivate: boolean): string {
  return allowPrivate
    ? 'An https:// address. For developing locally this installation also accepts private and loopback https:// addresses, and http:// to 127.0.0.1, localhost or [::1] only; in production (by default) only public https:// addresses are accepted. Deliveries not yet sent go to the address as it is when they are sent.'
    : 'A public https:// address: http://, loopback, private and link-local addresses are not accepted. Deliveries not yet sent go to the address as it is when they are sent.';
}
