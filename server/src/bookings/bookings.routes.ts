import { centsToDollars } from '@spotless/sdk';
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
import { eq, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { findActiveCleanerProfile, getUser, isAdmin, requireUser, unauthorized } from '../auth/guards';
import { isIsoDate } from '../availability/slots';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import type { Tx } from '../db/client';
import { type BookingRow, bookings, cleaners } from '../db/schema';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom, replayIdempotent, requestHash, storeIdempotent } from '../idempotency/idempotency';
import { AppError, badRequest, notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { toLocal, zonedToUtc } from '../lib/time';
import { valid } from '../lib/validate';
import { findService } from '../services/services.queries';
import { notifyBookingEvent } from './booking-notifications';
import { type BookingActor, cleanerActionFor, transition } from './booking-state';
import {
  assertBookable,
  customerStats,
  findBooking,
  findBookingView,
  listBookings,
  recordHistory,
  releaseSlotsOf,
  toBookingDto,
} from './bookings.queries';
import { cancellationTerms, FREE_CANCELLATION_MS } from './cancellation';
import { checkQuote, quoteBooking } from './pricing';

const MINUTE_MS = 60_000;

/** 409 with the server's current price, so the client can show it and ask again. */
class PriceChangedError extends AppError {
  constructor(
    message: string,
    readonly currentPriceCents: number,
  ) {
    super(409, 'price_changed', message, { totalPrice: message });
  }
}

const PriceChangedBody = z.object({
  error: ApiErrorBody.shape.error.extend({ currentPrice: z.string(), currentAmount: z.number() }),
});

/**
 * The instant a booking starts. A local date and time (or a date-time without an offset) is the
 * cleaner's wall clock; a date-time with `Z` or an offset is an instant. A wall-clock time that
 * does not exist (the spring-forward gap) is refused rather than moved.
 */
export function resolveStart(input: { scheduledDate: string; scheduledTime?: string }, timeZone: string): Date {
  const text = input.scheduledDate;
  if (/(?:Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime()) || !isIsoDate(text.slice(0, 10))) {
      throw badRequest('Invalid request body: scheduledDate', { scheduledDate: 'Please select a date' });
    }
    return instant;
  }
  const date = text.slice(0, 10);
  const time = input.scheduledTime ?? text.slice(11, 16);
  if (!isIsoDate(date))
    throw badRequest('Invalid request body: scheduledDate', { scheduledDate: 'Please select a date' });
  const seconds = text.slice(16);
  if (input.scheduledTime === undefined && seconds !== '' && !/^:00(?:\.0{1,3})?$/.test(seconds)) {
    throw badRequest('Invalid request body: scheduledDate', { scheduledDate: 'Start on a whole minute' });
  }
  const startsAt = zonedToUtc(date, time, timeZone);
  const local = toLocal(startsAt, timeZone);
  if (local.date !== date || local.time !== time) {
    const field = input.scheduledTime === undefined ? 'scheduledDate' : 'scheduledTime';
    throw badRequest(`Invalid request body: ${field}`, {
      [field]: 'That time does not exist on that day (daylight saving change): please select another time',
    });
  }
  return startsAt;
}

function assertFuture(startsAt: Date, now: Date, field: string): void {
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest(`Invalid request body: ${field}`, { [field]: 'Please select a time in the future' });
  }
}

type Relation = 'customer' | 'cleaner' | 'admin' | null;

/** How the caller relates to a booking; null means it is none of their business (404). */
function relationTo(c: Context<AppEnv>, booking: { customerId: number | null }, cleanerUserId: number): Relation {
  const user = getUser(c);
  if (user && booking.customerId === user.id) return 'customer';
  if (user && cleanerUserId === user.id) return 'cleaner';
  if (isAdmin(c)) return 'admin';
  return null;
}

function requireSignedIn(c: Context<AppEnv>): void {
  if (!getUser(c) && !isAdmin(c)) throw unauthorized();
}

