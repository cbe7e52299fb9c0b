import { Hono } from 'hono';
import { endSessions, startSession } from '../auth/sessions';
import { personOf } from '../contract/actor';
import { AppError } from '../contract/errors';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom } from '../idempotency/idempotency';
import { startedElsewhere } from '../lib/origins';
import { countedAttempt, throttle } from '../rate-limits/rate-limit';
import { createBooking } from './booking-create.service';
import { setBookingStatus } from './booking-lifecycle.service';
import { withdrawFromBooking } from './booking-withdrawal.service';
import { cancelBooking, updateBooking } from './booking-writes.service';
import { bookingsApi as api } from './bookings.openapi';
import {
  renderBooking,
  renderBookingList,
  renderBookingStats,
  renderGuestLinkOpened,
  renderGuestLinkPreview,
  renderGuestLinkResent,
} from './bookings.resource';
import { bookingStats, getBooking, listBookingsFor } from './bookings.service';
import { isGuestLinkShaped, openGuestLink, previewGuestLink } from './guest-access.service';
import { createGuestBooking, resendGuestLinks } from './guest-bookings.service';

export const bookingsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createBooking), async (c) => {
    const { customerId: _ignored, ...input } = inputOf(c, api.createBooking).json;
    const userId = personOf(c.get('actor'))?.userId;
    const { answer, replayed } = await createBooking(c.get('deps'), c.get('actor'), input, {
      idempotencyKey: idempotencyKeyFrom(c.req.header('idempotency-key')),
      attempts: [countedAttempt(c, 'bookingCreate', userId !== undefined ? `user:${userId}` : undefined)],
    });
    return c.json(renderBooking(c.get('operations'), answer), 201, replayed ? { 'idempotent-replayed': 'true' } : {});
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
    const token = inputOf(c, api.openGuestLink).query.token?.trim();
    // The next address holds nothing of the token, and no page sends this one on as a Referer.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    if (!isGuestLinkShaped(token)) {
      // A link cut short in a mail app: a browser reads the expired-link page, not a JSON error;
      // only a caller that asks for JSON alone is answered as an API.
      const accept = c.req.header('accept') ?? '';
      if (accept.includes('application/json') && !accept.includes('text/html')) {
        const headers = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
        const fields = { token: 'This link is incomplete' };
        throw new AppError(400, 'validation_failed', 'Invalid query parameter: token', fields, headers);
      }
      return c.redirect('/login?link=expired', 303);
    }
    // Another site's link would sign its victim in as the site's own guest account (login CSRF), and
    // no open silently replaces someone's session: both ask on the hosted page first, which posts
    // the token back. The fragment reaches neither a server nor a Referer.
    const { session, adminSession } = c.get('auth');
    if (startedElsewhere(c) || session || adminSession) {
      return c.redirect(`/guest-link#token=${encodeURIComponent(token)}`, 303);
    }
    const opened = await openGuestLink(c.get('deps'), c.get('actor'), token);
    if (!opened) return c.redirect('/login?link=expired', 303);
    await startSession(c, 'user', opened.userId);
    return c.redirect('/dashboard', 303);
  })
  .post(...endpoint(api.confirmGuestLink), async (c) => {
    const headers = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
    const { token } = inputOf(c, api.confirmGuestLink).json;
    const opened = await openGuestLink(c.get('deps'), c.get('actor'), token);
    if (!opened) {
      throw new AppError(400, 'invalid_token', 'This link has expired or was already used.', undefined, headers);
    }
    // The person agreed to switch accounts: whoever this browser was signed in as is signed out.
    if (c.get('auth').adminSession) await endSessions(c, ['admin']);
    await startSession(c, 'user', opened.userId);
    return c.json(renderGuestLinkOpened(c.get('operations'), opened.bookingId), 200, headers);
  })
  .post(...endpoint(api.previewGuestLink), async (c) => {
    const { token } = inputOf(c, api.previewGuestLink).json;
    const preview = await previewGuestLink(c.get('deps'), c.get('actor'), token);
    return c.json(renderGuestLinkPreview(c.get('operations'), preview), 200, {
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
  })
  .post(...endpoint(api.resendGuestLink), async (c) => {
    const { email } = inputOf(c, api.resendGuestLink).json;
    // The password reset's limits: per client address (the same count), and per e-mail address.
    await throttle(c, 'passwordReset');
    await throttle(c, 'passwordResetAccount', `guest:${email}`);
    await resendGuestLinks(c.get('deps'), c.get('actor'), email);
    return c.json(renderGuestLinkResent(), 202);
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
  })
  .post(...endpoint(api.withdrawBooking), async (c) => {
    const { param, json } = inputOf(c, api.withdrawBooking);
    return c.json(
      renderBooking(c.get('operations'), await withdrawFromBooking(c.get('deps'), c.get('actor'), param.id, json)),
    );
  });
