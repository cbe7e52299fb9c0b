import { isIsoDate } from '../availability/slots';
import { toLocal, zonedToUtc } from '../lib/time';

export type StartResolution =
  | { ok: true; startsAt: Date }
  | { ok: false; field: 'scheduledDate' | 'scheduledTime'; message: string };

export const DST_GAP_MESSAGE =
  'That time does not exist on that day (daylight saving change): please select another time';

/**
 * The instant a booking starts. A local date and time (or a date-time without an offset) is the
 * cleaner's wall clock in `timeZone`; a date-time with `Z` or an offset is an instant. A wall-clock
 * time that does not exist (the spring-forward gap) is refused rather than moved, so nobody is
 * booked for an hour they did not pick. Pure: no I/O, no clock.
 */
export function resolveStart(
  input: { scheduledDate: string; scheduledTime?: string },
  timeZone: string,
): StartResolution {
  const text = input.scheduledDate;
  if (/(?:Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime()) || !isIsoDate(text.slice(0, 10))) {
      return { ok: false, field: 'scheduledDate', message: 'Please select a date' };
    }
    return { ok: true, startsAt: instant };
  }
  const date = text.slice(0, 10);
  const time = input.scheduledTime ?? text.slice(11, 16);
  if (!isIsoDate(date)) return { ok: false, field: 'scheduledDate', message: 'Please select a date' };
  const seconds = text.slice(16);
  if (input.scheduledTime === undefined && seconds !== '' && !/^:00(?:\.0{1,3})?$/.test(seconds)) {
    return { ok: false, field: 'scheduledDate', message: 'Start on a whole minute' };
  }
  const startsAt = zonedToUtc(date, time, timeZone);
  const local = toLocal(startsAt, timeZone);
  if (local.date !== date || local.time !== time) {
    return {
      ok: false,
      field: input.scheduledTime === undefined ? 'scheduledDate' : 'scheduledTime',
      message: DST_GAP_MESSAGE,
    };
  }
  return { ok: true, startsAt };
}
