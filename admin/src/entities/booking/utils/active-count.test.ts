import { describe, expect, it } from 'vitest';
import { activeBookingCount } from './active-count';

describe('activeBookingCount', () => {
  it('counts the bookings neither completed nor cancelled (pending, confirmed, in progress)', () => {
    expect(activeBookingCount({ total: 7, completed: 3, cancelled: 2 })).toBe(2);
    expect(activeBookingCount({ total: 0, completed: 0, cancelled: 0 })).toBe(0);
    expect(activeBookingCount({ total: 2, completed: 1, cancelled: 1 })).toBe(0);
  });
});
