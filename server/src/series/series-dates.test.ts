import { describe, expect, it } from 'vitest';
import { zonedToUtc } from '../lib/time';
import { nthWeekdayOf, occurrenceAt, occurrencesBetween, scheduleText } from './series-dates';

describe('a series calendar', () => {
  it('repeats weekly, every 2 weeks and every 4 weeks from its first date', () => {
    expect(occurrencesBetween('2026-12-04', 'weekly', '2026-12-04', '2026-12-25')).toEqual([
      '2026-12-11',
      '2026-12-18',
      '2026-12-25',
    ]);
    expect(occurrencesBetween('2026-12-04', 'biweekly', '2026-12-03', '2027-01-01')).toEqual([
      '2026-12-04',
      '2026-12-18',
      '2027-01-01',
    ]);
    expect(occurrenceAt('2026-12-04', 'every_4_weeks', 2)).toBe('2027-01-29');
  });

  it('keeps monthly on the same weekday of the month, across a year end', () => {
    // 2026-12-08 is the second Tuesday of December.
    expect(occurrencesBetween('2026-12-08', 'monthly', '2026-12-08', '2027-03-31')).toEqual([
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
    ]);
    expect(occurrencesBetween('2026-12-08', 'quarterly', '2026-12-08', '2027-12-31')).toEqual([
      '2027-03-09',
      '2027-06-08',
      '2027-09-14',
      '2027-12-14',
    ]);
  });

  it('keeps a fifth weekday as the last one in a month without a fifth', () => {
    // 2027-01-29 is the fifth Friday of January; February 2027 has four Fridays, March 2027 has four.
    expect(occurrenceAt('2027-01-29', 'monthly', 1)).toBe('2027-02-26');
    expect(occurrenceAt('2027-01-29', 'monthly', 2)).toBe('2027-03-26');
    // April 2027 has five Fridays: the fifth (and last) is the 30th.
    expect(occurrenceAt('2027-01-29', 'monthly', 3)).toBe('2027-04-30');
    expect(nthWeekdayOf(2027, 2, 5, 5)).toBe('2027-02-26');
    expect(scheduleText('2027-01-29', 'monthly', '09:00')).toBe('Every month on the last Friday at 9:00 AM');
  });

  it('keeps 9:00 local across a daylight-saving change', () => {
    const dates = occurrencesBetween('2027-03-05', 'weekly', '2027-03-04', '2027-03-19');
    const starts = dates.map((d) => zonedToUtc(d, '09:00', 'America/Chicago').toISOString());
    // Central Standard Time (UTC-6) until March 14, Central Daylight Time (UTC-5) after.
    expect(starts).toEqual(['2027-03-05T15:00:00.000Z', '2027-03-12T15:00:00.000Z', '2027-03-19T14:00:00.000Z']);
  });

  it('says its schedule in words', () => {
    expect(scheduleText('2026-12-04', 'biweekly', '09:00')).toBe('Every 2 weeks on Friday at 9:00 AM');
    expect(scheduleText('2026-12-08', 'quarterly', '14:30')).toBe('Every 3 months on the second Tuesday at 2:30 PM');
  });
});
