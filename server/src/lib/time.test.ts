import { describe, expect, it } from 'vitest';
import { addDays, toLocal, zonedToUtc, zoneOffsetMinutes } from './time';

describe('zonedToUtc', () => {
  it('converts ordinary wall times in summer and winter', () => {
    expect(zonedToUtc('2026-01-15', '09:00', 'America/New_York').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedToUtc('2026-07-15', '09:00', 'America/New_York').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedToUtc('2026-07-15', '09:00', 'America/Phoenix').toISOString()).toBe('2026-07-15T16:00:00.000Z');
  });

  it('moves a wall time inside the spring-forward gap past the gap', () => {
    // 2026-03-08 02:30 does not exist in Chicago; clocks jump from 02:00 CST to 03:00 CDT.
    expect(zonedToUtc('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(toLocal(zonedToUtc('2026-03-08', '02:30', 'America/Chicago'), 'America/Chicago').time).toBe('03:30');
  });

  it('takes the earlier instant of an ambiguous fall-back wall time', () => {
    // 2026-11-01 01:30 happens twice in Chicago: first at CDT (06:30Z), then at CST (07:30Z).
    expect(zonedToUtc('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('round-trips through toLocal across a whole year of days', () => {
    let date = '2026-01-01';
    for (let i = 0; i < 365; i++) {
      const instant = zonedToUtc(date, '08:00', 'America/Los_Angeles');
      expect(toLocal(instant, 'America/Los_Angeles')).toMatchObject({ date, time: '08:00' });
      date = addDays(date, 1);
    }
  });
});

describe('toLocal and offsets', () => {
  it('reports the weekday in the zone, not in UTC', () => {
    // 2026-06-15T02:00Z is still Sunday evening in Los Angeles.
    expect(toLocal(new Date('2026-06-15T02:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-06-14',
      time: '19:00',
      dayOfWeek: 0,
    });
  });

  it('knows daylight saving offsets', () => {
    expect(zoneOffsetMinutes(new Date('2026-01-10T12:00:00Z'), 'America/Denver')).toBe(-420);
    expect(zoneOffsetMinutes(new Date('2026-07-10T12:00:00Z'), 'America/Denver')).toBe(-360);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
