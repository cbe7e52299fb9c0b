import { describe, expect, it } from 'vitest';
import { addDays, intlLocal, toLocal, zonedToUtc, zoneOffsetMinutes } from './time';

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

describe('toLocal from an hour’s steady offset', () => {
  const ZONES = [
    'America/New_York',
    'America/St_Johns',
    'America/Santiago',
    'Europe/London',
    'Africa/Casablanca',
    'Asia/Kathmandu',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Apia',
    'UTC',
  ];

  it('agrees with Intl at random instants from 1970 to 2100 in zones with odd offsets and changes', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 20_000; i++) {
      const zone = ZONES[i % ZONES.length]!;
      const instant = new Date(Math.floor(next() * Date.UTC(2100, 0, 1)));
      expect(toLocal(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(intlLocal(instant, zone));
    }
  });

  it('agrees with Intl minute by minute across clock changes, the hour of the change included', () => {
    const changes: Array<[string, string]> = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['America/St_Johns', '2026-03-08T05:30:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
    ];
    for (const [zone, around] of changes) {
      const centre = Date.parse(around);
      const offsets = new Set<number>();
      for (let minute = -180; minute <= 180; minute++) {
        const instant = new Date(centre + minute * 60_000 + 17_000);
        expect(toLocal(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(intlLocal(instant, zone));
        offsets.add(zoneOffsetMinutes(instant, zone));
      }
      expect(offsets.size, `${zone} changes its clocks near ${around}`).toBe(2);
    }
  });
});
