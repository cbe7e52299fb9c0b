import { expect, it } from 'vitest';
import { readIcs } from '../src/test/ics-reader';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { paidDemoBooking } from './paid-booking';

/**
 * Calendars on the three targets (decision 083), checked within the reviews' target file: the demo
 * customer's paid, confirmed booking downloads as an `.ics` that ical.js reads back at the booking's
 * own instant and zone; the demo cleaner makes a feed URL whose feed, fetched with no session,
 * lists that booking as the same event; a new URL ends the old one (404).
 */
export function calendarChecks(on: OnTarget): void {
  const { call } = on;

  it('serves a confirmed booking’s .ics and a cleaner’s feed that parse, and rotates the feed’s URL', async () => {
    const { customer, cleanerCookie, made } = await paidDemoBooking(on, 250, '4242424242424242');
    const booking = (await call(made.links.self.href, { cookie: customer })).body;
    expect(booking.status).toBe('confirmed');
    const link = booking.links.calendar as Json;
    expect(link).toMatchObject({ href: `/api/bookings/${booking.id}/calendar.ics`, operation: 'getBookingCalendar' });

    const file = await call(link.href, { cookie: customer });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="spotless-booking-${booking.id}.ics"`);
    const [event] = readIcs(file.body.text as string).events;
    expect(event).toMatchObject({ timeZone: booking.timeZone, location: booking.address });
    expect(event?.summary).toContain(booking.cleaner.user.firstName);
    expect(event?.start.toISOString()).toBe(booking.startsAt);
    expect(event?.end.toISOString()).toBe(booking.endsAt);
    expect(event?.localStart).toBe(`${booking.scheduledDate}T${booking.scheduledTime}:00`);

    const settings = (await call('/api/calendar/feed', { cookie: cleanerCookie })).body;
    const rotate = settings.actions.rotate as Json;
    const first = await call(rotate.href, { method: rotate.method, cookie: cleanerCookie });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const feedPath = new URL(first.body.url).pathname;
    const feed = await call(feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    const listed = readIcs(feed.body.text as string);
    const same = listed.events.find((e) => e.uid === event?.uid);
    expect(same?.start.toISOString()).toBe(booking.startsAt);
    expect(same?.summary).toContain(booking.customer.firstName);

    const second = await call(rotate.href, { method: rotate.method, cookie: cleanerCookie });
    expect((await call(feedPath)).status).toBe(404);
    expect((await call(new URL(second.body.url).pathname)).status).toBe(200);
  });
}
