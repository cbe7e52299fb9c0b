import { describe, expect, it } from 'vitest';
import {
  chargeFigures,
  failureNote,
  PAYMENT_FILTERS,
  parseRefundAmount,
  paymentBadge,
  refundableCents,
} from './payments';

describe('failureNote', () => {
  it('is the decline message of a failed payment only, not one kept from an earlier attempt', () => {
    expect(failureNote({ status: 'failed', failureReason: 'Your card was declined.' })).toBe('Your card was declined.');
    for (const status of ['pending', 'processing', 'succeeded', 'refunded', 'disputed'] as const) {
      expect(failureNote({ status, failureReason: 'Your card was declined.' })).toBeNull();
    }
    expect(failureNote({ status: 'failed', failureReason: null })).toBeNull();
  });
});

describe('refundableCents', () => {
  it('is the amount less what was refunded', () => {
    expect(refundableCents({ amount: '90.00', refundAmount: null })).toBe(9000);
    expect(refundableCents({ amount: '90.00', refundAmount: '25.50' })).toBe(6450);
  });
});

describe('parseRefundAmount', () => {
  it('treats blank as a full refund', () => {
    expect(parseRefundAmount('  ', 9000)).toEqual({ ok: true, amount: undefined });
  });
  it('accepts a dollar figure up to what is left', () => {
    expect(parseRefundAmount('25', 9000)).toEqual({ ok: true, amount: '25' });
    expect(parseRefundAmount('$90.00', 9000)).toEqual({ ok: true, amount: '90.00' });
  });
  it('refuses malformed, zero and too large amounts', () => {
    expect(parseRefundAmount('abc', 9000)).toMatchObject({ ok: false });
    expect(parseRefundAmount('1.234', 9000)).toMatchObject({ ok: false });
    expect(parseRefundAmount('0', 9000)).toEqual({ ok: false, message: 'The amount must be more than $0.00' });
    expect(parseRefundAmount('90.01', 9000)).toEqual({ ok: false, message: 'The amount can be at most $90.00' });
  });
});

describe('filters and labels', () => {
  it('offers the payment statuses in order', () => {
    expect(PAYMENT_FILTERS.map((f) => f.value)).toEqual([
      'all',
      'pending',
      'processing',
      'succeeded',
      'failed',
      'refunded',
      'disputed',
    ]);
    expect(PAYMENT_FILTERS.map((f) => f.label)).toEqual([
      'All',
      'Pending',
      'Processing',
      'Paid',
      'Payment failed',
      'Refunded',
      'Disputed',
    ]);
  });

  it('a payment’s badge is words: Paid, never "succeeded"; a cancelled booking’s unpaid checkout reads Cancelled', () => {
    expect(paymentBadge({ status: 'succeeded', bookingStatus: 'confirmed' })).toEqual({ text: 'Paid', tone: 'green' });
    expect(paymentBadge({ status: 'pending', bookingStatus: 'pending' })).toEqual({ text: 'Pending', tone: 'yellow' });
    expect(paymentBadge({ status: 'pending', bookingStatus: 'cancelled' })).toEqual({
      text: 'Cancelled',
      tone: 'grey',
    });
    expect(paymentBadge({ status: 'failed', bookingStatus: 'cancelled' })).toEqual({
      text: 'Payment failed',
      tone: 'red',
    });
    expect(paymentBadge({ status: 'refunded', bookingStatus: 'cancelled' })).toEqual({
      text: 'Refunded',
      tone: 'grey',
    });
  });
});

describe('chargeFigures', () => {
  it('shows the server’s count of charges that went through, refunded ones included', () => {
    expect(chargeFigures({ chargedCount: 1, failedCount: 0, chargeSuccessRate: 100 })).toEqual({
      count: 1,
      rate: 100,
      note: '100% success rate (1 of 1 attempt)',
    });
  });

  it('says what the rate is of: the attempts with an outcome, never checkouts left unpaid', () => {
    expect(chargeFigures({ chargedCount: 3, failedCount: 1, chargeSuccessRate: 75 }).note).toBe(
      '75% success rate (3 of 4 attempts)',
    );
    expect(chargeFigures({ chargedCount: 0, failedCount: 0, chargeSuccessRate: 0 }).note).toBe(
      'no payment attempts yet',
    );
  });
});
