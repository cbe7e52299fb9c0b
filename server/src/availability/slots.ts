import { isWorkingHours, MESSAGES, type WeeklyHoursRow, weekdayOf } from '@spotless/sdk/rules';
import { toLocal, zonedToUtc, zoneOffsetMinutes } from '../lib/time';

/** The availability form's message (docs/product/cleaners.md). */
export const TIME_FORMAT_MESSAGE = MESSAGES.availability.timeFormat;
export const TIME_ORDER_MESSAGE = 'End time must be after start time';

const MINUTE_MS = 60_000;

export type WeeklyHours = WeeklyHoursRow;

export interface TimeOffPeriod {
  startDate: string;
  endDate: string;
  isRecurring: boolean;
}

/** A half-open interval of time, [startsAt, endsAt). */
export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface Slot extends Interval {
  /** Local wall-clock "HH:MM" in the cleaner's zone. */
  startTime: string;
  endTime: string;
}

/** A 24-hour "HH:MM" from 00:00 to 23:59. */
export function isHhMm(text: unknown): text is string {
  return typeof text === 'string' && /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(text);
}

/** Validates one availability row's times: both HH:MM and the start before the end. */
export function checkHours(hours: {
  startTime: unknown;
  endTime: unknown;
}): { ok: true } | { ok: false; fields: Partial<Record<'startTime' | 'endTime', string>> } {
  const fields: Partial<Record<'startTime' | 'endTime', string>> = {};
  if (!isHhMm(hours.startTime)) fields.startTime = TIME_FORMAT_MESSAGE;
  if (!isHhMm(hours.endTime)) fields.endTime = TIME_FORMAT_MESSAGE;
  else if (isHhMm(hours.startTime) && hours.endTime <= hours.startTime) fields.endTime = TIME_ORDER_MESSAGE;
  return Object.keys(fields).length === 0 ? { ok: true } : { ok: false, fields };
}

/** A real calendar date written "YYYY-MM-DD". */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Validates a time-off entry: two real dates, the end on or after the start. */
export function checkTimeOff(entry: {
  startDate: unknown;
  endDate: unknown;
}): { ok: true } | { ok: false; fields: Partial<Record<'startDate' | 'endDate', string>> } {
  const fields: Partial<Record<'startDate' | 'endDate', string>> = {};
  if (!isIsoDate(entry.startDate)) fields.startDate = 'Start date must be a date (YYYY-MM-DD)';
  if (!isIsoDate(entry.endDate)) fields.endDate = 'End date must be a date (YYYY-MM-DD)';
  else if (isIsoDate(entry.startDate) && entry.endDate < entry.startDate) {
    fields.endDate = 'End date must be on or after the start date';
  }
  return Object.keys(fields).length === 0 ? { ok: true } : { ok: false, fields };
}

/** Half-open overlap: back-to-back intervals do not overlap, and an empty interval overlaps nothing. */
export function overlaps(a: Interval, b: Interval): boolean {
  const a0 = a.startsAt.getTime();
  const a1 = a.endsAt.getTime();
  const b0 = b.startsAt.getTime();
  const b1 = b.endsAt.getTime();
  return a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1;
}

/**
 * Whether a local date falls in any time off. A recurring entry repeats every year from its first
 * occurrence on, as the same month-day range; a range that crosses the new year (Dec 24 – Jan 2)
 * wraps, and one a year long or longer covers every later day. Feb 29 exists only in leap years.
 * An entry ending before it starts covers nothing (the form rejects it).
 */
export function isTimeOff(date: string, timeOff: readonly TimeOffPeriod[]): boolean {
  return timeOff.some((entry) => {
    if (!(entry.startDate <= entry.endDate) || date < entry.startDate) return false;
    if (!entry.isRecurring) return date <= entry.endDate;
    const years = Number(entry.endDate.slice(0, 4)) - Number(entry.startDate.slice(0, 4));
    const from = entry.startDate.slice(5);
    const to = entry.endDate.slice(5);
    const day = date.slice(5);
    if (years === 0) return from <= day && day <= to;
    if (years === 1 && to < from) return day >= from || day <= to;
    return true;
  });
}

/** 0 = Sunday, for a "YYYY-MM-DD" calendar date (the weekday does not depend on the zone). */
export const dayOfWeekOf = weekdayOf;

