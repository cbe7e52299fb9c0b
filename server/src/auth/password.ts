import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes, by runtime (decision 055):
 *
 * - **Node: scrypt** (RFC 7914) with N=2^15, r=8, p=3: one of OWASP's Password Storage Cheat
 *   Sheet's equivalent minimum settings (with N=2^17/p=1 and N=2^16/p=2), 32 MiB per hash, about
 *   0.2 s on one core in libuv's thread pool, off the event loop. Stored `scrypt$N$r$p$salt$hash`.
 * - **Workers: PBKDF2-HMAC-SHA256** through Web Crypto, 100,000 iterations — the most workerd
 *   allows. workerd runs scrypt on the request's own thread (a sign-up held every other request of
 *   the isolate for ~0.2–0.4 s, and 50 at once took 10 s to finish); PBKDF2 is a fraction of that.
 *   OWASP asks 600,000 iterations for PBKDF2-HMAC-SHA256, so a Workers hash is about a sixth of
 *   the recommended work. Stored `pbkdf2-sha256$iterations$salt$hash`.
 *
 * Either runtime verifies both, and a hash of the other scheme or older settings is replaced by the
 * runtime's own at the next successful sign-in (`needsRehash`). On Workers that replaces scrypt by
 * the weaker PBKDF2 on purpose: every sign-in then costs the same as the unknown-account check
 * (`dummyPasswordHash`), so timing does not tell which accounts exist, and none holds the isolate.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
/** workerd refuses PBKDF2 above 100,000 iterations. */
export const PBKDF2_ITERATIONS = 100_000;
const KEY_LENGTH = 32;

/** The work new hashes cost, for each scheme. */
export interface PasswordCost {
  scrypt: { N: number; r: number; p: number };
  pbkdf2Iterations: number;
}
/** Every server outside the tests, and the demo accounts' hash wherever it is made. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { scrypt: SCRYPT_PARAMS, pbkdf2Iterations: PBKDF2_ITERATIONS };
/**
 * Test databases only (`PASSWORD_HASH_COST=test`, the default under `NODE_ENV=test`; the config
 * refuses it in production): about a millisecond a hash instead of 0.2 s, so that suites which sign
 * many people up and in test the same code without spending their time in scrypt.
 */
export const TEST_PASSWORD_COST: PasswordCost = { scrypt: { N: 2 ** 10, r: 8, p: 1 }, pbkdf2Iterations: 1_000 };

/** The cost the configuration asks for. */
export function passwordCost(config: { passwordHashCost: 'production' | 'test' }): PasswordCost {
  return config.passwordHashCost === 'test' ? TEST_PASSWORD_COST : PRODUCTION_PASSWORD_COST;
}

export type PasswordScheme = 'scrypt' | 'pbkdf2-sha256';

