import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { demoPasswordHash } from '../seed/demo-accounts';
import {
  hashPassword,
  hashStart,
  needsRehash,
  PBKDF2_ITERATIONS,
  PRODUCTION_PASSWORD_COST,
  passwordCost,
  SCRYPT_PARAMS,
  TEST_PASSWORD_COST,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('demo-password');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(hash).not.toContain('demo-password');
    await expect(verifyPassword(hash, 'demo-password')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'demo-passwore')).resolves.toBe(false);
  });

  it('salts every hash and refuses malformed stored hashes', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
    await expect(verifyPassword('plain-text', 'plain-text')).resolves.toBe(false);
  });

  it('uses at least OWASP’s minimum scrypt work and asks to rehash weaker hashes', async () => {
    // OWASP Password Storage Cheat Sheet: these settings are its minimum, all of equal strength.
    const owaspMinimums = [
      [2 ** 17, 8, 1],
      [2 ** 16, 8, 2],
      [2 ** 15, 8, 3],
      [2 ** 14, 8, 5],
      [2 ** 13, 8, 10],
    ];
    const { N, r, p } = SCRYPT_PARAMS;
    expect(owaspMinimums.some(([n, rr, pp]) => N >= (n as number) && r >= (rr as number) && p >= (pp as number))).toBe(
      true,
    );
    expect(needsRehash('scrypt$32768$8$1$c2FsdA==$a2V5')).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });

  it('makes and verifies the Workers hash (PBKDF2-SHA256 at workerd’s 100,000 iterations), and each runtime moves to its own', async () => {
    const hash = await hashPassword('demo-password', PRODUCTION_PASSWORD_COST, 'pbkdf2-sha256');
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    await expect(verifyPassword(hash, 'demo-password')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'demo-passwore')).resolves.toBe(false);
    // Past workerd's cap, or malformed: refused rather than run.
    await expect(verifyPassword(hash.replace('$100000$', '$100001$'), 'demo-password')).resolves.toBe(false);
    await expect(verifyPassword('pbkdf2-sha256$x$y', 'demo-password')).resolves.toBe(false);
    const scryptHash = await hashPassword('demo-password', PRODUCTION_PASSWORD_COST, 'scrypt');
    expect(needsRehash(hash, PRODUCTION_PASSWORD_COST, 'pbkdf2-sha256')).toBe(false);
    expect(needsRehash(hash, PRODUCTION_PASSWORD_COST, 'scrypt')).toBe(true);
    expect(needsRehash(scryptHash, PRODUCTION_PASSWORD_COST, 'scrypt')).toBe(false);
    expect(needsRehash(scryptHash, PRODUCTION_PASSWORD_COST, 'pbkdf2-sha256')).toBe(true);
    expect(needsRehash('pbkdf2-sha256$50000$c2FsdA==$a2V5', PRODUCTION_PASSWORD_COST, 'pbkdf2-sha256')).toBe(true);
  });
});

describe('the cost of a hash', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'libsql://db.example',
    PUBLIC_URL: 'https://spotless.example',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };

  it('is full strength in production and in development, and cheaper only for test databases', async () => {
    expect(passwordCost(parseConfig(production))).toBe(PRODUCTION_PASSWORD_COST);
    expect(passwordCost(parseConfig({}))).toBe(PRODUCTION_PASSWORD_COST);
    expect(passwordCost(parseConfig({ NODE_ENV: 'test' }))).toBe(TEST_PASSWORD_COST);
    expect(passwordCost(parseConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'production' }))).toBe(
      PRODUCTION_PASSWORD_COST,
    );
    expect(() => parseConfig({ ...production, PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST/);
    expect(PRODUCTION_PASSWORD_COST.scrypt).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    // A test-strength hash verifies anywhere, and a production server replaces it at the next sign-in.
    const cheap = await hashPassword('x', TEST_PASSWORD_COST);
    await expect(verifyPassword(cheap, 'x')).resolves.toBe(true);
    expect(needsRehash(cheap, PRODUCTION_PASSWORD_COST)).toBe(true);
    expect(needsRehash(await hashPassword('x'), TEST_PASSWORD_COST)).toBe(false);
  });

  it('is full strength for the demo accounts, whatever the configuration', async () => {
    const hash = await demoPasswordHash();
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(needsRehash(hash, PRODUCTION_PASSWORD_COST)).toBe(false);
  });
});

describe('hash turns on Workers', () => {
  it('starts hashes asked for together one spacing apart, and one asked for later at once', () => {
    let booked = 0;
    const waits: number[] = [];
    for (const now of [1_000, 1_000, 1_010, 1_000]) {
      const turn = hashStart(now, booked, 45);
      waits.push(turn.wait);
      booked = turn.bookedUntil;
    }
    expect(waits).toEqual([0, 45, 80, 135]);
    // After the last booked turn has passed, the next hash starts straight away.
    expect(hashStart(5_000, booked, 45)).toEqual({ wait: 0, bookedUntil: 5_045 });
  });
});
