import { bookingTimeOptions, toTime24 } from '@spotless/sdk';

/** A day and time a link proposes (`/booking/42/7?date=2026-11-28&time=09:00`); empty when not usable. */
export interface BookingPrefill {
  /** YYYY-MM-DD, today or later. */
  scheduledDate: string;
  /** HH:MM (24-hour), one of the form's times. */
  scheduledTime: string;
}

/** The booking form's time list (docs/product/booking-and-payments.md), 08:00 to 18:30 every 30 minutes, in the form's 24-hour values. */
const LISTED_TIMES = new Set(bookingTimeOptions().map(toTime24));

/** Whether `text` is YYYY-MM-DD naming a real calendar day (no 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The booking form's date and time from the address bar, as the assistant links them. A malformed
 * date, or one before `today` (YYYY-MM-DD, the viewer's day, as the calendar disables), is left
 * empty; so is a time that is malformed or not in the form's list, or that comes without a usable
 * date (whether it is free can only be known for a day). Whether the cleaner is free then is the
 * form's to check, once the day's slots arrive. Nothing here submits anything.
 *
 * @example
 * prefillFromSearch(new URLSearchParams('date=2026-11-28&time=09:00'), '2026-11-20')
 * // { scheduledDate: '2026-11-28', scheduledTime: '09:00' }
 */
export function prefillFromSearch(params: URLSearchParams, today: string): BookingPrefill {
  const date = params.get('date')?.trim() ?? '';
  const time = params.get('time')?.trim() ?? '';
  const scheduledDate = isCalendarDate(date) && date >= today ? date : '';
  const scheduledTime = scheduledDate !== '' && LISTED_TIMES.has(time) ? time : '';
  return { scheduledDate, scheduledTime };
}
