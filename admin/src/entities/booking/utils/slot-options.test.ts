import { describe, expect, it } from 'vitest';
import { dayHint, daysOffText, dayTooShortFor, isDateDisabled, monthWeeks, timeOptions } from './slot-options';

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

describe('what the time field says of the chosen day', () => {
  const day = {
    date: '2027-06-21',
    cleanerName: 'Jordan',
    timeZone: 'America/Chicago',
    slots: { isPending: false, isError: false, data: { timeZone: 'America/Chicago' } },
    freeCount: 0,
    dayOff: false,
    tooShort: null,
  };
  // A day whose starts are free for at most 10 hours: nothing fits 11.
  const longDay = [
    { isAvailable: false, freeMinutes: 600 },
    { isAvailable: false, freeMinutes: 570 },
    { isAvailable: false, freeMinutes: 0 },
  ];

  it('says once that no start is long enough, and never that there is no free time beside it', () => {
    const tooShort = dayTooShortFor(longDay, 660);
    expect(tooShort).toBe(
      'No start that day has 11 hr free (10 hr at most): choose a shorter duration or another date',
    );
    // The booking page says it at its duration field: the hint names only the zone.
    const beside = dayHint({ ...day, tooShort, tooShortShownElsewhere: true });
    expect(beside).toBe("Times in the cleaner's local time (America/Chicago).");
    expect(beside).not.toMatch(/no free time/i);
    // Moving a booking keeps its length: the hint says it, and to pick another date.
    const moving = dayHint({ ...day, tooShort: dayTooShortFor(longDay, 660, false) });
    expect(moving).toBe('No start that day has 11 hr free (10 hr at most): choose another date');
  });

  it('says "no free time" only of a day with none, and names a day off as such', () => {
    expect(dayTooShortFor([{ isAvailable: false, freeMinutes: 0 }], 120)).toBeNull();
    expect(dayTooShortFor([{ isAvailable: true, freeMinutes: 120 }], 120)).toBeNull();
    expect(dayTooShortFor(undefined, 120)).toBeNull();
    expect(dayHint(day)).toBe('Jordan has no free time that day. Please pick another date.');
    expect(dayHint({ ...day, date: '2027-06-20', dayOff: true })).toBe(
      'Jordan does not work on Sundays. Please pick another date.',
    );
    expect(dayHint({ ...day, freeCount: 3 })).toBe("3 free times, in the cleaner's local time (America/Chicago).");
  });

  it('names the weekdays a cleaner never works', () => {
    expect(daysOffText([1, 2, 3, 4, 5, 6])).toBe('Sundays');
    expect(daysOffText([1, 2, 3, 4, 5])).toBe('Sundays and Saturdays');
    expect(daysOffText([1, 5])).toBe('Sundays, Tuesdays, Wednesdays, Thursdays and Saturdays');
    expect(daysOffText([0, 1, 2, 3, 4, 5, 6])).toBe('');
  });
});
