import { describe, expect, it } from 'vitest';
import { paidBookingParam, STATUS_FILTERS, statusTone } from './dashboard';

describe('status display', () => {
  it('picks each status’s badge colour, and filters by the statuses in words', () => {
    expect(['confirmed', 'completed', 'pending', 'in_progress', 'cancelled', 'other'].map(statusTone)).toEqual([
      'green',
      'green',
      'yellow',
      'blue',
      'red',
      'grey',
    ]);
    expect(STATUS_FILTERS.map((f) => f.label)).toEqual([
      'All Statuses',
      'Pending',
      'Confirmed',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
  });

  it('reads the booking just paid for from the checkout’s return address', () => {
    expect(paidBookingParam(new URLSearchParams('booking=42&payment=success'))).toBe(42);
    expect(paidBookingParam(new URLSearchParams('booking=42'))).toBeNull();
    expect(paidBookingParam(new URLSearchParams('payment=success'))).toBeNull();
    expect(paidBookingParam(new URLSearchParams('booking=4x&payment=success'))).toBeNull();
    expect(paidBookingParam(new URLSearchParams('booking=0&payment=success'))).toBeNull();
  });
});
