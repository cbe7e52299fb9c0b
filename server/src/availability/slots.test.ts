import { describe, expect, it } from 'vitest';
import {
  availableSlots,
  checkHours,
  checkTimeOff,
  dayOfWeekOf,
  firstInstantAtOrAfter,
  fitsAvailability,
  type Interval,
  isHhMm,
  isIsoDate,
  isTimeOff,
  overlaps,
  type Slot,
  type TimeOffPeriod,
  type WeeklyHours,
} from './slots';

// ─── An independent model of the wall clock: one Intl formatter, minute by minute ───────────────

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** "YYYY-MM-DD HH:MM" on the wall clock of `zone` at instant `ms` (sv-SE writes ISO order). */
function wall(ms: number, zone: string): string {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f.format(new Date(ms)).replace(',', '');
}

/** Every minute instant that could belong to a local `date` anywhere on Earth, with its wall clock. */
const dayTables = new Map<string, Array<[number, string]>>();
function minutesAround(date: string, zone: string): Array<[number, string]> {
  const key = `${zone} ${date}`;
  let table = dayTables.get(key);
  if (!table) {
    table = [];
    const midnightUtc = Date.parse(`${date}T00:00:00Z`);
    for (let ms = midnightUtc - 16 * 3_600_000; ms <= midnightUtc + 40 * 3_600_000; ms += MINUTE) {
      table.push([ms, wall(ms, zone)]);
    }
    dayTables.set(key, table);
  }
  return table;
}

const pad = (n: number) => String(n).padStart(2, '0');
const label = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Time off by shifting each entry to every nearby year and comparing whole dates. */
function modelTimeOff(date: string, entries: TimeOffPeriod[]): boolean {
  return entries.some((e) => {
    if (e.endDate < e.startDate) return false;
    if (!e.isRecurring) return e.startDate <= date && date <= e.endDate;
    const span = Number(e.endDate.slice(0, 4)) - Number(e.startDate.slice(0, 4));
    const year = Number(date.slice(0, 4));
    for (let y = Number(e.startDate.slice(0, 4)); y <= year; y++) {
      const from = `${y}${e.startDate.slice(4)}`;
      const to = `${y + span}${e.endDate.slice(4)}`;
      if (from <= date && date <= to) return true;
    }
    return false;
  });
}

interface Scenario {
  date: string;
  zone: string;
  hours: WeeklyHours[];
  timeOff: TimeOffPeriod[];
  busy: Interval[];
  duration: number;
  step: number;
  now: Date;
}

/** The slots, brute force: each grid label's first instant, then every minute of the booking checked. */
function modelSlots(s: Scenario): Slot[] {
  if (modelTimeOff(s.date, s.timeOff)) return [];
  const table = minutesAround(s.date, s.zone);
  const firstAtOrAfter = (hhmm: string) => table.find(([, w]) => w >= `${s.date} ${hhmm}`)?.[0];
  const firstExactly = (hhmm: string) => table.find(([, w]) => w === `${s.date} ${hhmm}`)?.[0];
  const weekday = new Date(`${s.date}T12:00:00Z`).getUTCDay();
  const found = new Map<number, Slot>();
  for (const h of s.hours) {
    if (!h.isAvailable || h.dayOfWeek !== weekday || !(h.startTime < h.endTime)) continue;
    const windowStart = firstAtOrAfter(h.startTime)!;
    const windowEnd = firstAtOrAfter(h.endTime)!;
    for (let m = toMinutes(h.startTime); m < toMinutes(h.endTime); m += s.step) {
      const start = firstExactly(label(m));
      if (start === undefined || start <= s.now.getTime()) continue;
      let ok = true;
      for (let k = start; k < start + s.duration * MINUTE && ok; k += MINUTE) {
        if (k < windowStart || k >= windowEnd) ok = false;
        for (const b of s.busy) if (b.startsAt.getTime() <= k && k < b.endsAt.getTime()) ok = false;
      }
      if (!ok) continue;
      const end = start + s.duration * MINUTE;
      found.set(start, {
        startTime: label(m),
        endTime: wall(end, s.zone).slice(11),
        startsAt: new Date(start),
        endsAt: new Date(end),
      });
    }
  }
  return [...found.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function run(s: Scenario): Slot[] {
  return availableSlots({
    date: s.date,
    timeZone: s.zone,
    weeklyHours: s.hours,
    timeOff: s.timeOff,
    busy: s.busy,
    durationMinutes: s.duration,
    stepMinutes: s.step,
    now: s.now,
  });
}

const brief = (slots: Slot[]) => slots.map((x) => `${x.startTime}-${x.endTime}`);
const everyDay = (startTime: string, endTime: string): WeeklyHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, isAvailable: true }));
const longAgo = new Date('2000-01-01T00:00:00Z');

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

