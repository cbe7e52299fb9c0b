import {
  Availability,
  AvailabilityInput,
  AvailabilityList,
  AvailabilityUpdateInput,
  Cleaner,
  IdParam,
  SlotsQuery,
  TimeOff,
  TimeOffInput,
  TimeOffList,
  TimeSlot,
  TimeSlotBookInput,
  TimeSlotList,
} from '@spotless/sdk/schemas';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { getUser, isAdmin, requireUser, unauthorized } from '../auth/guards';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import { renderCleaner } from '../cleaners/cleaners.resource';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { listAvailability, listTimeOff, toAvailabilityDto, toTimeOffDto } from './availability.queries';
import {
  renderHours,
  renderHoursList,
  renderSlotList,
  renderTimeOff,
  renderTimeOffList,
} from './availability.resource';
import {
  addHours,
  addTimeOff,
  assertMayReadTimeOff,
  bookSlot,
  getHours,
  getTimeOff,
  listSlots,
  ownCleanerProfile,
  releaseSlot,
  removeHours,
  removeTimeOff,
  type ScheduleRequester,
  SLOT_STEP_MINUTES,
  scheduleViewerOf,
  updateHours,
} from './availability.service';
import { isIsoDate } from './slots';

function requester(c: Context<AppEnv>): ScheduleRequester {
  return { userId: getUser(c)?.id ?? null, isAdmin: isAdmin(c) };
}

