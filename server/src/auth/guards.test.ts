import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { assertOwner } from './guards';

function statusOf(fn: () => void): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe('assertOwner', () => {
  it('lets the owner and administrators through', () => {
    expect(statusOf(() => assertOwner(7, { userId: 7, isAdmin: false }))).toBe('ok');
    expect(statusOf(() => assertOwner(7, { userId: null, isAdmin: true }))).toBe('ok');
    expect(statusOf(() => assertOwner(null, { userId: 3, isAdmin: true }))).toBe('ok');
  });

  it('answers another user’s resource like a missing one (404), and a visitor with 401', () => {
    expect(statusOf(() => assertOwner(7, { userId: 8, isAdmin: false }))).toBe(404);
    expect(statusOf(() => assertOwner(null, { userId: 8, isAdmin: false }))).toBe(404);
    expect(statusOf(() => assertOwner(undefined, { userId: 8, isAdmin: false }))).toBe(404);
    expect(statusOf(() => assertOwner(7, { userId: null, isAdmin: false }))).toBe(401);
  });

  it('names the resource in the message', () => {
    expect(() => assertOwner(1, { userId: 2, isAdmin: false }, 'Booking')).toThrow('Booking not found');
  });
});
