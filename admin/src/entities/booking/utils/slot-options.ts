import { bookingTimeOptions, formatDuration, formatTime12, type TimeSlot, toTime24, weekdayOf } from '@spotless/sdk';

/*
 * The free-slot picker's rules, shared by the pages that choose a cleaner's time: the booking page
 * and rescheduling a booking.
 */

export interface TimeOption {
  /** The 12-hour label shown, e.g. '9:30 AM'. */
  label: string;
  /** The 24-hour value sent, e.g. '09:30'. */
  value: string;
  /** True when the cleaner is free for the whole job at this time; null when not known (no date yet). */
  free: boolean | null;
  /** The time the booking being moved holds now: keeping it is always allowed. */
  current?: true;
}

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/**
 * The booking form's time list (8:00 AM to 6:30 PM, every 30 minutes;
 * docs/product/booking-and-payments.md), each marked with whether the cleaner's slots for the day
 * say a job can start there. Without slots nothing is known. `keep`, a time already chosen, is
 * listed even when the product's list lacks it; so is `current`, the time a booking being moved
 * holds on this day, which is always free to keep (the server checks a new time only).
 */
export function timeOptions(
  slots: readonly Pick<TimeSlot, 'startTime' | 'isAvailable'>[] | undefined,
  { keep = '', current = '' }: { keep?: string; current?: string } = {},
): TimeOption[] {
  const free = new Set(slots?.filter((s) => s.isAvailable).map((s) => s.startTime));
  const values = new Set(bookingTimeOptions().map(toTime24));
  for (const extra of [keep, current]) if (HH_MM.test(extra)) values.add(extra);
  return [...values]
    .sort()
    .map((value) =>
      value === current
        ? { label: formatTime12(value), value, free: true, current: true }
        : { label: formatTime12(value), value, free: slots ? free.has(value) : null },
    );
}

/** YYYY-MM-DD of a local calendar day. */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Days before today (or before 1900-01-01) cannot be picked (docs/product/booking-and-payments.md). */
export function isDateDisabled(isoDate: string, today: string): boolean {
  return isoDate < today || isoDate < '1900-01-01';
}

/**
 * The days of a month's calendar, in weeks that start on Sunday
 * (docs/product/booking-and-payments.md); days of the neighbouring months fill the first and last
 * weeks as null.
 */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const cells: (string | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(toIsoDate(new Date(year, month, day)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * A day on which no start leaves a booking this long free, though a shorter one fits (decision 075):
 * one message for the day, never beside "no free time" (there is free time, just not this much).
 *
 * @example
 * noStartLongEnoughMessage(660, 600) // 'No start that day has 11 hr free (10 hr at most): choose a shorter duration or another date'
 */
export function noStartLongEnoughMessage(neededMinutes: number, longestFreeMinutes: number, canShorten = true): string {
  return `No start that day has ${formatDuration(neededMinutes)} free (${formatDuration(longestFreeMinutes)} at most): choose ${canShorten ? 'a shorter duration or ' : ''}another date`;
}

/**
 * The day's one message when no start leaves `duration` minutes free though shorter bookings fit
 * (decision 075): the longest free stretch, and what to change. Null when a start fits, when the day
 * has no free time at all, or while its slots are not known.
 */
export function dayTooShortFor(
  slots: readonly Pick<TimeSlot, 'isAvailable' | 'freeMinutes'>[] | undefined,
  duration: number,
  canShorten = true,
): string | null {
  if (!slots || slots.some((s) => s.isAvailable)) return null;
  const longest = Math.max(0, ...slots.map((s) => s.freeMinutes ?? 0));
  return longest > 0 && longest < duration ? noStartLongEnoughMessage(duration, longest, canShorten) : null;
}

/** What the time field says of the chosen day: one message, never two that disagree. */
export function dayHint(day: {
  date: string;
  cleanerName: string;
  /** The cleaner's zone, until the day's slots say it. */
  timeZone: string;
  slots: { isPending: boolean; isError: boolean; data?: { timeZone: string } };
  /** Times free to choose (the time a booking being moved holds included). */
  freeCount: number;
  /** The cleaner never works this weekday. */
  dayOff: boolean;
  /** `dayTooShortFor`'s message, if any. */
  tooShort: string | null;
  /** The page says `tooShort` at its duration field: the hint then only names the zone. */
  tooShortShownElsewhere?: boolean;
}): string {
  const zone = day.slots.data?.timeZone ?? day.timeZone;
  if (day.date === '') return `Pick a date to see when ${day.cleanerName} is free.`;
  if (day.dayOff) {
    return `${day.cleanerName} does not work on ${WEEKDAY_NAMES[weekdayOf(day.date)]}s. Please pick another date.`;
  }
  if (day.slots.isPending) return 'Checking availability...';
  if (day.slots.isError) return 'Could not load availability; any time can be requested.';
  if (day.tooShort) return day.tooShortShownElsewhere ? `Times in the cleaner's local time (${zone}).` : day.tooShort;
  if (day.freeCount === 0) return `${day.cleanerName} has no free time that day. Please pick another date.`;
  return `${day.freeCount} free ${day.freeCount === 1 ? 'time' : 'times'}, in the cleaner's local time (${zone}).`;
}

/** The weekdays' names, 0 = Sunday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The weekdays a cleaner never works, as a sentence names them ("Sundays and Saturdays"); empty
 * when they work every day of the week.
 *
 * @example
 * daysOffText([1, 2, 3, 4, 5]) // 'Sundays and Saturdays'
 */
export function daysOffText(workingDays: readonly number[]): string {
  const off = WEEKDAY_NAMES.filter((_, day) => !workingDays.includes(day)).map((name) => `${name}s`);
  return off.length < 2 ? (off[0] ?? '') : `${off.slice(0, -1).join(', ')} and ${off.at(-1)}`;
}