/** Signed-out callers get 401 before their input is looked at. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
const signedInOrAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getUser(c) && !isAdmin(c)) throw unauthorized();
  await next();
};

const cleanerParam = valid('param', z.object({ id: IdParam }));
const idParam = valid('param', z.object({ id: IdParam }));

export const availabilityRoutes = new Hono<AppEnv>()
  .get(
    '/cleaners/profile',
    describe({
      operationId: 'getOwnCleanerProfile',
      security: 'user',
      summary: 'The signed-in user’s own cleaner profile',
      tags: ['availability'],
      access: 'signed-in user',
      responses: {
        200: { description: 'The cleaner profile', schema: Cleaner },
        401: { description: 'Signed out' },
        404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const profile = await ownCleanerProfile(c.var.deps, user.id);
      return c.json(renderCleaner(c.var.operations, profile, { userId: user.id, ownCleanerId: profile.id }));
    },
  )
  .get(
    '/cleaners/:id/availability',
    describe({
      operationId: 'listAvailability',
      security: 'public',
      summary: 'A cleaner’s weekly hours',
      tags: ['availability'],
      access: 'public',
      responses: {
        200: { description: 'Rows by weekday (0 = Sunday) and start time', schema: AvailabilityList },
        404: { description: 'No such cleaner' },
      },
    }),
    cleanerParam,
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await findActiveCleaner(c.var.deps.database.db, id))) throw notFound('Cleaner');
      const rows = await listAvailability(c.var.deps.database.db, id);
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderHoursList(c.var.operations, id, rows.map(toAvailabilityDto), viewer));
    },
  )
  .get(
    '/availability/:id',
    describe({
      operationId: 'getAvailability',
      security: 'public',
      summary: 'One row of a cleaner’s weekly hours',
      tags: ['availability'],
      access: 'public',
      responses: {
        200: { description: 'The row', schema: Availability },
        400: { description: 'The id is not a positive integer' },
        404: { description: 'No such row' },
      },
    }),
    idParam,
    async (c) => {
      const row = await getHours(c.var.deps, c.req.valid('param').id);
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderHours(c.var.operations, row, viewer));
    },
  )
  .post(
    '/cleaners/:id/availability',
    describe({
      operationId: 'createAvailability',
      security: 'user',
      summary: 'Add weekly hours (the cleaner themself)',
      description: 'Rows of one weekday may not overlap (409 `availability_overlap`).',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        201: { description: 'The new row', schema: Availability },
        400: { description: 'dayOfWeek not 0–6, a time not HH:MM, or the end not after the start' },
        401: { description: 'Signed out' },
        403: { description: 'Not this cleaner' },
        404: { description: 'No such cleaner' },
        409: { description: 'Overlaps another row of that weekday' },
      },
    }),
    signedIn,
    cleanerParam,
    valid('json', AvailabilityInput),
    async (c) => {
      const row = await addHours(c.var.deps, requester(c), c.req.valid('param').id, c.req.valid('json'));
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderHours(c.var.operations, row, viewer), 201);
    },
  )
  .put(
    '/availability/:id',
    describe({
      operationId: 'updateAvailability',
      security: 'user',
      summary: 'Change one row of weekly hours (its cleaner)',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'The updated row', schema: Availability },
        400: { description: 'A time not HH:MM, or the end not after the start' },
        401: { description: 'Signed out' },
        403: { description: 'Not a cleaner' },
        404: { description: 'No such row, or another cleaner’s' },
        409: { description: 'Overlaps another row of that weekday' },
      },
    }),
    signedIn,
    idParam,
    valid('json', AvailabilityUpdateInput),
    async (c) => {
      const row = await updateHours(c.var.deps, requester(c), c.req.valid('param').id, c.req.valid('json'));
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderHours(c.var.operations, row, viewer));
    },
  )
  .delete(
    '/availability/:id',
    describe({
      operationId: 'deleteAvailability',
      security: 'user',
      summary: 'Remove one row of weekly hours (its cleaner)',
      description: 'Existing bookings stay; new bookings can no longer use these hours.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) },
        401: { description: 'Signed out' },
        403: { description: 'Not a cleaner' },
        404: { description: 'No such row, or another cleaner’s' },
      },
    }),
    signedIn,
    idParam,
    async (c) => {
      await removeHours(c.var.deps, requester(c), c.req.valid('param').id);
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/cleaners/:id/time-off',
    describe({
      operationId: 'listTimeOff',
      security: 'user-or-admin',
      summary: 'A cleaner’s time off (the cleaner or an administrator)',
      tags: ['availability'],
      access: 'the cleaner, admin',
      responses: {
        200: { description: 'Entries by start date', schema: TimeOffList },
        401: { description: 'Signed out' },
        403: { description: 'Not this cleaner' },
        404: { description: 'No such cleaner' },
      },
    }),
    signedInOrAdmin,
    cleanerParam,
    async (c) => {
      const { id } = c.req.valid('param');
      await assertMayReadTimeOff(c.var.deps, requester(c), id);
      const rows = await listTimeOff(c.var.deps.database.db, id);
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderTimeOffList(c.var.operations, id, rows.map(toTimeOffDto), viewer));
    },
  )
  .get(
    '/time-off/:id',
    describe({
      operationId: 'getTimeOff',
      security: 'user-or-admin',
      summary: 'One time-off entry (its cleaner or an administrator)',
      tags: ['availability'],
      access: 'the cleaner, admin',
      responses: {
        200: { description: 'The entry', schema: TimeOff },
        400: { description: 'The id is not a positive integer' },
        401: { description: 'Signed out' },
        404: { description: 'No such entry, or not yours' },
      },
    }),
    signedInOrAdmin,
    idParam,
    async (c) => {
      const row = await getTimeOff(c.var.deps, requester(c), c.req.valid('param').id);
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderTimeOff(c.var.operations, row, viewer));
    },
  )
  .post(
    '/cleaners/:id/time-off',
    describe({
      operationId: 'createTimeOff',
      security: 'user',
      summary: 'Schedule time off (the cleaner themself)',
      description:
        'Inclusive local dates. Refused with 409 `bookings_in_time_off` while an active booking falls on one of those days: decline or finish it first.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        201: { description: 'The new entry', schema: TimeOff },
        400: { description: 'A date is not YYYY-MM-DD, or the end is before the start' },
        401: { description: 'Signed out' },
        403: { description: 'Not this cleaner' },
        404: { description: 'No such cleaner' },
        409: { description: 'Active bookings on those days' },
      },
    }),
    signedIn,
    cleanerParam,
    valid('json', TimeOffInput),
    async (c) => {
      const row = await addTimeOff(c.var.deps, requester(c), c.req.valid('param').id, c.req.valid('json'));
      const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
      return c.json(renderTimeOff(c.var.operations, row, viewer), 201);
    },
  )
  .delete(
    '/time-off/:id',
    describe({
      operationId: 'deleteTimeOff',
      security: 'user-or-admin',
      summary: 'Remove time off (its cleaner or an administrator)',
      tags: ['availability'],
      access: 'the cleaner, admin',
      responses: {
        200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) },
        401: { description: 'Signed out' },
        403: { description: 'Not a cleaner' },
        404: { description: 'No such entry, or another cleaner’s' },
      },
    }),
    signedInOrAdmin,
    idParam,
    async (c) => {
      await removeTimeOff(c.var.deps, requester(c), c.req.valid('param').id);
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/cleaners/:id/slots/:date',
    describe({
      operationId: 'listTimeSlots',
      security: 'public',
      summary: 'A cleaner’s time slots on a local date',
      description:
        'Every 30-minute slot of the cleaner’s hours on that date in their zone (none on a day off), correct across daylight-saving changes. `isBooked` when a booking holds it or the cleaner marked it; `isAvailable` when a booking of `duration` minutes (default 30) can start there now. When the cleaner reads their own day (today to a year ahead) the slots are stored, so each has an `id` for book/release; otherwise `id` may be null. `bookingId` is shown only to the cleaner and administrators.',
      tags: ['availability'],
      access: 'public',
      responses: {
        200: { description: 'The day’s slots in time order', schema: TimeSlotList },
        400: { description: 'date is not YYYY-MM-DD, or duration is out of range' },
        404: { description: 'No such cleaner' },
      },
    }),
    valid(
      'param',
      z.object({ id: IdParam, date: z.string().refine(isIsoDate, 'Date must be a real date (YYYY-MM-DD)') }),
    ),
    valid('query', SlotsQuery),
    async (c) => {
      const { id, date } = c.req.valid('param');
      const duration = c.req.valid('query').duration ?? SLOT_STEP_MINUTES;
      const list = await listSlots(c.var.deps, requester(c), id, date, duration);
      return c.json(renderSlotList(c.var.operations, id, list, c.req.valid('query')));
    },
  )
  .post(
    '/time-slots/:id/book',
    describe({
      operationId: 'bookTimeSlot',
      security: 'user',
      summary: 'Mark a slot booked against one of the cleaner’s bookings',
      description:
        'Only the slot’s cleaner; the booking must be theirs, active (pending, confirmed or in progress) and cover the slot.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'The slot', schema: TimeSlot },
        400: { description: 'bookingId is not one of the cleaner’s bookings' },
        401: { description: 'Signed out' },
        403: { description: 'Not a cleaner' },
        404: { description: 'No such slot, or another cleaner’s' },
        409: { description: 'Booking not active, does not cover the slot, or the slot is booked against another' },
      },
    }),
    signedIn,
    idParam,
    valid('json', TimeSlotBookInput),
    async (c) =>
      c.json(await bookSlot(c.var.deps, requester(c), c.req.valid('param').id, c.req.valid('json').bookingId)),
  )
  .post(
    '/time-slots/:id/release',
    describe({
      operationId: 'releaseTimeSlot',
      security: 'user',
      summary: 'Release a slot the cleaner marked booked',
      description:
        'Removes the manual mark only: a slot covered by an active booking still lists as booked until the booking is cancelled or moved.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'The slot', schema: TimeSlot },
        401: { description: 'Signed out' },
        403: { description: 'Not a cleaner' },
        404: { description: 'No such slot, or another cleaner’s' },
        409: { description: 'The slot is not marked booked' },
      },
    }),
    signedIn,
    idParam,
    async (c) => c.json(await releaseSlot(c.var.deps, requester(c), c.req.valid('param').id)),
  );
