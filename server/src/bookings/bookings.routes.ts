import {
  ApiErrorBody,
  Booking,
  BookingCreateInput,
  BookingList,
  BookingListQuery,
  BookingStats,
  BookingStatusInput,
  BookingUpdateInput,
  IdParam,
} from '@spotless/sdk/schemas';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { getActor, getUser, isAdmin, requireUser, unauthorized } from '../auth/guards';
import { throttle } from '../auth/rate-limit';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom } from '../idempotency/idempotency';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
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

const PriceChangedBody = z.object({
  error: ApiErrorBody.shape.error.extend({ currentPrice: z.string(), currentAmount: z.number() }),
});

/** The signed-in user (if any) and whether an admin session is open; 401 with neither. */
function requester(c: Context<AppEnv>): Requester {
  const user = getUser(c);
  if (!user && !isAdmin(c)) throw unauthorized();
  return { userId: user?.id ?? getActor(c).userId, isAdmin: isAdmin(c) };
}

/** Signed-out callers get 401 before their input is looked at. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
const signedInOrAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requester(c);
  await next();
};

const idParam = valid('param', z.object({ id: IdParam }));

export const bookingsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      operationId: 'createBooking',
      security: 'user',
      summary: 'Book a cleaner',
      description:
        'Creates a pending booking for the signed-in customer. The price is computed by the server; `totalPrice` is only compared with it (409 `price_changed` with `currentPrice` when it differs). The time must lie inside the cleaner’s hours, outside their time off and clear of their other bookings, all checked in the same transaction that writes (409 `outside_hours`, `time_off`, `slot_taken`). Send an `Idempotency-Key` header to retry safely: the same key and body replay the first answer; the same key with another body is 422.',
      tags: ['bookings'],
      access: 'signed-in user',
      responses: {
        201: { description: 'The booking', schema: Booking },
        400: { description: 'A field is missing or invalid; `fields` names each' },
        401: { description: 'Signed out' },
        409: {
          description:
            'Price changed, outside hours, time off, the time is taken, or too many unpaid bookings (`too_many_unpaid_bookings`)',
          schema: PriceChangedBody,
        },
        422: { description: 'Idempotency-Key reused with a different body' },
        429: { description: 'Too many bookings made in the last hour (Retry-After)' },
      },
    }),
    signedIn,
    valid('json', BookingCreateInput),
    async (c) => {
      const user = requireUser(c);
      const { customerId: _ignored, ...input } = c.req.valid('json');
      const key = idempotencyKeyFrom(c.req.header('idempotency-key'));
      await throttle(c, 'bookingCreate', `user:${user.id}`);
      const answer = await bookOnce(c.var.deps, { userId: user.id }, input, key, (booking) =>
        renderBooking(c.var.operations, booking),
      );
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
      if (answer.replayed) headers['idempotent-replayed'] = 'true';
      return c.body(answer.body, answer.status as 201, headers);
    },
  )
  .get(
    '/',
    describe({
      operationId: 'listBookings',
      security: 'user-or-admin',
      summary: 'List bookings',
      description:
        'Without `cleanerId`: the signed-in customer’s own bookings (an administrator session without a user sees every booking). With `cleanerId`: that cleaner’s jobs — only for the cleaner themself or an administrator. Newest start first; `total` counts every match, `limit` caps `items`.',
      tags: ['bookings'],
      access: 'signed-in user; cleaner for their own cleanerId; admin',
      responses: {
        200: { description: 'Bookings with cleaner, service, customer and hasReview', schema: BookingList },
        400: { description: 'A parameter is malformed' },
        401: { description: 'Signed out' },
        403: { description: 'cleanerId is not the caller’s own' },
      },
    }),
    signedInOrAdmin,
    valid('query', BookingListQuery),
    async (c) => {
      const query = c.req.valid('query');
      const list = await listBookingsFor(c.var.deps, requester(c), query);
      return c.json(renderBookingList(c.var.operations, list, c.req.query(), getUser(c) !== null));
    },
  )
  .get(
    '/stats',
    describe({
      operationId: 'getBookingStats',
      security: 'user',
      summary: 'The signed-in customer’s booking figures',
      description:
        'Counts by status, money actually spent (succeeded payments minus refunds), this month’s bookings and spend (UTC month), the average rating the customer has given and their most booked service.',
      tags: ['bookings'],
      access: 'signed-in user',
      responses: {
        200: { description: 'Figures', schema: BookingStats },
        401: { description: 'Signed out' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const stats = await customerStats(c.var.deps.database.db, user.id, c.var.deps.clock.now());
      return c.json(renderBookingStats(c.var.operations, stats));
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getBooking',
      security: 'user-or-admin',
      summary: 'One booking',
      description: 'For its customer, its cleaner or an administrator; anyone else gets 404.',
      tags: ['bookings'],
      access: 'booking customer, booking cleaner, admin',
      responses: {
        200: { description: 'The booking', schema: Booking },
        401: { description: 'Signed out' },
        404: { description: 'No such booking, or not yours' },
      },
    }),
    signedInOrAdmin,
    idParam,
    async (c) =>
      c.json(renderBooking(c.var.operations, await getBooking(c.var.deps, requester(c), c.req.valid('param').id))),
  )
  .put(
    '/:id',
    describe({
      operationId: 'updateBooking',
      security: 'user',
      summary: 'Edit a booking (customer)',
      description:
        'While pending or confirmed, the customer may change the local date/time (re-checked against the cleaner’s hours, time off and other bookings in one transaction; allowed only 24 hours or more before the current start — later, cancel instead), the special instructions (`specialRequests` or `specialInstructions`) and the address.',
      tags: ['bookings'],
      access: 'booking customer',
      responses: {
        200: { description: 'The updated booking', schema: Booking },
        400: { description: 'A field is invalid' },
        401: { description: 'Signed out' },
        403: { description: 'The booking’s cleaner or an administrator: only the customer edits' },
        404: { description: 'No such booking, or not yours' },
        409: { description: 'Not editable in its state, too late to reschedule, or the new time is not free' },
      },
    }),
    signedInOrAdmin,
    idParam,
    valid('json', BookingUpdateInput),
    async (c) => {
      const answer = await updateBooking(c.var.deps, requester(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(renderBooking(c.var.operations, answer));
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'cancelBooking',
      security: 'user-or-admin',
      summary: 'Cancel a booking (customer or administrator)',
      description:
        'Pending or confirmed only. Free 24 hours or more before the start; later, a paid booking keeps the cleaner’s fee (one hour at the booked rate, at most the total), stored as `cancellationFee`. Unpaid bookings never cost anything.',
      tags: ['bookings'],
      access: 'booking customer, admin',
      responses: {
        200: { description: 'The cancelled booking', schema: Booking },
        401: { description: 'Signed out' },
        403: { description: 'The booking’s cleaner: decline through PATCH /status instead' },
        404: { description: 'No such booking, or not yours' },
        409: { description: 'Not cancellable in its state' },
      },
    }),
    signedInOrAdmin,
    idParam,
    async (c) =>
      c.json(renderBooking(c.var.operations, await cancelBooking(c.var.deps, requester(c), c.req.valid('param').id))),
  )
  .patch(
    '/:id/status',
    describe({
      operationId: 'setBookingStatus',
      security: 'user',
      summary: 'Accept, decline, start or complete a job (the booking’s cleaner)',
      description:
        '`confirmed` accepts a pending booking, `cancelled` declines a pending one, `in_progress` starts a confirmed one, `completed` completes a confirmed or in-progress one (and counts towards the cleaner’s completed jobs). Starting and completing need the booking paid (409 `not_paid`); a job starts from an hour before its time and completes from its time (409 `too_early`). Any other change is 409.',
      tags: ['bookings'],
      access: 'booking cleaner',
      responses: {
        200: { description: 'The booking in its new state', schema: Booking },
        400: { description: 'status is not a booking status' },
        401: { description: 'Signed out' },
        403: { description: 'The booking’s customer or an administrator: only its cleaner changes its status' },
        404: { description: 'No such booking, or not yours' },
        409: { description: 'Not a legal change from the current state, not paid, or too early' },
      },
    }),
    signedInOrAdmin,
    idParam,
    valid('json', BookingStatusInput),
    async (c) => {
      const { status, note } = c.req.valid('json');
      const answer = await setBookingStatus(c.var.deps, requester(c), c.req.valid('param').id, status, note);
      return c.json(renderBooking(c.var.operations, answer));
    },
  );
