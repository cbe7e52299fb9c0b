import type { World } from '../access-fixtures';
import { calendarFeedOf } from '../calendar-fixtures';
import { all, type Row } from './row';

/**
 * Calendars (decision 083): a confirmed booking's `.ics` for its parties and administrators, a
 * cleaner's own feed settings, and the public feed whose secret token is its key. The public feed
 * probed is a seeded cleaner's who is none of the callers, so the cleaners' rotations in the
 * matrix leave its token working.
 */

let confirmed: Promise<number> | undefined;
const confirmedBooking = (f: World) => {
  confirmed ??= f.newConfirmedBooking();
  return confirmed;
};

const FEED_TOKEN = 'matrixCalendarFeedToken0123456789abcdefghij';
let feed: Promise<string> | undefined;
const feedPath = (f: World) => {
  feed ??= calendarFeedOf(f.ctx.database, f.cleanerId, FEED_TOKEN).then((file) => `/api/calendar/cleaners/${file}`);
  return feed;
};

/** A cleaner's own: a customer is refused (403); the shared-password administrator is nobody's (401). */
const cleanersOwn = (status: number) => ({
  visitor: 401,
  customerA: 403,
  customerB: 403,
  cleaner: status,
  otherCleaner: status,
  admin: 401,
});

export const CALENDAR_ROWS: Record<string, Row> = {
  getBookingCalendar: {
    request: async (f) => ({ path: `/api/bookings/${await confirmedBooking(f)}/calendar.ics` }),
    expect: { visitor: 401, customerA: 200, customerB: 404, cleaner: 200, otherCleaner: 404, admin: 200 },
  },
  getCalendarFeed: { request: () => ({ path: '/api/calendar/feed' }), expect: cleanersOwn(200) },
  rotateCalendarFeed: {
    request: () => ({ path: '/api/calendar/feed' }),
    expect: cleanersOwn(200),
    // The new URL holds the feed's token: its own cleaner's, shown this once.
    carries: ['url', 'webcalUrl'],
  },
  getCleanerCalendarFeed: { request: async (f) => ({ path: await feedPath(f) }), expect: all(200) },
};