describe('availableSlots across daylight saving changes', () => {
  it('skips start times in the spring-forward gap and counts real minutes over it', () => {
    // Chicago, Sunday 2026-03-08: 01:59 CST is followed by 03:00 CDT.
    const slots = run({
      date: '2026-03-08',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '05:00', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 60,
      step: 30,
      now: longAgo,
    });
    expect(brief(slots)).toEqual([
      '00:00-01:00',
      '00:30-01:30',
      '01:00-03:00',
      '01:30-03:30',
      '03:00-04:00',
      '03:30-04:30',
      '04:00-05:00',
    ]);
    expect(slots[2]!.startsAt.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(slots[2]!.endsAt.toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });

  it('skips a gap start even when the step does not land on the hour after it', () => {
    // 45-minute steps from 00:00: 02:15 does not exist; a naive conversion would label 03:15 as "02:15".
    const slots = run({
      date: '2026-03-08',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '06:00', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 45,
      step: 45,
      now: longAgo,
    });
    expect(slots.map((x) => x.startTime)).toEqual(['00:00', '00:45', '01:30', '03:00', '03:45', '04:30', '05:15']);
    expect(slots[2]!.endTime).toBe('03:15');
  });

  it('moves a window boundary inside the gap to the end of the gap, not past it', () => {
    // Hours 02:30–04:00 on the spring-forward day begin when the clock first reads 02:30 or later: 03:00.
    const slots = run({
      date: '2026-03-08',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '02:30', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 60,
      step: 30,
      now: longAgo,
    });
    // the window is 00:00 CST to 03:00 CDT: two real hours
    expect(brief(slots)).toEqual(['00:00-01:00', '00:30-01:30', '01:00-03:00']);
    expect(firstInstantAtOrAfter('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(firstInstantAtOrAfter('2026-03-08', '03:00', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
  });

  it('offers the repeated fall-back hour once, at its first occurrence, and counts the extra hour', () => {
    // Chicago, Sunday 2026-11-01: 01:00–01:59 happens at CDT, then again at CST.
    const slots = run({
      date: '2026-11-01',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '03:00', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 60,
      step: 30,
      now: longAgo,
    });
    expect(brief(slots)).toEqual(['00:00-01:00', '00:30-01:30', '01:00-01:00', '01:30-01:30', '02:00-03:00']);
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });
});

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

// ─── Small helpers ─────────────────────────────────────────────────────────────────────────────

describe('overlaps', () => {
  it('matches a point-by-point check of half-open integer intervals', () => {
    const iv = (a: number, b: number) => ({ startsAt: new Date(a * MINUTE), endsAt: new Date(b * MINUTE) });
    for (let a0 = 0; a0 <= 6; a0++)
      for (let a1 = 0; a1 <= 6; a1++)
        for (let b0 = 0; b0 <= 6; b0++)
          for (let b1 = 0; b1 <= 6; b1++) {
            let shared = false;
            for (let k = 0; k < 6; k++) if (a0 <= k && k < a1 && b0 <= k && k < b1) shared = true;
            expect(overlaps(iv(a0, a1), iv(b0, b1)), `[${a0},${a1}) [${b0},${b1})`).toBe(shared);
            expect(overlaps(iv(b0, b1), iv(a0, a1))).toBe(shared);
          }
  });

  it('treats back-to-back bookings as not overlapping, to the millisecond', () => {
    const a = { startsAt: new Date(0), endsAt: new Date(3_600_000) };
    expect(overlaps(a, { startsAt: new Date(3_600_000), endsAt: new Date(7_200_000) })).toBe(false);
    expect(overlaps(a, { startsAt: new Date(3_599_999), endsAt: new Date(7_200_000) })).toBe(true);
  });
});

describe('isHhMm and checkHours', () => {
  it('accepts exactly 00:00 to 23:59', () => {
    let accepted = 0;
    for (let h = 0; h < 100; h++)
      for (let m = 0; m < 100; m++) {
        const ok = isHhMm(`${pad(h)}:${pad(m)}`);
        expect(ok).toBe(h < 24 && m < 60);
        if (ok) accepted++;
      }
    expect(accepted).toBe(24 * 60);
    for (const bad of [
      '9:00',
      '09:0',
      '0900',
      '09:00:00',
      ' 09:00',
      '09:00 ',
      '24:00',
      '09.00',
      '',
      '９:00',
      null,
      900,
    ])
      expect(isHhMm(bad), String(bad)).toBe(false);
  });

  it('uses the product’s message for a malformed time and requires start before end', () => {
    expect(checkHours({ startTime: '9:00', endTime: '17:00' })).toEqual({
      ok: false,
      fields: { startTime: 'Time must be in HH:MM format' },
    });
    expect(checkHours({ startTime: '09:00', endTime: '5pm' })).toEqual({
      ok: false,
      fields: { endTime: 'Time must be in HH:MM format' },
    });
    expect(checkHours({ startTime: '17:00', endTime: '09:00' })).toEqual({
      ok: false,
      fields: { endTime: 'End time must be after start time' },
    });
    expect(checkHours({ startTime: '09:00', endTime: '09:00' })).toMatchObject({ ok: false });
    expect(checkHours({ startTime: '09:00', endTime: '09:01' })).toEqual({ ok: true });
  });
});

describe('time off', () => {
  it('validates dates and their order', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(checkTimeOff({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual({
      ok: false,
      fields: { endDate: 'End date must be on or after the start date' },
    });
    expect(checkTimeOff({ startDate: '2026-05-01', endDate: '2026-05-01' })).toEqual({ ok: true });
    expect(checkTimeOff({ startDate: '', endDate: 'x' })).toMatchObject({ ok: false });
  });

  it('covers inclusive ranges, and recurring ones every year from the first', () => {
    const once = [{ startDate: '2026-07-01', endDate: '2026-07-03', isRecurring: false }];
    expect(
      ['2026-06-30', '2026-07-01', '2026-07-03', '2026-07-04', '2027-07-02'].map((d) => isTimeOff(d, once)),
    ).toEqual([false, true, true, false, false]);
    const yearly = [{ startDate: '2026-07-01', endDate: '2026-07-03', isRecurring: true }];
    expect(['2025-07-02', '2026-07-02', '2030-07-03', '2030-07-04'].map((d) => isTimeOff(d, yearly))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('wraps recurring ranges across the new year', () => {
    const holidays = [{ startDate: '2026-12-24', endDate: '2027-01-02', isRecurring: true }];
    expect(
      ['2026-12-23', '2026-12-24', '2027-01-01', '2027-01-02', '2027-01-03', '2027-12-31', '2028-01-02'].map((d) =>
        isTimeOff(d, holidays),
      ),
    ).toEqual([false, true, true, true, false, true, true]);
    // the January before the first Christmas is not covered
    expect(isTimeOff('2026-01-01', holidays)).toBe(false);
  });

  it('agrees with shifting each entry to every year, for every day of 2025–2029', () => {
    const entries: TimeOffPeriod[][] = [
      [{ startDate: '2026-12-24', endDate: '2027-01-02', isRecurring: true }],
      [{ startDate: '2026-03-10', endDate: '2026-03-10', isRecurring: true }],
      [{ startDate: '2028-02-29', endDate: '2028-02-29', isRecurring: true }],
      [{ startDate: '2026-02-28', endDate: '2026-03-01', isRecurring: true }],
      [{ startDate: '2026-06-01', endDate: '2027-08-01', isRecurring: true }], // longer than a year
      [{ startDate: '2026-06-01', endDate: '2026-05-01', isRecurring: true }], // backwards: nothing
      [
        { startDate: '2026-08-01', endDate: '2026-08-15', isRecurring: false },
        { startDate: '2025-11-30', endDate: '2025-12-02', isRecurring: true },
      ],
    ];
    for (const list of entries) {
      let date = '2025-01-01';
      while (date < '2030-01-01') {
        expect(isTimeOff(date, list), `${date} ${JSON.stringify(list)}`).toBe(modelTimeOff(date, list));
        date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      }
    }
  });

  it('knows the weekday of a date', () => {
    expect(dayOfWeekOf('2026-03-08')).toBe(0);
    expect(dayOfWeekOf('2026-06-10')).toBe(3);
    expect(dayOfWeekOf('2028-02-29')).toBe(2);
  });
});
