import { describe, expect, it } from 'vitest';
import { brief, everyDay, longAgo, run, type Scenario } from '../test/slot-model';
import type { WeeklyHours } from './slots';

// ─── Worked examples ────────────────────────────────────────────────────────────────────────────

describe('availableSlots: worked examples', () => {
  const base: Scenario = {
    date: '2026-06-10', // a Wednesday
    zone: 'America/New_York',
    hours: [{ dayOfWeek: 3, startTime: '09:00', endTime: '12:00', isAvailable: true }],
    timeOff: [],
    busy: [],
    duration: 60,
    step: 30,
    now: longAgo,
  };

  it('lists every start that fits the window on the 30-minute grid', () => {
    const slots = run(base);
    expect(brief(slots)).toEqual(['09:00-10:00', '09:30-10:30', '10:00-11:00', '10:30-11:30', '11:00-12:00']);
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-06-10T13:00:00.000Z');
    expect(slots[0]!.endsAt.toISOString()).toBe('2026-06-10T14:00:00.000Z');
  });

  it('allows back-to-back bookings but not overlapping ones', () => {
    const busy = [{ startsAt: new Date('2026-06-10T14:00:00Z'), endsAt: new Date('2026-06-10T15:00:00Z') }]; // 10-11
    expect(brief(run({ ...base, busy }))).toEqual(['09:00-10:00', '11:00-12:00']);
    const oneMinute = [{ startsAt: new Date('2026-06-10T14:59:00Z'), endsAt: new Date('2026-06-10T15:00:00Z') }];
    expect(brief(run({ ...base, busy: oneMinute }))).toEqual(['09:00-10:00', '09:30-10:30', '11:00-12:00']);
  });

  it('only offers starts strictly after now', () => {
    expect(brief(run({ ...base, now: new Date('2026-06-10T14:00:00Z') }))).toEqual(['10:30-11:30', '11:00-12:00']);
    expect(brief(run({ ...base, now: new Date('2026-06-10T13:59:59.999Z') }))).toEqual([
      '10:00-11:00',
      '10:30-11:30',
      '11:00-12:00',
    ]);
  });

  it('uses the weekday of the local date, ignores switched-off and malformed rows, merges duplicates', () => {
    const hours: WeeklyHours[] = [
      { dayOfWeek: 2, startTime: '09:00', endTime: '17:00', isAvailable: true },
      { dayOfWeek: 3, startTime: '13:00', endTime: '15:00', isAvailable: false },
      { dayOfWeek: 3, startTime: '9:00', endTime: '12:00', isAvailable: true },
      { dayOfWeek: 3, startTime: '16:00', endTime: '15:00', isAvailable: true },
      { dayOfWeek: 3, startTime: '09:00', endTime: '10:00', isAvailable: true },
      { dayOfWeek: 3, startTime: '09:00', endTime: '10:30', isAvailable: true },
    ];
    expect(brief(run({ ...base, hours }))).toEqual(['09:00-10:00', '09:30-10:30']);
  });

  it('never joins two windows: a booking must fit inside one', () => {
    const hours: WeeklyHours[] = [
      { dayOfWeek: 3, startTime: '09:00', endTime: '10:00', isAvailable: true },
      { dayOfWeek: 3, startTime: '10:00', endTime: '11:00', isAvailable: true },
    ];
    expect(brief(run({ ...base, hours, duration: 90 }))).toEqual([]);
    expect(brief(run({ ...base, hours, duration: 60 }))).toEqual(['09:00-10:00', '10:00-11:00']);
  });

  it('returns nothing on a day off, including a recurring one across the new year', () => {
    expect(run({ ...base, timeOff: [{ startDate: '2026-06-10', endDate: '2026-06-10', isRecurring: false }] })).toEqual(
      [],
    );
    const winter = [{ startDate: '2025-12-24', endDate: '2026-01-02', isRecurring: true }];
    const jan1 = { ...base, date: '2027-01-01', hours: everyDay('09:00', '12:00') };
    expect(run({ ...jan1, timeOff: winter })).toEqual([]);
    expect(run({ ...jan1, date: '2027-01-03', timeOff: winter })).toHaveLength(5);
  });

  it('honours other step sizes and durations, counting real minutes', () => {
    expect(brief(run({ ...base, step: 45, duration: 90 }))).toEqual(['09:00-10:30', '09:45-11:15', '10:30-12:00']);
    expect(brief(run({ ...base, step: 60, duration: 180 }))).toEqual(['09:00-12:00']);
    expect(run({ ...base, duration: 181 })).toEqual([]);
  });

  it('rejects malformed queries loudly (routes validate first)', () => {
    expect(() => run({ ...base, date: '2026-02-30' })).toThrow(RangeError);
    expect(() => run({ ...base, duration: 0 })).toThrow(RangeError);
    expect(() => run({ ...base, step: 0 })).toThrow(RangeError);
    expect(() => run({ ...base, zone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
