import { describe, expect, it } from 'vitest';
import { modelTimeOff } from '../test/slot-model';
import { checkTimeOff, dayOfWeekOf, isIsoDate, isTimeOff, type TimeOffPeriod } from './slots';

describe('time off', () => {
  it('validates dates and their order', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(checkTimeOff({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual({
      ok: false,
      fields: { endDate: 'End date must be on or after the start date' },
    });
    expect(checkTimeOff({ startDate: '2026-05-01', endDate: '2026-05-01' })).toEqual({ ok: true });
    expect(checkTimeOff({ startDate: '', endDate: 'x' })).toMatchObject({ ok: false });
  });

  it('covers inclusive ranges, and recurring ones every year from the first', () => {
    const once = [{ startDate: '2026-07-01', endDate: '2026-07-03', isRecurring: false }];
    expect(
      ['2026-06-30', '2026-07-01', '2026-07-03', '2026-07-04', '2027-07-02'].map((d) => isTimeOff(d, once)),
    ).toEqual([false, true, true, false, false]);
    const yearly = [{ startDate: '2026-07-01', endDate: '2026-07-03', isRecurring: true }];
    expect(['2025-07-02', '2026-07-02', '2030-07-03', '2030-07-04'].map((d) => isTimeOff(d, yearly))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('wraps recurring ranges across the new year', () => {
    const holidays = [{ startDate: '2026-12-24', endDate: '2027-01-02', isRecurring: true }];
    expect(
      ['2026-12-23', '2026-12-24', '2027-01-01', '2027-01-02', '2027-01-03', '2027-12-31', '2028-01-02'].map((d) =>
        isTimeOff(d, holidays),
      ),
    ).toEqual([false, true, true, true, false, true, true]);
    // the January before the first Christmas is not covered
    expect(isTimeOff('2026-01-01', holidays)).toBe(false);
  });

  it('agrees with shifting each entry to every year, for every day of 2025–2029', () => {
    const entries: TimeOffPeriod[][] = [
      [{ startDate: '2026-12-24', endDate: '2027-01-02', isRecurring: true }],
      [{ startDate: '2026-03-10', endDate: '2026-03-10', isRecurring: true }],
      [{ startDate: '2028-02-29', endDate: '2028-02-29', isRecurring: true }],
      [{ startDate: '2026-02-28', endDate: '2026-03-01', isRecurring: true }],
      [{ startDate: '2026-06-01', endDate: '2027-08-01', isRecurring: true }], // longer than a year
      [{ startDate: '2026-06-01', endDate: '2026-05-01', isRecurring: true }], // backwards: nothing
      [
        { startDate: '2026-08-01', endDate: '2026-08-15', isRecurring: false },
        { startDate: '2025-11-30', endDate: '2025-12-02', isRecurring: true },
      ],
    ];
    for (const list of entries) {
      let date = '2025-01-01';
      while (date < '2030-01-01') {
        expect(isTimeOff(date, list), `${date} ${JSON.stringify(list)}`).toBe(modelTimeOff(date, list));
        date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      }
    }
  });

  it('knows the weekday of a date', () => {
    expect(dayOfWeekOf('2026-03-08')).toBe(0);
    expect(dayOfWeekOf('2026-06-10')).toBe(3);
    expect(dayOfWeekOf('2028-02-29')).toBe(2);
  });
});
