import { describe, expect, it } from 'vitest';
import {
  bookingTimeOptions,
  centsToDollars,
  dollarsToCents,
  formatDollars,
  formatDuration,
  formatLongDate,
  formatMoney,
  formatTime12,
  initials,
  ratingLabel,
  toTime24,
} from './format';

describe('money', () => {
  it('formats cents and decimal strings as US dollars', () => {
    expect(formatMoney(3550)).toBe('$35.50');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatDollars('80.00')).toBe('$80.00');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars('garbage')).toBe('$0.00');
  });

  it('converts between cents and decimal strings exactly', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('7')).toBe(700);
    expect(() => dollarsToCents('1.999')).toThrow(RangeError);
    expect(centsToDollars(1999)).toBe('19.99');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(-250)).toBe('-2.50');
    for (let cents = 0; cents < 2000; cents += 7) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});

describe('durations and times', () => {
  it('shows durations as N min, N hr or N hr M min', () => {
    expect(formatDuration(30)).toBe('30 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1 hr');
    expect(formatDuration(180)).toBe('3 hr');
    expect(formatDuration(150)).toBe('2 hr 30 min');
  });

  it('converts 12-hour labels to 24-hour time: 12 AM is hour 0, 12 PM stays 12', () => {
    expect(toTime24('12:00 AM')).toBe('00:00');
    expect(toTime24('12:30 PM')).toBe('12:30');
    expect(toTime24('6:30 PM')).toBe('18:30');
    expect(toTime24('8:00 am')).toBe('08:00');
    expect(() => toTime24('13:00 PM')).toThrow(RangeError);
    expect(formatTime12('00:30')).toBe('12:30 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('18:30')).toBe('6:30 PM');
  });

  it('offers booking times from 8:00 to 18:30 in 30-minute steps', () => {
    const options = bookingTimeOptions();
    expect(options).toHaveLength(22);
    expect(options[0]).toBe('8:00 AM');
    expect(options.at(-1)).toBe('6:30 PM');
    expect(options.map(toTime24)).toContain('12:00');
  });

  it('formats long en-US dates in a given zone', () => {
    expect(formatLongDate('2026-03-08T03:00:00Z', 'America/Chicago')).toBe('March 7, 2026');
    expect(formatLongDate('2026-03-08T15:00:00Z', 'UTC')).toBe('March 8, 2026');
  });
});

describe('labels', () => {
  it('makes initials, with a fallback', () => {
    expect(initials('ana', 'lopez')).toBe('AL');
    expect(initials('Ana', null)).toBe('A');
    expect(initials(null, undefined)).toBe('?');
  });

  it('labels ratings at the product’s thresholds', () => {
    expect([5, 4.5, 4.44, 4, 3.94, 3, 2, 1.94, 1].map(ratingLabel)).toEqual([
      'Excellent',
      'Excellent',
      'Very Good',
      'Very Good',
      'Good',
      'Good',
      'Fair',
      'Poor',
      'Poor',
    ]);
    // As shown, to one decimal: 4.46 reads 4.5, 3.96 reads 4.0, 1.95 reads 2.0.
    expect([4.46, 3.96, 1.95].map(ratingLabel)).toEqual(['Excellent', 'Very Good', 'Fair']);
  });
});