/**
 * The first instant at which the wall clock in `timeZone` reads `date` `time` or later. Equal to
 * `zonedToUtc` except inside a spring-forward gap, where it is the end of the gap (the clock jumps
 * from 01:59 to 03:00, so "02:30" first holds at 03:00), not the gap's length past it.
 */
export function firstInstantAtOrAfter(date: string, time: string, timeZone: string): Date {
  const guess = zonedToUtc(date, time, timeZone);
  const local = toLocal(guess, timeZone);
  if (local.date === date && local.time === time) return guess;
  const target = `${date} ${time}`;
  const reached = (ms: number) => {
    const l = toLocal(new Date(ms), timeZone);
    return `${l.date} ${l.time}` >= target;
  };
  // Binary search by whole minutes between an instant before the target and the guess after it.
  let lo = Math.floor(guess.getTime() / MINUTE_MS) - 26 * 60;
  let hi = Math.floor(guess.getTime() / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (reached(mid * MINUTE_MS)) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE_MS);
}

/**
 * The cleaner's working windows on a local date, as instants: [first moment the clock reads the
 * start time, first moment it reads the end time). Only rows the SDK's `isWorkingHours` calls
 * working give a window: the booking page's calendar disables the other days by the same rule.
 */
export function windowsOn(date: string, timeZone: string, weeklyHours: readonly WeeklyHours[]): Interval[] {
  const dayOfWeek = dayOfWeekOf(date);
  return weeklyHours
    .filter((h) => h.dayOfWeek === dayOfWeek && isWorkingHours(h))
    .map((h) => ({
      startsAt: firstInstantAtOrAfter(date, h.startTime, timeZone),
      endsAt: firstInstantAtOrAfter(date, h.endTime, timeZone),
    }))
    .filter((w) => w.startsAt < w.endsAt);
}

export interface SlotQuery {
  date: string;
  timeZone: string;
  weeklyHours: readonly WeeklyHours[];
  timeOff: readonly TimeOffPeriod[];
  busy: readonly Interval[];
  durationMinutes: number;
  stepMinutes?: number;
  now: Date;
}

/**
 * Start times a booking of `durationMinutes` can take on a local date: on the step grid counted
 * from each window's start time (wall clock), lasting real elapsed minutes, wholly inside one
 * window, outside time off, clear of every busy interval, and strictly after `now`.
 *
 * Daylight saving: a start time that does not exist (inside the spring-forward gap) is skipped; a
 * start time that happens twice (the fall-back hour) is offered once, at its first occurrence — the
 * same instant `zonedToUtc` gives for that local date and time.
 */
export function availableSlots(query: SlotQuery): Slot[] {
  const { date, durationMinutes } = query;
  const stepMinutes = query.stepMinutes ?? 30;
  if (!isIsoDate(date)) throw new RangeError(`not a date: ${date}`);
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) throw new RangeError('durationMinutes must be > 0');
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0) throw new RangeError('stepMinutes must be > 0');
  if (isTimeOff(date, query.timeOff)) return [];
  const offset = steadyOffsetMinutes(date, query.timeZone);
  return offset === undefined ? slotsAcrossAChange(query, stepMinutes) : slotsAtOffset(query, stepMinutes, offset);
}

/**
 * The zone's offset from UTC if it is the same all through the local `date` (every day but the
 * two a year when the clocks change), else undefined. Offsets lie within −12 h and +14 h, so the
 * local day lies between these two instants.
 */
function steadyOffsetMinutes(date: string, timeZone: string): number | undefined {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const before = zoneOffsetMinutes(new Date(midnight - 14 * 60 * MINUTE_MS), timeZone);
  const after = zoneOffsetMinutes(new Date(midnight + 36 * 60 * MINUTE_MS), timeZone);
  return before === after ? before : undefined;
}

/**
 * The usual day: every wall time of the date exists once, at `wall − offset`, so the grid is
 * arithmetic (no time-zone lookup per slot — that was most of a slots request's time, decision 052).
 * Gives exactly what `slotsAcrossAChange` gives on such a day (a test holds them to it).
 */
