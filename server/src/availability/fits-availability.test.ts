import { describe, expect, it } from 'vitest';
import { MINUTE, minutesAround } from '../test/slot-model';
import { fitsAvailability, type TimeOffPeriod, type WeeklyHours } from './slots';

// ─── fitsAvailability ───────────────────────────────────────────────────────────────────────────

describe('fitsAvailability', () => {
  const zone = 'America/Los_Angeles';
  const hours: WeeklyHours[] = [
    { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isAvailable: true },
    { dayOfWeek: 1, startTime: '12:00', endTime: '17:00', isAvailable: true },
    { dayOfWeek: 2, startTime: '09:00', endTime: '17:00', isAvailable: false },
  ];
  const fit = (start: string, end: string, timeOff: TimeOffPeriod[] = []) =>
    fitsAvailability({ startsAt: new Date(start), endsAt: new Date(end), timeZone: zone, weeklyHours: hours, timeOff });

  it('accepts a booking inside one window, edges included', () => {
    // Monday 2026-06-15, PDT = UTC-7
    expect(fit('2026-06-15T16:00:00Z', '2026-06-15T19:00:00Z')).toBe('ok'); // 09:00–12:00
    expect(fit('2026-06-15T19:00:00Z', '2026-06-16T00:00:00Z')).toBe('ok'); // 12:00–17:00
  });

  it('rejects a booking that starts early, ends late, spans two windows or is empty', () => {
    expect(fit('2026-06-15T15:59:00Z', '2026-06-15T17:00:00Z')).toBe('outside_hours');
    expect(fit('2026-06-15T23:00:00Z', '2026-06-16T00:01:00Z')).toBe('outside_hours');
    expect(fit('2026-06-15T18:00:00Z', '2026-06-15T20:00:00Z')).toBe('outside_hours');
    expect(fit('2026-06-15T17:00:00Z', '2026-06-15T17:00:00Z')).toBe('outside_hours');
    expect(fit('2026-06-15T18:00:00Z', '2026-06-15T17:00:00Z')).toBe('outside_hours');
    // Tuesday's row is switched off
    expect(fit('2026-06-16T17:00:00Z', '2026-06-16T18:00:00Z')).toBe('outside_hours');
  });

  it('judges the day in the cleaner’s zone, not UTC', () => {
    // 2026-06-16T01:00Z is Monday 18:00 in Los Angeles: after hours, though Tuesday in UTC.
    expect(fit('2026-06-16T01:00:00Z', '2026-06-16T02:00:00Z')).toBe('outside_hours');
  });

  it('reports time off before hours', () => {
    const off = [{ startDate: '2026-06-15', endDate: '2026-06-15', isRecurring: false }];
    expect(fit('2026-06-15T16:00:00Z', '2026-06-15T17:00:00Z', off)).toBe('time_off');
    const recurring = [{ startDate: '2020-06-14', endDate: '2020-06-15', isRecurring: true }];
    expect(fit('2026-06-15T16:00:00Z', '2026-06-15T17:00:00Z', recurring)).toBe('time_off');
  });

  it('agrees with a minute-by-minute check of every 15-minute start and length on a DST day', () => {
    const z = 'America/Chicago';
    const date = '2026-11-01';
    const h: WeeklyHours[] = [
      { dayOfWeek: 0, startTime: '00:30', endTime: '02:30', isAvailable: true },
      { dayOfWeek: 0, startTime: '08:00', endTime: '10:00', isAvailable: true },
    ];
    const table = minutesAround(date, z);
    const firstAtOrAfter = (hhmm: string) => table.find(([, w]) => w >= `${date} ${hhmm}`)![0];
    const windows = h.map((x) => [firstAtOrAfter(x.startTime), firstAtOrAfter(x.endTime)] as const);
    const dayStart = firstAtOrAfter('00:00');
    for (let start = dayStart - 60 * MINUTE; start < dayStart + 12 * 60 * MINUTE; start += 15 * MINUTE) {
      for (let length = 15; length <= 240; length += 15) {
        const end = start + length * MINUTE;
        let inOne = false;
        for (const [ws, we] of windows) {
          let all = true;
          for (let k = start; k < end; k += MINUTE) if (k < ws || k >= we) all = false;
          inOne ||= all;
        }
        const got = fitsAvailability({
          startsAt: new Date(start),
          endsAt: new Date(end),
          timeZone: z,
          weeklyHours: h,
          timeOff: [],
        });
        expect(got, `${new Date(start).toISOString()} +${length}`).toBe(inOne ? 'ok' : 'outside_hours');
      }
    }
  });
});
