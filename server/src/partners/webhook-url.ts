/**
 * Where the server may POST a partner's events (decision 079): `https:` to a public host. Outside
 * production, `http:` to this machine too (tests and a partner developing locally receive on
 * loopback); in production no loopback or private address, named or numeric, so an endpoint cannot
 * make the server call into its own network. A pure rule: no I/O (a name that resolves to a private
 * address is not caught here).
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** IPv4 literals of loopback, private, link-local, carrier-grade NAT and "this network" ranges. */
function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return false;
  const [a = 0, b = 0] = parts.map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** A host this machine or its network answers: loopback, private or link-local (the URL parser normalised it). */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  if (host.startsWith('[')) return /^\[(::|::1|f[cd]|fe[89ab]|::ffff:)/.test(host);
  return isPrivateIPv4(host);
}

/** Why `text` is no URL to send a partner's events to, or null when it is one. */
export function webhookUrlProblem(text: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an https:// URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') {
    return production && isInternalHost(url.hostname)
      ? 'must be a public address, not a loopback or private one'
      : null;
  }
  if (url.protocol === 'http:' && !production && LOOPBACK_NAMES.has(url.hostname.toLowerCase())) return null;
  return production
    ? 'must be an https:// URL'
    : 'must be an https:// URL (http:// only to 127.0.0.1 or localhost, outside production)';
}
