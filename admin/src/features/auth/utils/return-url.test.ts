import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('keeps same-origin paths and turns everything else into /', () => {
    expect(safeReturnUrl('/apply-cleaner')).toBe('/apply-cleaner');
    expect(safeReturnUrl('/profile?payment=success')).toBe('/profile?payment=success');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeReturnUrl(bad)).toBe('/');
    }
  });
});