const bookingNotFound = () => notFound('Booking');

async function cleanerUserIdOf(tx: Tx, cleanerId: number): Promise<number> {
  const [row] = await tx.select({ userId: cleaners.userId }).from(cleaners).where(eq(cleaners.id, cleanerId));
  return row?.userId ?? -1;
}

async function answerWith(tx: Tx, id: number) {
  const view = await findBookingView(tx, id);
  if (!view) throw new Error(`booking ${id} vanished inside its transaction`);
  return toBookingDto(view);
}

/** Signed-out callers get 401 before their input is looked at. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
const signedInOrAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSignedIn(c);
  await next();
};

const idParam = valid('param', z.object({ id: IdParam }));

export const bookingsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      summary: 'Book a cleaner',
      description:
        'Creates a pending booking for the signed-in customer. The price is computed by the server; `totalPrice` is only compared with it (409 `price_changed` with `currentPrice` when it differs). The time must lie inside the cleaner’s hours, outside their time off and clear of their other bookings, all checked in the same transaction that writes (409 `outside_hours`, `time_off`, `slot_taken`). Send an `Idempotency-Key` header to retry safely: the same key and body replay the first answer; the same key with another body is 422.',
      tags: ['bookings'],
      access: 'signed-in user',
      responses: {
        201: { description: 'The booking', schema: Booking },
        400: { description: 'A field is missing or invalid; `fields` names each' },
        401: { description: 'Signed out' },
        409: { description: 'Price changed, outside hours, time off, or the time is taken', schema: PriceChangedBody },
        422: { description: 'Idempotency-Key reused with a different body' },
      },
    }),
    signedIn,
    valid('json', BookingCreateInput),
    async (c) => {
      const user = requireUser(c);
      const { customerId: _ignored, ...input } = c.req.valid('json');
      const key = idempotencyKeyFrom(c.req.header('idempotency-key'));
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const scope = `user:${user.id}:POST /api/bookings`;
      const hash = requestHash(input);
      try {
        const answer = await database.write(async (tx) => {
          if (key) {
            const stored = await replayIdempotent(tx, now, scope, key, hash);
            if (stored) return { ...stored, replayed: true };
          }
          const cleaner = await findActiveCleaner(tx, input.cleanerId);
          if (!cleaner) throw new AppError(404, 'not_found', 'Cleaner not found', { cleanerId: 'No such cleaner' });
          if (cleaner.userId === user.id) {
            throw badRequest('Invalid request body: cleanerId', { cleanerId: 'You cannot book yourself' });
          }
          const service = await findService(tx, input.serviceId);
          if (!service?.isActive) {
            throw new AppError(404, 'not_found', 'Service not found', { serviceId: 'No such service' });
          }
          const startsAt = resolveStart(input, cleaner.timeZone);
          assertFuture(startsAt, now, 'scheduledDate');
          const quote = quoteBooking({
            hourlyRateCents: cleaner.hourlyRateCents,
            durationMinutes: input.duration,
            service: { basePriceCents: service.basePriceCents },
          });
          if (!quote.ok) throw badRequest('Invalid request body: duration', { duration: quote.message });
          const priceCheck = checkQuote(input.totalPrice, quote.totalPriceCents);
          if (!priceCheck.ok && priceCheck.code === 'invalid_price') {
            throw badRequest('Invalid request body: totalPrice', { totalPrice: priceCheck.message });
          }
          if (!priceCheck.ok) throw new PriceChangedError(priceCheck.message, quote.totalPriceCents);
          const endsAt = new Date(startsAt.getTime() + input.duration * MINUTE_MS);
          await assertBookable(tx, { cleanerId: cleaner.id, timeZone: cleaner.timeZone, startsAt, endsAt });

          const [row] = await tx
            .insert(bookings)
            .values({
              customerId: user.id,
              cleanerId: cleaner.id,
              serviceId: service.id,
              status: 'pending',
              startsAt,
              endsAt,
              durationMinutes: input.duration,
              timeZone: cleaner.timeZone,
              address: input.address,
              specialInstructions: input.specialInstructions,
              hourlyRateCents: cleaner.hourlyRateCents,
              totalPriceCents: quote.totalPriceCents,
              paymentStatus: 'unpaid',
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!row) throw new Error('booking insert returned no row');
          await recordHistory(tx, now, {
            bookingId: row.id,
            fromStatus: null,
            toStatus: 'pending',
            actorUserId: user.id,
            actorRole: 'customer',
          });
          await notifyBookingEvent(tx, now, 'booking_created', row);
          const body = JSON.stringify(await answerWith(tx, row.id));
          if (key) await storeIdempotent(tx, now, { scope, key, hash, status: 201, body });
          return { status: 201, body, replayed: false };
        });
        const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
        if (answer.replayed) headers['idempotent-replayed'] = 'true';
        return c.body(answer.body, answer.status as 201, headers);
      } catch (error) {
        if (!(error instanceof PriceChangedError)) throw error;
        const currentPrice = centsToDollars(error.currentPriceCents);
        return c.json(
          {
            error: {
              code: error.code,
              message: error.message,
              fields: error.fields ?? {},
              currentPrice,
              currentAmount: error.currentPriceCents / 100,
            },
          },
          409,
        );
      }
    },
  )
  .get(
    '/',
    describe({
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
      requireSignedIn(c);
      const query = c.req.valid('query');
      const user = getUser(c);
      const admin = isAdmin(c);
      const status = query.status === 'all' ? undefined : query.status;
      const { db } = c.var.deps.database;
      if (query.cleanerId !== undefined) {
        if (!admin) {
          const own = user ? await findActiveCleanerProfile(c, user.id) : undefined;
          if (own?.id !== query.cleanerId) {
            throw new AppError(403, 'forbidden', 'Forbidden: you can list only your own jobs');
          }
        }
        return c.json(await listBookings(db, { cleanerId: query.cleanerId, status, limit: query.limit }));
      }
      if (user) return c.json(await listBookings(db, { customerId: user.id, status, limit: query.limit }));
      return c.json(await listBookings(db, { status, limit: query.limit }));
    },
  )
  .get(
    '/stats',
    describe({
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
      return c.json(await customerStats(c.var.deps.database.db, user.id, c.var.deps.clock.now()));
    },
  )
  .get(
    '/:id',
    describe({
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
    async (c) => {
      requireSignedIn(c);
      const row = await findBookingView(c.var.deps.database.db, c.req.valid('param').id);
      if (!row || relationTo(c, row.booking, row.cleanerUserId) === null) throw bookingNotFound();
      return c.json(toBookingDto(row));
    },
  )
  .put(
    '/:id',
    describe({
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
      requireSignedIn(c);
      const input = c.req.valid('json');
      const id = c.req.valid('param').id;
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const user = getUser(c);
      const dto = await database.write(async (tx) => {
        const booking = await findBooking(tx, id);
        if (!booking) throw bookingNotFound();
        const relation = relationTo(c, booking, await cleanerUserIdOf(tx, booking.cleanerId));
        if (relation === null) throw bookingNotFound();
        if (relation !== 'customer' || !user) {
          throw new AppError(403, 'forbidden', 'Forbidden: only the customer edits a booking');
        }
        const allowed = transition(booking, 'edit', { role: 'customer', userId: user.id });
        if (!allowed.ok) throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot be edited`);

        const changes: Partial<BookingRow> = {};
        const notes: string[] = [];
        if (input.scheduledDate !== undefined || input.scheduledTime !== undefined) {
          const current = toLocal(booking.startsAt, booking.timeZone);
          const startsAt = resolveStart(
            { scheduledDate: input.scheduledDate ?? current.date, scheduledTime: input.scheduledTime ?? current.time },
            booking.timeZone,
          );
          if (startsAt.getTime() !== booking.startsAt.getTime()) {
            if (booking.startsAt.getTime() - now.getTime() < FREE_CANCELLATION_MS) {
              throw new AppError(
                409,
                'reschedule_window_closed',
                'Bookings can be rescheduled up to 24 hours before the start; cancel it instead',
              );
            }
            assertFuture(startsAt, now, input.scheduledDate !== undefined ? 'scheduledDate' : 'scheduledTime');
            const endsAt = new Date(startsAt.getTime() + booking.durationMinutes * MINUTE_MS);
            await assertBookable(tx, {
              cleanerId: booking.cleanerId,
              timeZone: booking.timeZone,
              startsAt,
              endsAt,
              excludeBookingId: booking.id,
            });
            changes.startsAt = startsAt;
            changes.endsAt = endsAt;
            changes.reminderSentAt = null;
            const local = toLocal(startsAt, booking.timeZone);
            notes.push(`rescheduled from ${current.date} ${current.time} to ${local.date} ${local.time}`);
          }
        }
        const instructions = input.specialInstructions ?? input.specialRequests;
        if (instructions !== undefined && instructions !== booking.specialInstructions) {
          changes.specialInstructions = instructions;
          notes.push('special instructions changed');
        }
        if (input.address !== undefined && input.address !== booking.address) {
          changes.address = input.address;
          notes.push('address changed');
        }
        if (notes.length > 0) {
          const [updated] = await tx
            .update(bookings)
            .set({ ...changes, updatedAt: now })
            .where(eq(bookings.id, booking.id))
            .returning();
          if (!updated) throw new Error('booking update returned no row');
          if (changes.startsAt) await releaseSlotsOf(tx, booking.id, now);
          await recordHistory(tx, now, {
            bookingId: booking.id,
            fromStatus: booking.status,
            toStatus: booking.status,
            actorUserId: user.id,
            actorRole: 'customer',
            note: notes.join('; '),
          });
          await notifyBookingEvent(tx, now, 'booking_updated', updated, `Change: ${notes.join('; ')}`);
        }
        return answerWith(tx, booking.id);
      });
      return c.json(dto);
    },
  )
  .delete(
    '/:id',
    describe({
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
    async (c) => {
      requireSignedIn(c);
      const id = c.req.valid('param').id;
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const user = getUser(c);
      const dto = await database.write(async (tx) => {
        const booking = await findBooking(tx, id);
        if (!booking) throw bookingNotFound();
        const relation = relationTo(c, booking, await cleanerUserIdOf(tx, booking.cleanerId));
        if (relation === null) throw bookingNotFound();
        const actor: BookingActor =
          relation === 'customer' && user
            ? { role: 'customer', userId: user.id }
            : relation === 'admin'
              ? { role: 'admin' }
              : { role: 'cleaner', cleanerId: booking.cleanerId };
        const result = transition(booking, 'cancel', actor);
        if (!result.ok && result.error === 'forbidden') {
          throw new AppError(403, 'forbidden', 'Forbidden: a cleaner declines a booking through its status');
        }
        if (!result.ok)
          throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot be cancelled`);
        const byCustomer = actor.role === 'customer';
        const terms = cancellationTerms({
          startsAt: booking.startsAt,
          now,
          totalPriceCents: booking.totalPriceCents,
          hourlyRateCents: booking.hourlyRateCents,
          paid: booking.paymentStatus === 'succeeded',
          cancelledBy: byCustomer ? 'customer' : 'admin',
        });
        const [updated] = await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            cancelledAt: now,
            cancelReason: byCustomer ? 'Cancelled by the customer' : 'Cancelled by an administrator',
            cancellationFeeCents: terms.feeCents,
            updatedAt: now,
          })
          .where(eq(bookings.id, booking.id))
          .returning();
        if (!updated) throw new Error('booking update returned no row');
        await releaseSlotsOf(tx, booking.id, now);
        await recordHistory(tx, now, {
          bookingId: booking.id,
          fromStatus: booking.status,
          toStatus: 'cancelled',
          actorUserId: user?.id ?? null,
          actorRole: byCustomer ? 'customer' : 'admin',
          note: terms.free
            ? 'free cancellation'
            : `cancellation fee $${centsToDollars(terms.feeCents)}, refund due $${centsToDollars(terms.refundCents)}`,
        });
        await notifyBookingEvent(
          tx,
          now,
          'booking_cancelled',
          updated,
          terms.feeCents > 0 ? `Cancellation fee: $${centsToDollars(terms.feeCents)}` : undefined,
        );
        return answerWith(tx, booking.id);
      });
      return c.json(dto);
    },
  )
  .patch(
    '/:id/status',
    describe({
      summary: 'Accept, decline, start or complete a job (the booking’s cleaner)',
      description:
        '`confirmed` accepts a pending booking, `cancelled` declines a pending one, `in_progress` starts a confirmed one, `completed` completes a confirmed or in-progress one (and counts towards the cleaner’s completed jobs). Any other change is 409.',
      tags: ['bookings'],
      access: 'booking cleaner',
      responses: {
        200: { description: 'The booking in its new state', schema: Booking },
        400: { description: 'status is not a booking status' },
        401: { description: 'Signed out' },
        403: { description: 'The booking’s customer or an administrator: only its cleaner changes its status' },
        404: { description: 'No such booking, or not yours' },
        409: { description: 'Not a legal change from the current state' },
      },
    }),
    signedInOrAdmin,
    idParam,
    valid('json', BookingStatusInput),
    async (c) => {
      requireSignedIn(c);
      const { status: target, note } = c.req.valid('json');
      const id = c.req.valid('param').id;
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const user = getUser(c);
      const dto = await database.write(async (tx) => {
        const booking = await findBooking(tx, id);
        if (!booking) throw bookingNotFound();
        const relation = relationTo(c, booking, await cleanerUserIdOf(tx, booking.cleanerId));
        if (relation === null) throw bookingNotFound();
        const [cleaner] = await tx.select().from(cleaners).where(eq(cleaners.id, booking.cleanerId));
        if (relation !== 'cleaner' || !user || cleaner?.status !== 'active') {
          throw new AppError(403, 'forbidden', 'Forbidden: only the booking’s cleaner changes its status');
        }
        const action = cleanerActionFor(booking.status, target);
        const result = action ? transition(booking, action, { role: 'cleaner', cleanerId: cleaner.id }) : null;
        if (!result?.ok) {
          throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot become ${target}`);
        }
        const declined = target === 'cancelled';
        const [updated] = await tx
          .update(bookings)
          .set({
            status: target,
            updatedAt: now,
            ...(declined
              ? { cancelledAt: now, cancelReason: note ?? 'Declined by the cleaner', cancellationFeeCents: 0 }
              : {}),
          })
          .where(eq(bookings.id, booking.id))
          .returning();
        if (!updated) throw new Error('booking update returned no row');
        if (target === 'completed') {
          await tx
            .update(cleaners)
            .set({ completedJobs: sql`${cleaners.completedJobs} + 1`, updatedAt: now })
            .where(eq(cleaners.id, cleaner.id));
        }
        if (declined) await releaseSlotsOf(tx, booking.id, now);
        await recordHistory(tx, now, {
          bookingId: booking.id,
          fromStatus: booking.status,
          toStatus: target,
          actorUserId: user.id,
          actorRole: 'cleaner',
          note: note ?? action ?? undefined,
        });
        if (target === 'confirmed') await notifyBookingEvent(tx, now, 'booking_confirmed', updated);
        if (declined) await notifyBookingEvent(tx, now, 'booking_cancelled', updated, 'The cleaner declined.');
        return answerWith(tx, booking.id);
      });
      return c.json(dto);
    },
  );
