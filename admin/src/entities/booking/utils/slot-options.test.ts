import { describe, expect, it } from 'vitest';
import { isDateDisabled, monthWeeks, timeOptions } from './slot-options';

describe('timeOptions', () => {
  it('lists 8:00 AM to 6:30 PM every 30 minutes with 24-hour values', () => {
    const options = timeOptions(undefined);
    expect(options).toHaveLength(22);
    expect(options[0]).toEqual({ label: '8:00 AM', value: '08:00', free: null });
    expect(options[9]).toEqual({ label: '12:30 PM', value: '12:30', free: null });
    expect(options.at(-1)).toEqual({ label: '6:30 PM', value: '18:30', free: null });
  });

  it("marks the times the cleaner's slots leave free", () => {
    const options = timeOptions([
      { startTime: '08:00', isAvailable: false },
      { startTime: '08:30', isAvailable: true },
    ]);
    expect(options.slice(0, 3).map((o) => o.free)).toEqual([false, true, false]);
  });

  it('keeps a time already chosen that the list lacks, in time order', () => {
    const options = timeOptions([{ startTime: '07:00', isAvailable: true }], { keep: '07:00' });
    expect(options).toHaveLength(23);
    expect(options[0]).toEqual({ label: '7:00 AM', value: '07:00', free: true });
    expect(timeOptions(undefined, { keep: '09:00' })).toHaveLength(22);
    expect(timeOptions(undefined, { keep: 'soon' })).toHaveLength(22);
  });

  it('offers the time a booking holds now as free to keep, even outside the cleaner’s hours', () => {
    const slots = [{ startTime: '09:00', isAvailable: false }];
    expect(timeOptions(slots, { current: '09:00' })[2]).toEqual({
      label: '9:00 AM',
      value: '09:00',
      free: true,
      current: true,
    });
    const early = timeOptions([], { current: '06:30', keep: '06:30' });
    expect(early).toHaveLength(23);
    expect(early[0]).toMatchObject({ value: '06:30', free: true, current: true });
    expect(early.slice(1).every((o) => o.free === false)).toBe(true);
  });
});

describe('calendar', () => {
  it('starts weeks on Sunday', () => {
    // November 2026 begins on a Sunday; December 2026 on a Tuesday.
    expect(monthWeeks(2026, 10)[0]?.[0]).toBe('2026-11-01');
    const december = monthWeeks(2026, 11);
    expect(december[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(december.at(-1)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
  });

  it('disables days before today and before 1900', () => {
    expect(isDateDisabled('2026-11-21', '2026-11-22')).toBe(true);
    expect(isDateDisabled('2026-11-22', '2026-11-22')).toBe(false);
    expect(isDateDisabled('1899-12-31', '1800-01-01')).toBe(true);
  });
});
