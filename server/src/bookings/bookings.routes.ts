import { Hono } from 'hono';
import { countedAttempt } from '../auth/rate-limit';
import { startSession } from '../auth/sessions';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom } from '../idempotency/idempotency';
import { personOf } from '../lib/actor';
import { endpoint, inputOf } from '../lib/operations';
import { createBooking } from './booking-create.service';
import { setBookingStatus } from './booking-lifecycle.service';
import { cancelBooking, updateBooking } from './booking-writes.service';
import { bookingsApi as api } from './bookings.openapi';
import { renderBooking, renderBookingList, renderBookingStats } from './bookings.resource';
import { bookingStats, getBooking, listBookingsFor } from './bookings.service';
import { openGuestLink } from './guest-access.service';
import { createGuestBooking } from './guest-bookings.service';

export const bookingsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createBooking), async (c) => {
    const { customerId: _ignored, ...input } = inputOf(c, api.createBooking).json;
    const userId = personOf(c.get('actor'))?.userId;
    const answer = await createBooking(c.get('deps'), c.get('actor'), input, {
      idempotencyKey: idempotencyKeyFrom(c.req.header('idempotency-key')),
      render: (booking) => renderBooking(c.get('operations'), booking),
      attempts: [countedAttempt(c, 'bookingCreate', userId !== undefined ? `user:${userId}` : undefined)],
    });
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    return c.body(answer.body, answer.status as 201, headers);
  })
  .post(...endpoint(api.createGuestBooking), async (c) => {
    const input = inputOf(c, api.createGuestBooking).json;
    const { guestToken, answer } = await createGuestBooking(c.get('deps'), c.get('actor'), input, [
      countedAttempt(c, 'bookingCreate'),
      countedAttempt(c, 'bookingCreate', `guest:${input.guestEmail}`),
    ]);
    const booking = renderBooking(c.get('operations'), answer);
    return c.json({ guestToken, booking }, 201, { Location: booking.links.self.href, 'Cache-Control': 'no-store' });
  })
  .get(...endpoint(api.openGuestLink), async (c) => {
    const opened = await openGuestLink(c.get('deps'), c.get('actor'), inputOf(c, api.openGuestLink).query.token);
    // The next address holds nothing of the token, and no page sends this one on as a Referer.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    if (!opened) return c.redirect('/login?link=expired', 303);
    await startSession(c, 'user', opened.userId);
    return c.redirect('/dashboard', 303);
  })
  .get(...endpoint(api.listBookings), async (c) => {
    const query = inputOf(c, api.listBookings).query;
    const list = await listBookingsFor(c.get('deps'), c.get('actor'), query);
    return c.json(renderBookingList(c.get('operations'), list, query, personOf(c.get('actor')) !== null));
  })
  .get(...endpoint(api.getBookingStats), async (c) =>
    c.json(renderBookingStats(c.get('operations'), await bookingStats(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getBooking), async (c) => {
    const answer = await getBooking(c.get('deps'), c.get('actor'), inputOf(c, api.getBooking).param.id);
    return c.json(renderBooking(c.get('operations'), answer));
  })
  .put(...endpoint(api.updateBooking), async (c) => {
    const { param, json } = inputOf(c, api.updateBooking);
    return c.json(
      renderBooking(c.get('operations'), await updateBooking(c.get('deps'), c.get('actor'), param.id, json)),
    );
  })
  .delete(...endpoint(api.cancelBooking), async (c) => {
    const answer = await cancelBooking(c.get('deps'), c.get('actor'), inputOf(c, api.cancelBooking).param.id);
    return c.json(renderBooking(c.get('operations'), answer));
  })
  .patch(...endpoint(api.setBookingStatus), async (c) => {
    const { param, json } = inputOf(c, api.setBookingStatus);
    return c.json(
      renderBooking(c.get('operations'), await setBookingStatus(c.get('deps'), c.get('actor'), param.id, json)),
    );
  });
