import { ApiError } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { safeReturnUrl, serverMessage } from './return-url';

describe('safeReturnUrl', () => {
  it('keeps same-origin paths and turns everything else into /', () => {
    expect(safeReturnUrl('/apply-cleaner')).toBe('/apply-cleaner');
    expect(safeReturnUrl('/profile?payment=success')).toBe('/profile?payment=success');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeReturnUrl(bad)).toBe('/');
    }
  });
});

describe('serverMessage', () => {
  it('reads the API error message, or nothing', () => {
    const error = new ApiError(401, 'x', { error: { code: 'invalid_password', message: 'Invalid password' } });
    expect(serverMessage(error)).toBe('Invalid password');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage(new ApiError(500, 'x', undefined))).toBeUndefined();
  });
});
