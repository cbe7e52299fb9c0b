import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('demo-password');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('demo-password');
    await expect(verifyPassword(hash, 'demo-password')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'demo-passwore')).resolves.toBe(false);
  });

  it('salts every hash and refuses malformed stored hashes', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
    await expect(verifyPassword('plain-text', 'plain-text')).resolves.toBe(false);
  });
});
