import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { throttle } from '../rate-limits/rate-limit';
import { calendarsApi as api } from './calendars.openapi';
import { icsHeaders, renderCalendarFeed } from './calendars.resource';
import { bookingCalendar, cleanerFeed, feedSettings, rotateFeed } from './calendars.service';

/** Calendars (decision 083). */
export const calendarsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getBookingCalendar), async (c) => {
    const { id } = inputOf(c, api.getBookingCalendar).param;
    const file = await bookingCalendar(c.get('deps'), c.get('actor'), id);
    return c.body(file.body, 200, icsHeaders(file.filename));
  })
  .get(...endpoint(api.getCalendarFeed), async (c) =>
    c.json(renderCalendarFeed(c.get('operations'), await feedSettings(c.get('deps'), c.get('actor')))),
  )
  .post(...endpoint(api.rotateCalendarFeed), async (c) =>
    c.json(renderCalendarFeed(c.get('operations'), await rotateFeed(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getCleanerCalendarFeed), async (c) => {
    await throttle(c, 'calendarFeed');
    const file = await cleanerFeed(c.get('deps'), inputOf(c, api.getCleanerCalendarFeed).param.feedToken);
    return c.body(file.body, 200, icsHeaders(file.filename));
  });
