import { type Context, Hono } from 'hono';
import { getActor, getUser, isAdmin, requireUser, unauthorized } from '../auth/guards';
import { throttle } from '../auth/rate-limit';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom } from '../idempotency/idempotency';
import { endpoint, inputOf } from '../lib/operations';
import { bookingsApi as api } from './bookings.openapi';
import { customerStats } from './bookings.queries';
import { renderBooking, renderBookingList, renderBookingStats } from './bookings.resource';
import {
  bookOnce,
  cancelBooking,
  getBooking,
  listBookingsFor,
  type Requester,
  setBookingStatus,
  updateBooking,
} from './bookings.service';

/** The signed-in user (if any) and whether an admin session is open; 401 with neither. */
function requester(c: Context<AppEnv>): Requester {
  const user = getUser(c);
  if (!user && !isAdmin(c)) throw unauthorized();
  return { userId: user?.id ?? getActor(c).userId, isAdmin: isAdmin(c) };
}

export const bookingsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createBooking), async (c) => {
    const user = requireUser(c);
    const { customerId: _ignored, ...input } = inputOf(c, api.createBooking).json;
    const key = idempotencyKeyFrom(c.req.header('idempotency-key'));
    await throttle(c, 'bookingCreate', `user:${user.id}`);
    const answer = await bookOnce(c.var.deps, { userId: user.id }, input, key, (booking) =>
      renderBooking(c.var.operations, booking),
    );
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    return c.body(answer.body, answer.status as 201, headers);
  })
  .get(...endpoint(api.listBookings), async (c) => {
    const query = inputOf(c, api.listBookings).query;
    const list = await listBookingsFor(c.var.deps, requester(c), query);
    return c.json(renderBookingList(c.var.operations, list, c.req.query(), getUser(c) !== null));
  })
  .get(...endpoint(api.getBookingStats), async (c) => {
    const user = requireUser(c);
    const stats = await customerStats(c.var.deps.database.db, user.id, c.var.deps.clock.now());
    return c.json(renderBookingStats(c.var.operations, stats));
  })
  .get(...endpoint(api.getBooking), async (c) =>
    c.json(
      renderBooking(c.var.operations, await getBooking(c.var.deps, requester(c), inputOf(c, api.getBooking).param.id)),
    ),
  )
  .put(...endpoint(api.updateBooking), async (c) => {
    const answer = await updateBooking(
      c.var.deps,
      requester(c),
      inputOf(c, api.updateBooking).param.id,
      inputOf(c, api.updateBooking).json,
    );
    return c.json(renderBooking(c.var.operations, answer));
  })
  .delete(...endpoint(api.cancelBooking), async (c) =>
    c.json(
      renderBooking(
        c.var.operations,
        await cancelBooking(c.var.deps, requester(c), inputOf(c, api.cancelBooking).param.id),
      ),
    ),
  )
  .patch(...endpoint(api.setBookingStatus), async (c) => {
    const { status, note } = inputOf(c, api.setBookingStatus).json;
    const answer = await setBookingStatus(
      c.var.deps,
      requester(c),
      inputOf(c, api.setBookingStatus).param.id,
      status,
      note,
    );
    return c.json(renderBooking(c.var.operations, answer));
  });
