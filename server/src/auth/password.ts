import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt (RFC 7914) with N=2^15, r=8, p=3: one of OWASP's Password Storage Cheat Sheet's
 * equivalent minimum settings (with N=2^17/p=1 and N=2^16/p=2). It keeps each hash at 32 MiB, so
 * a burst of sign-ins does not exhaust memory, and costs about 0.2 s on one core. Stored as
 * `scrypt$N$r$p$salt$hash` (base64); a hash made with weaker settings is replaced at the next
 * successful sign-in (`needsRehash`).
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when `hash` was made with weaker settings than today's (or is not ours). */
export function needsRehash(hash: string): boolean {
  const [scheme, n, r, p] = hash.split('$');
  if (scheme !== 'scrypt') return true;
  return Number(n) < SCRYPT_PARAMS.N || Number(r) < SCRYPT_PARAMS.r || Number(p) < SCRYPT_PARAMS.p;
}

let dummy: Promise<string> | undefined;
/**
 * A hash of nothing anyone knows, verified when an account has no password or does not exist, so
 * those answers take the same time as a wrong password and timing does not reveal which accounts
 * exist. Made once per process with today's settings.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