function slotsAtOffset(query: SlotQuery, stepMinutes: number, offsetMinutes: number): Slot[] {
  const { date, durationMinutes, now } = query;
  const dayOfWeek = dayOfWeekOf(date);
  const midnight = Date.parse(`${date}T00:00:00Z`) - offsetMinutes * MINUTE_MS;
  const slots = new Map<number, Slot>();
  for (const hours of query.weeklyHours) {
    if (hours.dayOfWeek !== dayOfWeek || !isWorkingHours(hours)) continue;
    const first = minutesOf(hours.startTime);
    const last = minutesOf(hours.endTime);
    for (let wall = first; wall + durationMinutes <= last; wall += stepMinutes) {
      const startsAt = new Date(midnight + wall * MINUTE_MS);
      const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
      if (startsAt <= now) continue;
      const slot = { startsAt, endsAt };
      if (query.busy.some((busy) => overlaps(slot, busy))) continue;
      slots.set(startsAt.getTime(), { startTime: hhmm(wall), endTime: hhmm(wall + durationMinutes), startsAt, endsAt });
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** A day when the clocks change: each start time is converted on its own. Exported for the test that holds the usual day's arithmetic to it. */
export function slotsAcrossAChange(query: SlotQuery, stepMinutes = query.stepMinutes ?? 30): Slot[] {
  const { date, timeZone, durationMinutes, now } = query;
  if (isTimeOff(date, query.timeOff)) return [];
  const slots = new Map<number, Slot>();
  for (const hours of query.weeklyHours) {
    const [window] = windowsOn(date, timeZone, [hours]);
    if (!window) continue;
    const first = minutesOf(hours.startTime);
    const last = minutesOf(hours.endTime);
    for (let wall = first; wall < last; wall += stepMinutes) {
      const startTime = hhmm(wall);
      const startsAt = zonedToUtc(date, startTime, timeZone);
      const local = toLocal(startsAt, timeZone);
      if (local.date !== date || local.time !== startTime) continue; // in the spring-forward gap
      const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
      if (startsAt < window.startsAt || endsAt > window.endsAt) continue;
      if (startsAt <= now) continue;
      const slot = { startsAt, endsAt };
      if (query.busy.some((busy) => overlaps(slot, busy))) continue;
      slots.set(startsAt.getTime(), { startTime, endTime: toLocal(endsAt, timeZone).time, startsAt, endsAt });
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

export type AvailabilityFit = 'ok' | 'outside_hours' | 'time_off';

/**
 * Whether a requested booking lies entirely within one availability window of its local day
 * (start's date in the cleaner's zone) and that day is not time off.
 */
export function fitsAvailability(request: {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  weeklyHours: readonly WeeklyHours[];
  timeOff: readonly TimeOffPeriod[];
}): AvailabilityFit {
  const { startsAt, endsAt, timeZone } = request;
  if (!(startsAt.getTime() < endsAt.getTime())) return 'outside_hours';
  const { date } = toLocal(startsAt, timeZone);
  if (isTimeOff(date, request.timeOff)) return 'time_off';
  const inside = windowsOn(date, timeZone, request.weeklyHours).some(
    (w) => w.startsAt <= startsAt && endsAt <= w.endsAt,
  );
  return inside ? 'ok' : 'outside_hours';
}

/**
 * How long the cleaner is free from `startsAt`, in whole minutes (decision 071): from the start to
 * the end of the working window it lies in, or to the next busy interval starting before that —
 * 0 when no window holds the start or a busy interval does. `windows` are the start's local day's
 * (`windowsOn`); windows are never joined, as for `fitsAvailability`. A booking of `n` minutes fits
 * there exactly when this is `n` or more.
 */
export function freeMinutesIn(windows: readonly Interval[], busy: readonly Interval[], startsAt: Date): number {
  const start = startsAt.getTime();
  let end = -Infinity;
  for (const w of windows)
    if (w.startsAt.getTime() <= start && start < w.endsAt.getTime()) end = Math.max(end, w.endsAt.getTime());
  for (const b of busy) {
    const b0 = b.startsAt.getTime();
    const b1 = b.endsAt.getTime();
    if (!(b0 < b1)) continue;
    if (b0 <= start && start < b1) return 0;
    if (b0 > start) end = Math.min(end, b0);
  }
  return end > start ? Math.floor((end - start) / MINUTE_MS) : 0;
}

/** `freeMinutesIn` for one start: its local day's windows in the cleaner's zone, and none on a day off. */
export function freeMinutesFrom(request: {
  startsAt: Date;
  timeZone: string;
  weeklyHours: readonly WeeklyHours[];
  timeOff: readonly TimeOffPeriod[];
  busy: readonly Interval[];
}): number {
  const { date } = toLocal(request.startsAt, request.timeZone);
  if (isTimeOff(date, request.timeOff)) return 0;
  return freeMinutesIn(windowsOn(date, request.timeZone, request.weeklyHours), request.busy, request.startsAt);
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
