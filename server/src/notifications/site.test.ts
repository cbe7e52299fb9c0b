import { describe, expect, it } from 'vitest';
import { emailSite, siteOrigins } from './site';

/**
 * Where e-mail links point (decision 072): the address the request came to when this deployment
 * answers to it — PUBLIC_URL, and a loopback PUBLIC_URL's aliases on its scheme and port — and
 * PUBLIC_URL for anything else, so a forged Host header never reaches a reset link.
 */
describe('emailSite', () => {
  const local = 'http://localhost:8787';

  it('follows the loopback alias the person is using, on the same scheme and port', () => {
    expect(emailSite(local, 'http://127.0.0.1:8787/api/auth/register')).toBe('http://127.0.0.1:8787');
    expect(emailSite(local, 'http://[::1]:8787/api/auth/forgot-password')).toBe('http://[::1]:8787');
    expect(emailSite(local, 'http://localhost:8787/api/x')).toBe(local);
    expect(emailSite('http://127.0.0.1:8787', 'http://localhost:8787/api/x')).toBe('http://localhost:8787');
  });

  it('answers PUBLIC_URL for any other host, port or scheme, and without a request', () => {
    for (const url of [
      'http://evil.example/api/auth/forgot-password',
      'http://evil.example:8787/api/auth/forgot-password',
      'http://127.0.0.1:9999/api/auth/forgot-password',
      'https://127.0.0.1:8787/api/auth/forgot-password',
      'http://127.0.0.2:8787/api/x',
      'http://localhost.evil.example:8787/api/x',
      'not a url',
    ]) {
      expect(emailSite(local, url), url).toBe(local);
    }
    expect(emailSite(local)).toBe(local);
  });

  it('offers no alias for a public PUBLIC_URL: its own origin only', () => {
    const site = 'https://spotless.example';
    expect(siteOrigins(site)).toEqual([site]);
    expect(emailSite(site, 'http://localhost:8787/api/x')).toBe(site);
    expect(emailSite(site, 'http://spotless.example/api/x')).toBe(site);
    expect(emailSite(`${site}/`, 'https://spotless.example/api/x')).toBe(site);
  });

  it('keeps PUBLIC_URL’s path on an alias', () => {
    expect(siteOrigins('http://localhost:8787/app')).toEqual([
      'http://localhost:8787',
      'http://127.0.0.1:8787',
      'http://[::1]:8787',
    ]);
    expect(emailSite('http://localhost:8787/app/', 'http://127.0.0.1:8787/app/api/x')).toBe(
      'http://127.0.0.1:8787/app',
    );
  });
});
