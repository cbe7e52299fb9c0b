import { describe, expect, it } from 'vitest';
import { afterSignIn, askedReturnUrl, safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('keeps same-origin paths and turns everything else into /', () => {
    expect(safeReturnUrl('/apply-cleaner')).toBe('/apply-cleaner');
    expect(safeReturnUrl('/profile?payment=success')).toBe('/profile?payment=success');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeReturnUrl(bad)).toBe('/');
    }
  });
});

describe('where signing in leads', () => {
  const cleaner = { links: { cleanerProfile: { href: '/api/cleaners/profile' } } };
  const customer = { links: { apply: { href: '/apply-cleaner' } } };

  it('lands an approved cleaner on their cleaner dashboard when no page asked', () => {
    expect(afterSignIn(askedReturnUrl(null), cleaner)).toBe('/cleaner-dashboard');
    // An address that is not ours asks for nothing.
    expect(afterSignIn(askedReturnUrl('https://evil.example'), cleaner)).toBe('/cleaner-dashboard');
  });

  it('lands anyone else at home', () => {
    expect(afterSignIn(askedReturnUrl(null), customer)).toBe('/');
    expect(afterSignIn(askedReturnUrl(undefined), null)).toBe('/');
  });

  it('follows the page that asked, home included, for a cleaner too', () => {
    expect(afterSignIn(askedReturnUrl('/profile'), cleaner)).toBe('/profile');
    expect(afterSignIn(askedReturnUrl('/'), cleaner)).toBe('/');
  });
});
