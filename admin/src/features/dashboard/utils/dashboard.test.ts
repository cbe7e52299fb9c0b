import { describe, expect, it } from 'vitest';
import { paymentText, statusText, statusTone } from './dashboard';

describe('status display', () => {
  it('capitalises the status and picks its badge colour', () => {
    expect(statusText('in_progress')).toBe('In progress');
    expect(statusText('confirmed')).toBe('Confirmed');
    expect(['confirmed', 'completed', 'pending', 'in_progress', 'cancelled', 'other'].map(statusTone)).toEqual([
      'green',
      'green',
      'yellow',
      'blue',
      'red',
      'grey',
    ]);
  });
  it('names the payment state', () => {
    expect(paymentText('succeeded')).toBe('Paid');
    expect(paymentText('unpaid')).toBe('Unpaid');
    expect(paymentText('refunded')).toBe('Refunded');
  });
});
