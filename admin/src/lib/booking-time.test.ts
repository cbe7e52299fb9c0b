import { describe, expect, it } from 'vitest';
import { bookingDateTimeLabel, bookingTimeLabel, momentLabel, timeZoneShortName } from './booking-time';

/** 10:00 in Austin in winter (UTC−6) and 10:00 in Austin in summer (UTC−5). */
const winter = { startsAt: '2026-03-04T16:00:00.000Z', timeZone: 'America/Chicago' };
const summer = { startsAt: '2026-07-06T15:00:00.000Z', timeZone: 'America/Chicago' };

describe('bookingTimeLabel', () => {
  it('writes the time on the cleaner’s clock whatever the viewer’s zone', () => {
    for (const viewer of ['America/Chicago', 'Asia/Tokyo', 'UTC', 'America/Los_Angeles']) {
      expect(bookingTimeLabel(winter, viewer)).toMatch(/^10:00 AM\b/);
      expect(bookingTimeLabel(summer, viewer)).toMatch(/^10:00 AM\b/);
    }
  });

  it('names the cleaner’s zone, with its daylight-saving name, when the viewer’s clock differs', () => {
    expect(bookingTimeLabel(winter, 'Asia/Tokyo')).toBe('10:00 AM CST');
    expect(bookingTimeLabel(summer, 'Asia/Tokyo')).toBe('10:00 AM CDT');
    expect(bookingTimeLabel(winter, 'UTC')).toBe('10:00 AM CST');
  });

  it('adds nothing when the viewer’s clock reads the same, under any zone name', () => {
    expect(bookingTimeLabel(winter, 'America/Chicago')).toBe('10:00 AM');
    // Winnipeg keeps Central time too.
    expect(bookingTimeLabel(winter, 'America/Winnipeg')).toBe('10:00 AM');
  });

  it('writes afternoon and midnight starts as 12-hour times', () => {
    expect(bookingTimeLabel({ startsAt: '2026-03-04T20:30:00Z', timeZone: 'America/Chicago' }, 'UTC')).toBe(
      '2:30 PM CST',
    );
    expect(bookingTimeLabel({ startsAt: '2026-03-04T06:00:00Z', timeZone: 'America/Chicago' }, 'America/Chicago')).toBe(
      '12:00 AM',
    );
  });

  it("is 'TBD' without a start", () => {
    expect(bookingTimeLabel({ startsAt: null, timeZone: 'America/Chicago' }, 'UTC')).toBe('TBD');
  });
});

describe('bookingDateTimeLabel', () => {
  it('takes the date from the cleaner’s clock too', () => {
    // 9 PM in Austin on March 4 is already March 5 in Tokyo.
    const late = { startsAt: '2026-03-05T03:00:00.000Z', timeZone: 'America/Chicago' };
    expect(bookingDateTimeLabel(late, 'Asia/Tokyo')).toBe('Mar 4, 2026, 9:00 PM CST');
    expect(bookingDateTimeLabel(late, 'America/Chicago')).toBe('Mar 4, 2026, 9:00 PM');
  });
});

describe('timeZoneShortName', () => {
  it('falls back to the GMT offset where English has no abbreviation', () => {
    expect(timeZoneShortName(new Date(winter.startsAt), 'Asia/Tokyo')).toBe('GMT+9');
  });
});

describe('momentLabel', () => {
  it('writes a moment on the given clock and names the zone', () => {
    expect(momentLabel('2026-03-04T16:05:00.000Z', 'America/Chicago')).toBe('March 4, 2026 at 10:05 AM CST');
    expect(momentLabel('2026-03-04T16:05:00.000Z', 'UTC')).toBe('March 4, 2026 at 4:05 PM UTC');
  });
});
