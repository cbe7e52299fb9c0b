import type { CalendarFeed } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations } from '../contract/hypermedia';
import type { FeedSettings } from './calendars.service';

/** The headers of an `.ics` answer: a download, never kept by a cache between (it is someone's schedule). */
export function icsHeaders(filename: string): Record<string, string> {
  return {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
  };
}

/** A cleaner's feed (decision 083): its URL only in the answer that made it; `rotate` for the cleaner. */
export function renderCalendarFeed(ops: Operations, feed: FeedSettings): CalendarFeed {
  const actions: CalendarFeed['actions'] = {};
  if (feed.mayRotate) {
    actions.rotate = actionTo(ops, 'rotate', 'rotateCalendarFeed', {
      title: feed.active ? 'Make a new URL' : 'Create feed URL',
      description: feed.active
        ? 'The URL you have now stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one.'
        : 'A private URL for Google or Apple Calendar: anyone who has it can see your jobs and their addresses.',
    }) as NonNullable<CalendarFeed['actions']['rotate']>;
  }
  return {
    active: feed.active,
    createdAt: feed.createdAt ? feed.createdAt.toISOString() : null,
    url: feed.url,
    webcalUrl: feed.url ? feed.url.replace(/^https?:\/\//, 'webcal://') : null,
    links: { self: linkTo(ops, 'getCalendarFeed') },
    actions,
  };
}
