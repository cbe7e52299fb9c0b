import { bookingTimeOptions, formatTime12, type TimeSlot, toTime24 } from '@spotless/sdk';

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
