import { describe, expect, it } from 'vitest';
import { checkDuration, checkQuote, MAX_DURATION_MINUTES, quoteBooking, quoteTotalCents } from './pricing';

/** Rounds rate × minutes / 60 by exact rational comparison: the nearest cent, halves up. */
function expectedTimeCharge(rateCents: number, minutes: number): number {
  const exact = BigInt(rateCents) * BigInt(minutes); // value in cents is exact / 60
  let best = 0n;
  for (let n = exact / 60n - 1n; n <= exact / 60n + 1n; n++) {
    if (n < 0n) continue;
    // distance |n - exact/60| compared as |60n - exact|; on a tie prefer the larger n
    const d = 60n * n - exact;
    const dBest = 60n * best - exact;
    const abs = (x: bigint) => (x < 0n ? -x : x);
    if (abs(d) < abs(dBest) || (abs(d) === abs(dBest) && n > best)) best = n;
  }
  return Number(best);
}

describe('quoteBooking', () => {
  it('charges the hourly rate for the booked time', () => {
    expect(quoteBooking({ hourlyRateCents: 3500, durationMinutes: 120, service: { basePriceCents: 0 } })).toMatchObject(
      { ok: true, totalPriceCents: 7000, timeChargeCents: 7000 },
    );
    expect(quoteBooking({ hourlyRateCents: 3500, durationMinutes: 90, service: { basePriceCents: 0 } })).toMatchObject({
      ok: true,
      totalPriceCents: 5250,
    });
  });

  it('never charges less than the service base price', () => {
    expect(
      quoteBooking({ hourlyRateCents: 2000, durationMinutes: 60, service: { basePriceCents: 8000 } }),
    ).toMatchObject({ ok: true, totalPriceCents: 8000, timeChargeCents: 2000, basePriceCents: 8000 });
    // equal: either figure
    expect(
      quoteBooking({ hourlyRateCents: 4000, durationMinutes: 120, service: { basePriceCents: 8000 } }),
    ).toMatchObject({ totalPriceCents: 8000 });
    // one cent above the base price wins
    expect(
      quoteBooking({ hourlyRateCents: 4001, durationMinutes: 120, service: { basePriceCents: 8000 } }),
    ).toMatchObject({ totalPriceCents: 8002 });
  });

  it('rounds half a cent up and a quarter cent down', () => {
    // $35.01/h × 30 min = 1750.5 cents → 1751
    expect(quoteBooking({ hourlyRateCents: 3501, durationMinutes: 30, service: { basePriceCents: 0 } })).toMatchObject({
      timeChargeCents: 1751,
    });
    // $35.01/h × 45 min = 2625.75 → 2626
    expect(quoteBooking({ hourlyRateCents: 3501, durationMinutes: 45, service: { basePriceCents: 0 } })).toMatchObject({
      timeChargeCents: 2626,
    });
    // $35.01/h × 15 min more than an hour (75 min) = 4376.25 → 4376
    expect(quoteBooking({ hourlyRateCents: 3501, durationMinutes: 75, service: { basePriceCents: 0 } })).toMatchObject({
      timeChargeCents: 4376,
    });
  });

  it('agrees with exact rational rounding for every allowed duration and many rates', () => {
    for (let minutes = 30; minutes <= MAX_DURATION_MINUTES; minutes += 15) {
      for (const rate of [0, 1, 2, 3, 1499, 1500, 1550, 2001, 3333, 4999, 7777, 9999, 10_000, 123_457]) {
        const quote = quoteBooking({
          hourlyRateCents: rate,
          durationMinutes: minutes,
          service: { basePriceCents: 5000 },
        });
        const charge = expectedTimeCharge(rate, minutes);
        expect(quote).toMatchObject({ ok: true, timeChargeCents: charge, totalPriceCents: Math.max(5000, charge) });
      }
    }
  });

  it('accepts 30 minutes to 12 hours in 15-minute steps and nothing else', () => {
    for (let minutes = -30; minutes <= 800; minutes++) {
      const allowed = minutes >= 30 && minutes <= 720 && minutes % 15 === 0;
      expect(checkDuration(minutes).ok, `${minutes} min`).toBe(allowed);
      expect(quoteBooking({ hourlyRateCents: 3000, durationMinutes: minutes, service: { basePriceCents: 0 } }).ok).toBe(
        allowed,
      );
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 45.5, 60.000001])
      expect(checkDuration(bad).ok).toBe(false);
  });

  it('uses the product’s message below 30 minutes and names the other limits', () => {
    expect(checkDuration(29)).toEqual({
      ok: false,
      code: 'invalid_duration',
      message: 'Duration must be at least 30 minutes',
    });
    expect(checkDuration(0)).toMatchObject({ message: 'Duration must be at least 30 minutes' });
    expect(checkDuration(735)).toMatchObject({ message: 'Duration must be at most 12 hours' });
    expect(checkDuration(50)).toMatchObject({ message: 'Duration must be a multiple of 15 minutes' });
  });

  it('throws on impossible stored figures rather than pricing them', () => {
    expect(() => quoteBooking({ hourlyRateCents: -1, durationMinutes: 60, service: { basePriceCents: 0 } })).toThrow(
      RangeError,
    );
    expect(() => quoteBooking({ hourlyRateCents: 35.5, durationMinutes: 60, service: { basePriceCents: 0 } })).toThrow(
      RangeError,
    );
    expect(() => quoteBooking({ hourlyRateCents: 3500, durationMinutes: 60, service: { basePriceCents: -5 } })).toThrow(
      RangeError,
    );
  });
});

