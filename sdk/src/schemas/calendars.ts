import { z } from 'zod';
import { actionOf, linkTo } from './hypermedia';

/**
 * A cleaner's private calendar feed (decision 083): a secret URL that Google or Apple Calendar
 * subscribes to, listing the cleaner's confirmed jobs. Only the token's hash is kept, so the URL is
 * in the answer that made it and nowhere else.
 */
export const CalendarFeed = z
  .object({
    active: z.boolean().meta({ description: 'whether the cleaner has made a feed URL (the latest one works)' }),
    createdAt: z.string().nullable().meta({ description: 'when the working URL was made' }),
    url: z.string().nullable().meta({
      description:
        'the feed’s https URL: only in the answer of `rotate`, which made it (the server keeps only its hash); null otherwise',
    }),
    webcalUrl: z
      .string()
      .nullable()
      .meta({ description: 'the same URL as `webcal://`, which a calendar app opens to subscribe; null with `url`' }),
    links: z.object({ self: linkTo('getCalendarFeed') }),
    actions: z.object({
      rotate: actionOf('rotate', 'POST', 'rotateCalendarFeed').optional().meta({
        description: 'makes the feed URL, or a new one: the URL made before stops working at once',
      }),
    }),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The feed's path parameter: its secret token followed by `.ics`. */
export const CalendarFeedParam = z.object({
  feedToken: z.string().max(200).meta({ description: 'the feed’s secret token followed by `.ics`' }),
});
