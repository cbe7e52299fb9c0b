import { describe, expect, it } from 'vitest';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  bookingStatusText,
  jobChangeText,
  paymentStatusText,
} from './statuses';

describe('statuses in words', () => {
  it('a booking’s status: every status a word, never its value', () => {
    expect(BOOKING_STATUSES.map(bookingStatusText)).toEqual([
      'Pending',
      'Confirmed',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
  });

  it('a payment’s status: succeeded is Paid, and no word is a raw value', () => {
    expect(BOOKING_PAYMENT_STATUSES.map((status) => paymentStatusText(status))).toEqual([
      'Unpaid',
      'Pending',
      'Processing',
      'Paid',
      'Payment failed',
      'Refunded',
      'Disputed',
    ]);
  });

  it('a booking cancelled before it was ever paid: its payment reads Cancelled, not Pending or Unpaid', () => {
    expect(paymentStatusText('pending', 'cancelled')).toBe('Cancelled');
    // A checkout left on a booking its cleaner confirmed: unpaid, as on any other confirmed card.
    expect(paymentStatusText('pending', 'confirmed')).toBe('Unpaid');
    expect(paymentStatusText('pending', 'pending')).toBe('Pending');
    expect(paymentStatusText('unpaid', 'cancelled')).toBe('Cancelled');
    // Still waiting to be paid while the booking stands.
    expect(paymentStatusText('pending', 'pending')).toBe('Pending');
    expect(paymentStatusText('unpaid', 'pending')).toBe('Unpaid');
    // Money that moved keeps its word after a cancellation.
    expect(paymentStatusText('succeeded', 'cancelled')).toBe('Paid');
    expect(paymentStatusText('refunded', 'cancelled')).toBe('Refunded');
    expect(paymentStatusText('processing', 'cancelled')).toBe('Processing');
    expect(paymentStatusText('failed', 'cancelled')).toBe('Payment failed');
  });

  it('a cleaner’s change of a job, in words', () => {
    expect(jobChangeText('accept', 'confirmed')).toBe('Booking accepted');
    expect(jobChangeText('decline', 'cancelled')).toBe('Booking declined');
    expect(jobChangeText('start', 'in_progress')).toBe('Job started');
    expect(jobChangeText('complete', 'completed')).toBe('Job completed');
    // An action without words of its own says what the job now is.
    expect(jobChangeText('other', 'cancelled')).toBe('Booking cancelled');
  });
});