/** The scheme new hashes use here: PBKDF2 on Workers, scrypt elsewhere. */
export const RUNTIME_SCHEME: PasswordScheme =
  (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers'
    ? 'pbkdf2-sha256'
    : 'scrypt';

/**
 * Scrypt hashes handed to libuv's thread pool at once; the rest wait their turn here. The pool's
 * four threads also do the process's file reads and writes, which would otherwise queue behind a
 * burst of sign-ins, and a process that exits first finishes every piece of work queued in the
 * pool: with 40 sign-ins in flight, a server took 27 s to stop after its SIGTERM. A hash waiting
 * here is dropped by an exit. Two keep both cores of a small machine busy.
 */
export const SCRYPT_AT_ONCE = 2;
let scryptRunning = 0;
const scryptWaiting: Array<() => void> = [];

async function scryptTurn<T>(derive: () => Promise<T>): Promise<T> {
  if (scryptRunning < SCRYPT_AT_ONCE) scryptRunning += 1;
  else await new Promise<void>((resolve) => scryptWaiting.push(resolve));
  try {
    return await derive();
  } finally {
    // The turn passes straight to the next hash waiting, so none can overtake it.
    const next = scryptWaiting.shift();
    if (next) next();
    else scryptRunning -= 1;
  }
}

function deriveScrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return scryptTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/**
 * workerd computes PBKDF2 on the isolate's own thread (about 30 ms each here), so hashes that
 * start together run back to back and a request arriving meanwhile waits behind all of them: with
 * 50 sign-ups at once, `/api/health` waited up to 177–347 ms. On Workers each hash therefore
 * starts `PBKDF2_SPACING_MS` after the one before, from a timer of its own request, so other
 * requests run between two hashes. The clock cannot measure a hash there (workerd's clock stands
 * still while code runs), so the spacing is fixed. A request cancelled while waiting only leaves a
 * gap.
 */
export const PBKDF2_SPACING_MS = 30;
const SPACED = RUNTIME_SCHEME === 'pbkdf2-sha256';
let nextHashAt = 0;

/** When a hash asked for at `now` may start, `spacing` after the last one booked (`bookedUntil`). */
export function hashStart(now: number, bookedUntil: number, spacing: number): { wait: number; bookedUntil: number } {
  const at = Math.max(now, bookedUntil);
  return { wait: at - now, bookedUntil: at + spacing };
}

function hashTurn(): Promise<void> | undefined {
  if (!SPACED) return undefined;
  const turn = hashStart(Date.now(), nextHashAt, PBKDF2_SPACING_MS);
  nextHashAt = turn.bookedUntil;
  return turn.wait > 0 ? new Promise((resolve) => setTimeout(resolve, turn.wait)) : undefined;
}

async function derivePbkdf2(password: string, salt: Buffer, iterations: number): Promise<Buffer> {
  await hashTurn();
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    KEY_LENGTH * 8,
  );
  return Buffer.from(bits);
}

export async function hashPassword(
  password: string,
  cost: PasswordCost = PRODUCTION_PASSWORD_COST,
  scheme: PasswordScheme = RUNTIME_SCHEME,
): Promise<string> {
  const salt = randomBytes(16);
  if (scheme === 'pbkdf2-sha256') {
    const iterations = cost.pbkdf2Iterations;
    const key = await derivePbkdf2(password, salt, iterations);
    return `pbkdf2-sha256$${iterations}$${salt.toString('base64')}$${key.toString('base64')}`;
  }
  const { N, r, p } = cost.scrypt;
  const key = await deriveScrypt(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parts = hash.split('$');
  let expected: Buffer;
  let actual: Buffer;
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
    if (!salt || !key) return false;
    expected = Buffer.from(key, 'base64');
    actual = await deriveScrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  } else if (parts[0] === 'pbkdf2-sha256' && parts.length === 4) {
    const [, iterations, salt, key] = parts as [string, string, string, string];
    const count = Number(iterations);
    if (!salt || !key || !Number.isInteger(count) || count < 1 || count > PBKDF2_ITERATIONS) return false;
    expected = Buffer.from(key, 'base64');
    actual = await derivePbkdf2(password, Buffer.from(salt, 'base64'), count);
  } else {
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when `hash` is weaker than what this runtime makes at `cost` (or is not ours). */
export function needsRehash(
  hash: string,
  cost: PasswordCost = PRODUCTION_PASSWORD_COST,
  scheme: PasswordScheme = RUNTIME_SCHEME,
): boolean {
  const [kind, a, b, c] = hash.split('$');
  if (kind === 'scrypt') {
    if (scheme !== 'scrypt') return true;
    return Number(a) < cost.scrypt.N || Number(b) < cost.scrypt.r || Number(c) < cost.scrypt.p;
  }
  if (kind === 'pbkdf2-sha256') return scheme === 'scrypt' || Number(a) < cost.pbkdf2Iterations;
  return true;
}

const dummies = new Map<PasswordCost, Promise<string>>();
/**
 * A hash of nothing anyone knows, verified when an account has no password or does not exist, so
 * those answers take the same time as a wrong password and timing does not reveal which accounts
 * exist. Made once per process for each cost (a constant: the same for every request).
 */
export function dummyPasswordHash(cost: PasswordCost = PRODUCTION_PASSWORD_COST): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummies.set(cost, dummy);
  }
  return dummy;
}