describe('checkQuote', () => {
  it('accepts the exact figure in any of the decimal spellings', () => {
    for (const text of ['70', '70.0', '70.00', ' 70.00 '])
      expect(checkQuote(text, 7000)).toEqual({ ok: true, cents: 7000 });
    expect(checkQuote('52.5', 5250)).toEqual({ ok: true, cents: 5250 });
    expect(checkQuote('0.99', 99)).toMatchObject({ ok: false, code: 'invalid_price', message: 'Price is required' });
  });

  it('reports a mismatch with both figures and never adopts the client figure', () => {
    expect(checkQuote('69.99', 7000)).toEqual({
      ok: false,
      code: 'price_mismatch',
      message: 'The price has changed: this booking costs $70.00.',
      clientCents: 6999,
      serverCents: 7000,
    });
    expect(checkQuote('70.01', 7000)).toMatchObject({ ok: false, code: 'price_mismatch', clientCents: 7001 });
  });

  it('answers malformed text with a validation error value instead of throwing', () => {
    for (const text of [
      '',
      '   ',
      'abc',
      '$70.00',
      '70.001',
      '-70.00',
      '7e3',
      '70,00',
      '1,070.00',
      '.5',
      'NaN',
      '0x10',
    ]) {
      const result = checkQuote(text, 7000);
      expect(result.ok, text).toBe(false);
      expect(result).toMatchObject({ code: 'invalid_price' });
    }
    expect(checkQuote('', 7000)).toMatchObject({ message: 'Price is required' });
    expect(checkQuote('99999999999999999999', 7000)).toMatchObject({ code: 'invalid_price' });
    expect(checkQuote(undefined as unknown as string, 7000)).toMatchObject({ code: 'invalid_price' });
  });

  it('treats anything under one dollar as missing, per the form rule "at least 1"', () => {
    expect(checkQuote('0', 0)).toMatchObject({ code: 'invalid_price', message: 'Price is required' });
    expect(checkQuote('1.00', 100)).toEqual({ ok: true, cents: 100 });
  });
});

// Moved from the hosted app's booking form, which now shows the price by the same rule as the server.
describe('quoteTotalCents', () => {
  const quoteCents = (hourlyRate: string, durationMinutes: number, basePrice: string) =>
    quoteTotalCents({ hourlyRate, durationMinutes, basePrice });

  it('charges the hourly rate for the minutes', () => {
    expect(quoteCents('45.00', 120, '80.00')).toBe(9000);
    expect(quoteCents('45.00', 150, '80.00')).toBe(11250);
  });

  it('never goes below the base price', () => {
    expect(quoteCents('45.00', 60, '80.00')).toBe(8000);
  });

  it('rounds to the nearest cent with halves up', () => {
    // 33.33/h for 45 min = 24.9975 → 25.00; 0.10/h for 15 min = 2.5 cents → 3 cents.
    expect(quoteCents('33.33', 45, '0.00')).toBe(2500);
    expect(quoteCents('0.10', 15, '0.00')).toBe(3);
  });
});
