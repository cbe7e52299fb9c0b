/**
 * An independent model of the slots of `availability/slots.ts`, for its suites: the wall clock of
 * a zone minute by minute (one Intl formatter), time off by shifting each entry to every nearby
 * year, and the slots by brute force; and the shorthands the suites write their scenarios with.
 */
import { availableSlots, type Interval, type Slot, type TimeOffPeriod, type WeeklyHours } from '../availability/slots';

// ─── An independent model of the wall clock: one Intl formatter, minute by minute ───────────────

export const MINUTE = 60_000;
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
export function minutesAround(date: string, zone: string): Array<[number, string]> {
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

export const pad = (n: number) => String(n).padStart(2, '0');
export const label = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Time off by shifting each entry to every nearby year and comparing whole dates. */
export function modelTimeOff(date: string, entries: TimeOffPeriod[]): boolean {
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

export interface Scenario {
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
export function modelSlots(s: Scenario): Slot[] {
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

export function run(s: Scenario): Slot[] {
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

export const brief = (slots: Slot[]) => slots.map((x) => `${x.startTime}-${x.endTime}`);
export const everyDay = (startTime: string, endTime: string): WeeklyHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, isAvailable: true }));
export const longAgo = new Date('2000-01-01T00:00:00Z');
