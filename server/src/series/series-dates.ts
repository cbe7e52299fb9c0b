import { formatTime12 } from '@spotless/sdk/rules';
import { addDays } from '../lib/time';

/**
 * A series' calendar (decision 088): which local dates its visits fall on. Dates are the cleaner's
 * local dates (YYYY-MM-DD); each becomes an instant only with the series' local time and zone
 * (`zonedToUtc`), so a weekly 9:00 stays 9:00 across daylight-saving changes.
 */

export type Frequency = 'weekly' | 'biweekly' | 'every_4_weeks' | 'monthly' | 'quarterly';

/** How far ahead visits are kept booked. */
export const HORIZON_DAYS = 56;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'];

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** 0 is Sunday. */
export function weekdayOfDate(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Which of its month's weekdays a date is: 1–4, or 5 for a fifth one, which a monthly series keeps
 * as "the last" (a month without a fifth Friday gets its last Friday, never no visit).
 */
export function nthOfMonth(date: string): number {
  return Math.ceil(parts(date)[2] / 7);
}

/** The `nth` (1–4; 5 = last) `weekday` of a month, as a local date. */
export function nthWeekdayOf(year: number, month: number, weekday: number, nth: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  let day = 1 + ((weekday - first + 7) % 7) + (Math.min(nth, 5) - 1) * 7;
  const last = daysInMonth(year, month);
  while (day > last) day -= 7;
  if (nth >= 5) while (day + 7 <= last) day += 7;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The `index`th visit's local date (the anchor is the 0th). */
export function occurrenceAt(anchor: string, frequency: Frequency, index: number): string {
  switch (frequency) {
    case 'weekly':
      return addDays(anchor, 7 * index);
    case 'biweekly':
      return addDays(anchor, 14 * index);
    case 'every_4_weeks':
      return addDays(anchor, 28 * index);
    case 'monthly':
    case 'quarterly': {
      const [y, m] = parts(anchor);
      const months = m - 1 + index * (frequency === 'monthly' ? 1 : 3);
      return nthWeekdayOf(y + Math.floor(months / 12), (months % 12) + 1, weekdayOfDate(anchor), nthOfMonth(anchor));
    }
  }
}

/** The visit dates after `after` up to and including `through`, in order (at most 60). */
export function occurrencesBetween(anchor: string, frequency: Frequency, after: string, through: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < 600 && found.length < 60; i++) {
    const date = occurrenceAt(anchor, frequency, i);
    if (date > through) break;
    if (date > after) found.push(date);
  }
  return found;
}

const EVERY: Record<Frequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every 2 weeks',
  every_4_weeks: 'Every 4 weeks',
  monthly: 'Every month',
  quarterly: 'Every 3 months',
};

/** The schedule in words: "Every 2 weeks on Friday at 9:00 AM", "Every month on the last Friday at 9:00 AM". */
export function scheduleText(anchor: string, frequency: Frequency, localTime: string): string {
  const weekday = WEEKDAYS[weekdayOfDate(anchor)];
  const on =
    frequency === 'monthly' || frequency === 'quarterly'
      ? `on the ${ORDINALS[nthOfMonth(anchor) - 1]} ${weekday}`
      : `on ${weekday}`;
  return `${EVERY[frequency]} ${on} at ${formatTime12(localTime)}`;
}
