import { formatTime12 } from './format';

/*
 * A booking happens on its cleaner's clock, so every screen — the hosted app's and the partners'
 * widgets — writes its time in the cleaner's zone (the API sends it with each booking and slot) and
 * names the zone whenever the viewer's clock would read differently: the same booking must never
 * show two unlabelled times.
 */

/** The viewer's IANA zone, as the browser reports it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** A day as people say it: 'Sat, Nov 28'. */
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** Whether two zones' clocks read the same at this instant (so naming the zone would add nothing). */
function sameClock(date: Date, a: string, b: string): boolean {
  return a === b || format(a, WALL_CLOCK).format(date) === format(b, WALL_CLOCK).format(date);
}

/** The instant's "HH:MM" in a zone. */
function time24(date: Date, timeZone: string): string {
  const parts = format(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * The zone's short name at that instant: "CST", "CDT", or "GMT+9" where English has no abbreviation.
 *
 * @example
 * timeZoneShortName(new Date('2026-07-06T15:00:00Z'), 'America/Chicago') // 'CDT'
 */
export function timeZoneShortName(date: Date, timeZone: string): string {
  const parts = format(timeZone, { timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * A booking's start time on the cleaner's clock, with the zone's short name when the viewer's clock
 * reads differently; 'TBD' without a start (booking cards, docs/product/booking-and-payments.md).
 *
 * @example
 * bookingTimeLabel({ startsAt: '2026-03-04T16:00:00Z', timeZone: 'America/Chicago' }, 'Asia/Tokyo') // '10:00 AM CST'
 * bookingTimeLabel({ startsAt: '2026-03-04T16:00:00Z', timeZone: 'America/Chicago' }, 'America/Chicago') // '10:00 AM'
 */
export function bookingTimeLabel(
  booking: { startsAt: string | null; timeZone: string },
  viewer: string = viewerTimeZone(),
): string {
  if (!booking.startsAt) return 'TBD';
  const date = new Date(booking.startsAt);
  // formatTime12, not Intl's own 12-hour form: browsers differ on the space before AM/PM.
  const time = formatTime12(time24(date, booking.timeZone));
  return sameClock(date, booking.timeZone, viewer) ? time : `${time} ${timeZoneShortName(date, booking.timeZone)}`;
}

/**
 * The booking's date and start time on the cleaner's clock, for one-line lists.
 *
 * @example
 * bookingDateTimeLabel({ startsAt: '2026-03-04T16:00:00Z', timeZone: 'America/Chicago' }, 'Asia/Tokyo') // 'Mar 4, 2026, 10:00 AM CST'
 */
export function bookingDateTimeLabel(
  booking: { startsAt: string; timeZone: string },
  viewer: string = viewerTimeZone(),
): string {
  const date = format(booking.timeZone, { dateStyle: 'medium' }).format(new Date(booking.startsAt));
  return `${date}, ${bookingTimeLabel(booking, viewer)}`;
}

/**
 * A start close at hand — the coming days of a booking being made — as people say it: the weekday,
 * the month and day on the cleaner's clock, and the time as `bookingTimeLabel` writes it.
 *
 * @example
 * bookingDayTimeLabel({ startsAt: '2026-11-28T16:00:00Z', timeZone: 'America/Chicago' }, 'America/Chicago') // 'Sat, Nov 28, 10:00 AM'
 * bookingDayTimeLabel({ startsAt: '2026-11-28T16:00:00Z', timeZone: 'America/Chicago' }, 'Europe/Paris') // 'Sat, Nov 28, 10:00 AM CST'
 */
export function bookingDayTimeLabel(
  booking: { startsAt: string; timeZone: string },
  viewer: string = viewerTimeZone(),
): string {
  const day = format(booking.timeZone, DAY).format(new Date(booking.startsAt));
  return `${day}, ${bookingTimeLabel(booking, viewer)}`;
}

/**
 * A calendar date with no time of day (`YYYY-MM-DD`: a day off, a day of weekly hours) written as
 * `bookingDayTimeLabel` writes a booking's day.
 *
 * @example
 * calendarDayLabel('2026-12-01') // 'Tue, Dec 1'
 */
export function calendarDayLabel(date: string): string {
  return format('UTC', DAY).format(new Date(`${date}T12:00:00Z`));
}
