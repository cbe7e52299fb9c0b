import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('keeps same-origin paths', () => {
    expect(safeReturnUrl('/')).toBe('/');
    expect(safeReturnUrl('/apply-cleaner')).toBe('/apply-cleaner');
    expect(safeReturnUrl('/profile?payment=success#top')).toBe('/profile?payment=success#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      '/ok\u0000',
      '/a\nb',
      '/a\\b',
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(safeReturnUrl(bad), bad).toBeUndefined();
    }
    expect(safeReturnUrl(undefined)).toBeUndefined();
    expect(safeReturnUrl(null)).toBeUndefined();
  });
});
