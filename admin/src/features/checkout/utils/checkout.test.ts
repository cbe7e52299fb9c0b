import { describe, expect, it } from 'vitest';
import { bookingIdParam, formatCardNumber, formatExpiry, parseExpiry, paymentSuccessPath } from './checkout';

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry(' 4 / 2031 ')).toEqual({ expMonth: 4, expYear: 2031 });
    expect(parseExpiry('0130')).toEqual({ expMonth: 1, expYear: 2030 });
  });

  it('refuses anything else', () => {
    expect(parseExpiry('')).toBeNull();
    expect(parseExpiry('12/3')).toBeNull();
    expect(parseExpiry('ab/cd')).toBeNull();
  });
});

describe('card input formatting', () => {
  it('groups card digits in fours and drops other characters', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00')).toBe('4000 0000 00');
  });

  it('adds the expiry slash', () => {
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/3')).toBe('12/3');
  });
});

describe('bookingIdParam', () => {
  it('accepts a positive integer only', () => {
    expect(bookingIdParam('42')).toBe(42);
    expect(bookingIdParam(null)).toBeNull();
    expect(bookingIdParam('0')).toBeNull();
    expect(bookingIdParam('4x')).toBeNull();
  });
});

describe('paymentSuccessPath', () => {
  it('lands on My Bookings with the booking paid for, never on the profile', () => {
    expect(paymentSuccessPath(42)).toBe('/dashboard?booking=42&payment=success');
  });
});
