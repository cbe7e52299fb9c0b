/**
 * A cleaner's weekly hours, read the one way: the server's free slots come only from the rows this
 * rule calls working, and the booking page's calendar disables the days with none (decision 075).
 */

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** One row of a cleaner's weekly hours (0 = Sunday), on their own clock. */
export interface WeeklyHoursRow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

/** A row the cleaner works: switched on, both times HH:MM, the end after the start. */
export function isWorkingHours(row: WeeklyHoursRow): boolean {
  return row.isAvailable && HH_MM.test(row.startTime) && HH_MM.test(row.endTime) && row.startTime < row.endTime;
}

/**
 * The weekdays (0 = Sunday) with at least one working row, in order.
 *
 * @example
 * workingWeekdays([{ dayOfWeek: 3, startTime: '09:00', endTime: '17:00', isAvailable: true }]) // [3]
 */
export function workingWeekdays(rows: readonly WeeklyHoursRow[]): number[] {
  return [...new Set(rows.filter(isWorkingHours).map((row) => row.dayOfWeek))].sort((a, b) => a - b);
}

/** 0 = Sunday, for a "YYYY-MM-DD" calendar date (the weekday of a date does not depend on the zone). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** A day the cleaner never works: its weekday has no working hours. */
export function isDayOff(date: string, workingDays: readonly number[]): boolean {
  return !workingDays.includes(weekdayOf(date));
}
