import { describe, expect, it } from 'vitest';
import { availableSlots, freeMinutesFrom, freeMinutesIn, windowsOn } from './slots';

/**
 * How long a cleaner is free from a start (decision 071): what a booking that does not fit there
 * is told, and what the day's slots carry as `freeMinutes`. A booking of n minutes fits exactly
 * where it is n or more, as the slot engine decides.
 */

const ZONE = 'America/Chicago';
const DATE = '2026-08-03'; // a Monday, CDT (UTC−5)
const HOURS = [
  { dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isAvailable: true },
  { dayOfWeek: 1, startTime: '13:00', endTime: '18:00', isAvailable: true },
];
const at = (time: string) => new Date(`${DATE}T${time}:00-05:00`);
const busy = [{ startsAt: at('15:00'), endsAt: at('16:30') }];
const free = (time: string, offs: Array<{ startDate: string; endDate: string; isRecurring: boolean }> = []) =>
  freeMinutesFrom({ startsAt: at(time), timeZone: ZONE, weeklyHours: HOURS, timeOff: offs, busy });

describe('the time free from a start', () => {
  it('runs to the end of its window, or to the next booking before that', () => {
    expect(free('10:00')).toBe(120);
    expect(free('11:45')).toBe(15);
    expect(free('13:00')).toBe(120);
    expect(free('14:10')).toBe(50);
    expect(free('16:30')).toBe(90);
  });

  it('is nothing outside the hours, inside a booking, or on a day off', () => {
    expect(free('07:30')).toBe(0);
    expect(free('12:00')).toBe(0);
    expect(free('15:00')).toBe(0);
    expect(free('16:00')).toBe(0);
    expect(free('18:00')).toBe(0);
    expect(free('10:00', [{ startDate: DATE, endDate: DATE, isRecurring: false }])).toBe(0);
  });

  it('never joins two windows, and ignores empty busy intervals', () => {
    const touching = [
      { dayOfWeek: 1, startTime: '09:00', endTime: '10:00', isAvailable: true },
      { dayOfWeek: 1, startTime: '10:00', endTime: '11:00', isAvailable: true },
    ];
    const windows = windowsOn(DATE, ZONE, touching);
    expect(freeMinutesIn(windows, [{ startsAt: at('09:30'), endsAt: at('09:30') }], at('09:30'))).toBe(30);
  });

  it('is at least n exactly where the slot engine lists a start for n minutes', () => {
    for (const duration of [30, 60, 90, 120, 180]) {
      const listed = new Set(
        availableSlots({
          date: DATE,
          timeZone: ZONE,
          weeklyHours: HOURS,
          timeOff: [],
          busy,
          durationMinutes: duration,
          now: new Date(0),
        }).map((s) => s.startTime),
      );
      for (let minutes = 8 * 60; minutes < 18 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect(free(time) >= duration, `${time} for ${duration}`).toBe(listed.has(time));
      }
    }
  });
});
