import { describe, expect, it } from 'vitest';
import { bookingBadges, statusLabel } from './status-label';

describe('statusLabel', () => {
  it('uppercases the status’s words', () => {
    expect(statusLabel('in_progress')).toBe('IN PROGRESS');
    expect(statusLabel('pending')).toBe('PENDING');
  });
});

describe('bookingBadges', () => {
  it('says a paid booking with part of it refunded is partly refunded, not simply paid', () => {
    const refund = { amount: '30.00', status: 'succeeded' as const };
    expect(bookingBadges({ status: 'completed', paymentStatus: 'succeeded', refund }).payment).toBe('Partly refunded');
    expect(bookingBadges({ status: 'completed', paymentStatus: 'succeeded', refund: null }).payment).toBe('Paid');
  });

  it('words, never values: the status, then the payment unless it says the status again', () => {
    expect(bookingBadges({ status: 'confirmed', paymentStatus: 'succeeded' })).toEqual({
      status: 'Confirmed',
      payment: 'Paid',
    });
    expect(bookingBadges({ status: 'pending', paymentStatus: 'unpaid' })).toEqual({
      status: 'Pending',
      payment: 'Unpaid',
    });
    // A word said once: "Pending", not "Pending Pending".
    expect(bookingBadges({ status: 'pending', paymentStatus: 'pending' })).toEqual({
      status: 'Pending',
      payment: null,
    });
    expect(bookingBadges({ status: 'in_progress', paymentStatus: 'succeeded' })).toEqual({
      status: 'In Progress',
      payment: 'Paid',
    });
    // Cancelled before it was paid (a checkout left): "Cancelled" once, never beside "Pending".
    expect(bookingBadges({ status: 'cancelled', paymentStatus: 'pending' })).toEqual({
      status: 'Cancelled',
      payment: null,
    });
    expect(bookingBadges({ status: 'cancelled', paymentStatus: 'unpaid' })).toEqual({
      status: 'Cancelled',
      payment: null,
    });
    expect(bookingBadges({ status: 'cancelled', paymentStatus: 'refunded' })).toEqual({
      status: 'Cancelled',
      payment: 'Refunded',
    });
  });
});
