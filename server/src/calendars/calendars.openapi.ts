import { CalendarFeed, CalendarFeedParam, IdParam } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** Calendars (decision 083): a booking's `.ics` file, and each cleaner's private calendar feed. */
export const calendarsApi = defineOperations({
  getBookingCalendar: {
    method: 'get',
    path: '/bookings/:id/calendar.ics',
    security: 'user-or-admin',
    summary: 'A confirmed booking as an iCalendar (.ics) file',
    description:
      'One event (RFC 5545, `text/calendar`, saved as `spotless-booking-{id}.ics`): the booking’s start and end in the cleaner’s time zone (`DTSTART;TZID=…` with its `VTIMEZONE`), the address as its location, and a link back to the booking on this site. Its UID is `booking-{id}@{host}` and its SEQUENCE goes up with every change, so a calendar that imports it again takes the new times. For the booking’s customer (“{service} with {cleaner}”), its cleaner (“{service} for {customer’s first name}”) and administrators, while it is confirmed or in progress (the booking’s `links.calendar`); anyone else is told it does not exist.',
    tags: ['calendars'],
    access: 'the booking’s customer, its cleaner, admin',
    responses: {
      200: { description: 'The `.ics` file (`text/calendar; charset=utf-8`, `Cache-Control: private, no-store`)' },
      404: { description: 'No such booking of yours' },
      409: { description: 'The booking is not confirmed or in progress (`not_confirmed`)' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  getCalendarFeed: {
    method: 'get',
    path: '/calendar/feed',
    security: 'user',
    summary: 'The signed-in cleaner’s calendar feed: whether it exists, and the action that makes its URL',
    description:
      'Only the SHA-256 of the feed’s token is kept, so its URL is not here: `actions.rotate` makes one (or a new one) and answers it once. A signed-in customer without a cleaner profile is refused (403).',
    tags: ['calendars'],
    access: 'signed-in cleaner',
    responses: {
      200: { description: 'The feed’s settings', schema: CalendarFeed },
      403: { description: 'Not a cleaner' },
    },
  },
  rotateCalendarFeed: {
    method: 'post',
    path: '/calendar/feed',
    security: 'user',
    summary: 'Make the signed-in cleaner’s calendar feed URL, or a new one',
    description:
      'A new secret token: the answer carries the feed’s `url` and `webcalUrl`, shown this once; the URL made before stops working at once, so a calendar subscribed to it stops updating. Audited. Refused to the assistant.',
    tags: ['calendars'],
    access: 'signed-in cleaner',
    responses: {
      200: { description: 'The feed with its new URL', schema: CalendarFeed },
      403: { description: 'Not a cleaner, or the assistant' },
    },
  },
  getCleanerCalendarFeed: {
    method: 'get',
    path: '/calendar/cleaners/:feedToken',
    security: 'public',
    summary: 'A cleaner’s calendar feed (iCalendar), for a calendar app to subscribe to',
    description:
      'No session: the secret token in the path is the key (`webcal://…/api/calendar/cleaners/{feedToken}`). The cleaner’s confirmed and in-progress jobs that start from 30 days ago on, each with the service, the customer’s first name (no surname, phone or e-mail), the address, the instructions and a link to the cleaner’s dashboard, in the cleaner’s time zone; each event’s UID is its booking’s, as in the booking’s own `.ics`. A token that opens no feed (never made, rotated away, or a suspended cleaner’s) is 404. Counted per client address (429 past 120 a minute).',
    tags: ['calendars'],
    access: 'whoever holds the feed’s URL',
    responses: {
      200: { description: 'The feed (`text/calendar; charset=utf-8`, `Cache-Control: private, no-store`)' },
      404: { description: 'No such feed' },
      429: { description: 'Too many requests from this address' },
    },
    request: { param: CalendarFeedParam },
  },
});
