import { describe, expect, it } from 'vitest';
import { bookingDayTimeLabel, bookingTimeLabel, calendarDayLabel } from './booking-time';

/** 10:00 in Austin on a Saturday in winter (UTC−6), and in summer (UTC−5). */
const winter = { startsAt: '2026-11-28T16:00:00.000Z', timeZone: 'America/Chicago' };
const summer = { startsAt: '2027-06-19T15:00:00.000Z', timeZone: 'America/Chicago' };

describe('bookingDayTimeLabel: a start of the coming days, for people', () => {
  it('writes the weekday, month, day and 12-hour time on the cleaner’s clock', () => {
    expect(bookingDayTimeLabel(winter, 'America/Chicago')).toBe('Sat, Nov 28, 10:00 AM');
    expect(bookingDayTimeLabel(summer, 'America/Chicago')).toBe('Sat, Jun 19, 10:00 AM');
  });

  it('names the cleaner’s zone, with its daylight-saving name, where the viewer’s clock differs', () => {
    expect(bookingDayTimeLabel(winter, 'Europe/Paris')).toBe('Sat, Nov 28, 10:00 AM CST');
    expect(bookingDayTimeLabel(summer, 'America/New_York')).toBe('Sat, Jun 19, 10:00 AM CDT');
  });

  it('takes the day from the cleaner’s clock, not the viewer’s', () => {
    // 9 PM on Saturday in Austin is already Sunday in Tokyo.
    const late = { startsAt: '2026-11-29T03:00:00.000Z', timeZone: 'America/Chicago' };
    expect(bookingDayTimeLabel(late, 'Asia/Tokyo')).toBe('Sat, Nov 28, 9:00 PM CST');
  });

  it('shares the hosted app’s time label', () => {
    expect(bookingDayTimeLabel(winter, 'UTC').endsWith(bookingTimeLabel(winter, 'UTC'))).toBe(true);
  });
});

describe('calendarDayLabel: a date with no time, for people', () => {
  it('writes the weekday, month and day as a booking’s day is written, whatever the viewer’s zone', () => {
    expect(calendarDayLabel('2026-12-01')).toBe('Tue, Dec 1');
    expect(calendarDayLabel('2027-01-01')).toBe('Fri, Jan 1');
    // The same words as a booking's day.
    expect(bookingDayTimeLabel({ startsAt: '2026-12-01T19:00:00Z', timeZone: 'UTC' }, 'UTC')).toBe(
      `${calendarDayLabel('2026-12-01')}, 7:00 PM`,
    );
  });
});
