import type { Booking } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { detailFacts, linkedBookingParam, paidBookingParam, refundLine, STATUS_FILTERS, statusTone } from './dashboard';

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
    // A calendar event's link back (decision 083) opens the booking's details, with no payment said.
    expect(linkedBookingParam(new URLSearchParams('booking=42'))).toBe(42);
    expect(linkedBookingParam(new URLSearchParams('booking=-1'))).toBeNull();
    expect(linkedBookingParam(new URLSearchParams(''))).toBeNull();
  });
});

describe('a booking’s details', () => {
  const base = {
    status: 'confirmed',
    paymentStatus: 'succeeded',
    cancellationFee: null,
    refund: null,
  } as unknown as Booking;
  const rest = ['service', 'cleaner', 'date', 'time', 'total', 'address', 'specialRequests'];

  it('says the status, and the payment only where the status does not say it already', () => {
    expect(detailFacts(base)).toEqual(['number', 'state', 'payment', ...rest]);
    const leftUnpaid = { ...base, status: 'cancelled', paymentStatus: 'pending' } as Booking;
    expect(detailFacts(leftUnpaid)).toEqual(['number', 'state', 'cancelled', ...rest]);
  });

  it('says when a cancelled booking was cancelled, the fee kept and the refund with its state', () => {
    const late = {
      ...base,
      status: 'cancelled',
      cancellationFee: '50.00',
      refund: { amount: '70.00', status: 'succeeded' },
    } as Booking;
    expect(detailFacts(late)).toEqual(['number', 'state', 'cancelled', 'fee', 'refund', ...rest]);
    const free = { ...late, cancellationFee: '0.00', refund: { amount: '120.00', status: 'failed' } } as Booking;
    expect(detailFacts(free)).toEqual(['number', 'state', 'cancelled', 'refund', ...rest]);
  });

  it('writes a card’s refund line by its state', () => {
    expect(refundLine({ amount: '70.00', status: 'succeeded' })).toBe('$70.00 refunded to your card.');
    expect(refundLine({ amount: '70.00', status: 'pending' })).toBe('A refund of $70.00 is on its way to your card.');
    expect(refundLine({ amount: '70.00', status: 'failed' })).toBe(
      "The refund of $70.00 did not go through: see the booking's details.",
    );
  });
});
