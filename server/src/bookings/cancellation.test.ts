import { describe, expect, it } from 'vitest';
import { cancellationTerms } from './cancellation';

const HOUR = 3_600_000;
const startsAt = new Date('2026-06-10T14:00:00.000Z');
const at = (msBeforeStart: number) => new Date(startsAt.getTime() - msBeforeStart);
const base = { startsAt, totalPriceCents: 10_500, hourlyRateCents: 3500, paid: true };

describe('cancellationTerms', () => {
  it('is free at exactly 24 hours before the start, to the millisecond', () => {
    expect(cancellationTerms({ ...base, now: at(24 * HOUR) })).toEqual({
      free: true,
      feeCents: 0,
      refundCents: 10_500,
    });
    expect(cancellationTerms({ ...base, now: at(24 * HOUR + 1) })).toEqual({
      free: true,
      feeCents: 0,
      refundCents: 10_500,
    });
  });

  it('charges one hour of the rate one millisecond inside 24 hours', () => {
    expect(cancellationTerms({ ...base, now: at(24 * HOUR - 1) })).toEqual({
      free: false,
      feeCents: 3500,
      refundCents: 7000,
    });
  });

  it('charges the fee at the start and after it', () => {
    for (const ms of [HOUR, 1, 0, -1, -5 * HOUR]) {
      expect(cancellationTerms({ ...base, now: at(ms) })).toEqual({ free: false, feeCents: 3500, refundCents: 7000 });
    }
  });

  it('caps the fee at the booking total', () => {
    expect(cancellationTerms({ ...base, totalPriceCents: 2000, now: at(HOUR) })).toEqual({
      free: false,
      feeCents: 2000,
      refundCents: 0,
    });
    expect(cancellationTerms({ ...base, totalPriceCents: 3500, now: at(HOUR) })).toEqual({
      free: false,
      feeCents: 3500,
      refundCents: 0,
    });
  });

  it('charges nothing after the fact when the booking was never paid', () => {
    expect(cancellationTerms({ ...base, paid: false, now: at(HOUR) })).toEqual({
      free: false,
      feeCents: 0,
      refundCents: 0,
    });
    expect(cancellationTerms({ ...base, paid: false, now: at(48 * HOUR) })).toEqual({
      free: true,
      feeCents: 0,
      refundCents: 0,
    });
  });

  it('is always free when the cleaner, an administrator or the system cancels', () => {
    for (const cancelledBy of ['cleaner', 'admin', 'system'] as const) {
      expect(cancellationTerms({ ...base, cancelledBy, now: at(HOUR) })).toEqual({
        free: true,
        feeCents: 0,
        refundCents: 10_500,
      });
    }
    expect(cancellationTerms({ ...base, cancelledBy: 'customer', now: at(HOUR) }).feeCents).toBe(3500);
  });

  it('sweeps the boundary: fee + refund is the total when paid, and the fee switches exactly once', () => {
    let switches = 0;
    let previousFree: boolean | null = null;
    for (let ms = 24 * HOUR + 50; ms >= 24 * HOUR - 50; ms--) {
      const terms = cancellationTerms({ ...base, now: at(ms) });
      expect(terms.feeCents + terms.refundCents).toBe(base.totalPriceCents);
      expect(terms.free).toBe(ms >= 24 * HOUR);
      if (previousFree !== null && previousFree !== terms.free) switches++;
      previousFree = terms.free;
    }
    expect(switches).toBe(1);
  });

  it('rejects impossible amounts', () => {
    expect(() => cancellationTerms({ ...base, totalPriceCents: -1, now: at(HOUR) })).toThrow(RangeError);
    expect(() => cancellationTerms({ ...base, hourlyRateCents: 1.5, now: at(HOUR) })).toThrow(RangeError);
  });
});
