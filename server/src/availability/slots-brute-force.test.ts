import { describe, expect, it } from 'vitest';
import { label, longAgo, MINUTE, modelSlots, run, type Scenario } from '../test/slot-model';
import { fitsAvailability, type Interval, type TimeOffPeriod, type WeeklyHours } from './slots';

// ─── Brute force over many random days, zones and schedules ────────────────────────────────────

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ZONE_DATES: Array<[string, string[]]> = [
  ['America/Chicago', ['2026-03-08', '2026-11-01', '2026-06-15', '2026-12-31']],
  ['America/New_York', ['2026-03-08', '2026-11-01']],
  ['Europe/London', ['2026-03-29', '2026-10-25', '2026-01-01']],
  ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']], // half-hour daylight saving
  ['Pacific/Auckland', ['2026-04-05', '2026-09-27']],
  ['Asia/Kolkata', ['2026-03-08']],
  ['America/Phoenix', ['2026-03-08']],
  ['UTC', ['2028-02-29']],
];

describe('availableSlots agrees with a minute-by-minute brute force', () => {
  it('on 600 random schedules, including every DST change above', () => {
    const random = mulberry32(20_260_308);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const quarter = (lo: number, hi: number) => lo + Math.floor(random() * ((hi - lo) / 15 + 1)) * 15;
    let nonEmpty = 0;
    for (let i = 0; i < 600; i++) {
      const [zone, dates] = pick(ZONE_DATES);
      const date = pick(dates);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      const hours: WeeklyHours[] = [];
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
        const start = quarter(0, 22 * 60);
        const end = Math.min(quarter(start + 15, start + 10 * 60), 23 * 60 + 45);
        hours.push({
          dayOfWeek: random() < 0.85 ? weekday : pick([0, 1, 2, 3, 4, 5, 6]),
          startTime: label(start),
          endTime: label(end),
          isAvailable: random() < 0.9,
        });
      }
      const midnight = Date.parse(`${date}T00:00:00Z`);
      const busy: Interval[] = [];
      for (let n = Math.floor(random() * 4); n > 0; n--) {
        const start = midnight + Math.floor(random() * 48 * 60 - 12 * 60) * MINUTE;
        busy.push({ startsAt: new Date(start), endsAt: new Date(start + (1 + Math.floor(random() * 240)) * MINUTE) });
      }
      const timeOff: TimeOffPeriod[] =
        random() < 0.15
          ? [{ startDate: `2025${date.slice(4)}`, endDate: `2025${date.slice(4)}`, isRecurring: true }]
          : [];
      const s: Scenario = {
        date,
        zone,
        hours,
        timeOff,
        busy,
        duration: pick([30, 45, 60, 90, 120, 180, 240]),
        step: pick([15, 30, 30, 45, 60, 90]),
        now: random() < 0.5 ? longAgo : new Date(midnight + Math.floor(random() * 36 * 60) * MINUTE),
      };
      const expected = modelSlots(s);
      const actual = run(s);
      expect(actual, JSON.stringify(s)).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
      // every offered slot is a booking the availability check accepts
      for (const slot of actual) {
        expect(fitsAvailability({ ...slot, timeZone: zone, weeklyHours: hours, timeOff })).toBe('ok');
      }
    }
    expect(nonEmpty).toBeGreaterThan(200);
  });
});
