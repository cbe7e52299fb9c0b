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
import { eq } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { findActiveCleanerProfile, getUser, isAdmin, requireCleaner, requireUser, unauthorized } from '../auth/guards';
import { cleanerSchedule, findBooking } from '../bookings/bookings.queries';
import { findActiveCleaner, toCleanerDto } from '../cleaners/cleaners.queries';
import { availability, timeOff, timeSlots } from '../db/schema';
import type { AppEnv } from '../deps';
import { AppError, badRequest, notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { addDays, toLocal } from '../lib/time';
import { valid } from '../lib/validate';
import {
  activeBookingsFrom,
  findAvailability,
  findSlot,
  findTimeOff,
  listAvailability,
  listTimeOff,
  overlappingHours,
  storedSlotsOn,
  toAvailabilityDto,
  toStoredSlotDto,
  toTimeOffDto,
} from './availability.queries';
import { availableSlots, checkHours, checkTimeOff, isIsoDate, isTimeOff, overlaps } from './slots';

/** Slots are listed on a 30-minute grid (the booking form's time list, spec 01 §5). */
export const SLOT_STEP_MINUTES = 30;
/** The cleaner's own read stores a day's slots only this far ahead, so ids stay bounded. */
const MATERIALISE_DAYS_AHEAD = 366;

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
const forbidden = (message: string) => new AppError(403, 'forbidden', `Forbidden: ${message}`);

async function activeCleanerOr404(c: Context<AppEnv>, id: number) {
  const cleaner = await findActiveCleaner(c.var.deps.database.db, id);
  if (!cleaner) throw notFound('Cleaner');
  return cleaner;
}

/** The signed-in cleaner, who must be the cleaner `cleanerId` (403 otherwise). */
async function requireThisCleaner(c: Context<AppEnv>, cleanerId: number) {
  requireUser(c);
  await activeCleanerOr404(c, cleanerId);
  const { user, cleaner } = await requireCleaner(c);
  if (cleaner.id !== cleanerId) throw forbidden('this is another cleaner’s schedule');
  return { user, cleaner };
}

function assertHours(input: { startTime: string; endTime: string }) {
  const check = checkHours(input);
  if (!check.ok) {
    throw badRequest(`Invalid request body: ${Object.keys(check.fields).join(', ')}`, check.fields);
  }
}

export const availabilityRoutes = new Hono<AppEnv>()
  .get(
    '/cleaners/profile',
    describe({
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
      const profile = await findActiveCleanerProfile(c, user.id);
      const row = profile ? await findActiveCleaner(c.var.deps.database.db, profile.id) : undefined;
      if (!row) throw new AppError(404, 'cleaner_profile_not_found', 'Cleaner Profile Not Found');
      return c.json(toCleanerDto(row));
    },
  )
  .get(
    '/cleaners/:id/availability',
    describe({
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
      await activeCleanerOr404(c, id);
      const rows = await listAvailability(c.var.deps.database.db, id);
      return c.json({ items: rows.map(toAvailabilityDto), total: rows.length });
    },
  )
  .post(
    '/cleaners/:id/availability',
    describe({
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
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await requireThisCleaner(c, id);
      assertHours(input);
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const row = await database.write(async (tx) => {
        if (await overlappingHours(tx, { cleanerId: id, ...input })) {
          throw new AppError(409, 'availability_overlap', 'These hours overlap your other hours on that day');
        }
        const [created] = await tx
          .insert(availability)
          .values({ cleanerId: id, ...input, createdAt: now, updatedAt: now })
          .returning();
        if (!created) throw new Error('availability insert returned no row');
        return created;
      });
      return c.json(toAvailabilityDto(row), 201);
    },
  )
  .put(
    '/availability/:id',
    describe({
      summary: 'Change one row of weekly hours (its cleaner)',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'The updated row', schema: Availability },
        400: { description: 'A time not HH:MM, or the end not after the start' },
        401: { description: 'Signed out' },
        403: { description: 'Another cleaner’s row' },
        404: { description: 'No such row' },
        409: { description: 'Overlaps another row of that weekday' },
      },
    }),
    signedIn,
    idParam,
    valid('json', AvailabilityUpdateInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      requireUser(c);
      assertHours(input);
      const { cleaner } = await requireCleaner(c);
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const row = await database.write(async (tx) => {
        const existing = await findAvailability(tx, id);
        if (!existing) throw notFound('Availability');
        if (existing.cleanerId !== cleaner.id) throw forbidden('this is another cleaner’s schedule');
        const next = { ...existing, ...input, isAvailable: input.isAvailable ?? existing.isAvailable };
        if (await overlappingHours(tx, next, id)) {
          throw new AppError(409, 'availability_overlap', 'These hours overlap your other hours on that day');
        }
        const [updated] = await tx
          .update(availability)
          .set({ startTime: next.startTime, endTime: next.endTime, isAvailable: next.isAvailable, updatedAt: now })
          .where(eq(availability.id, id))
          .returning();
        if (!updated) throw new Error('availability update returned no row');
        return updated;
      });
      return c.json(toAvailabilityDto(row));
    },
  )
  .delete(
    '/availability/:id',
    describe({
      summary: 'Remove one row of weekly hours (its cleaner)',
      description: 'Existing bookings stay; new bookings can no longer use these hours.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) },
        401: { description: 'Signed out' },
        403: { description: 'Another cleaner’s row' },
        404: { description: 'No such row' },
      },
    }),
    signedIn,
    idParam,
    async (c) => {
      const { id } = c.req.valid('param');
      requireUser(c);
      const { cleaner } = await requireCleaner(c);
      await c.var.deps.database.write(async (tx) => {
        const existing = await findAvailability(tx, id);
        if (!existing) throw notFound('Availability');
        if (existing.cleanerId !== cleaner.id) throw forbidden('this is another cleaner’s schedule');
        await tx.delete(availability).where(eq(availability.id, id));
      });
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/cleaners/:id/time-off',
    describe({
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
      if (!isAdmin(c)) await requireThisCleaner(c, id);
      else await activeCleanerOr404(c, id);
      const rows = await listTimeOff(c.var.deps.database.db, id);
      return c.json({ items: rows.map(toTimeOffDto), total: rows.length });
    },
  )
  .post(
    '/cleaners/:id/time-off',
    describe({
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
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await requireThisCleaner(c, id);
      const check = checkTimeOff(input);
      if (!check.ok) throw badRequest(`Invalid request body: ${Object.keys(check.fields).join(', ')}`, check.fields);
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const row = await database.write(async (tx) => {
        const upcoming = await activeBookingsFrom(tx, id, now);
        const clashes = upcoming.filter((b) => isTimeOff(toLocal(b.startsAt, b.timeZone).date, [input]));
        if (clashes.length > 0) {
          throw new AppError(
            409,
            'bookings_in_time_off',
            `You have bookings on those days (${clashes.map((b) => `#${b.id}`).join(', ')}): decline or reschedule them first`,
          );
        }
        const [created] = await tx
          .insert(timeOff)
          .values({
            cleanerId: id,
            startDate: input.startDate,
            endDate: input.endDate,
            reason: input.reason || null,
            isRecurring: input.isRecurring,
            createdAt: now,
          })
          .returning();
        if (!created) throw new Error('time off insert returned no row');
        return created;
      });
      return c.json(toTimeOffDto(row), 201);
    },
  )
  .delete(
    '/time-off/:id',
    describe({
      summary: 'Remove time off (its cleaner or an administrator)',
      tags: ['availability'],
      access: 'the cleaner, admin',
      responses: {
        200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) },
        401: { description: 'Signed out' },
        403: { description: 'Another cleaner’s entry' },
        404: { description: 'No such entry' },
      },
    }),
    signedInOrAdmin,
    idParam,
    async (c) => {
      const { id } = c.req.valid('param');
      const admin = isAdmin(c);
      if (!admin && !getUser(c)) throw unauthorized();
      const own = admin ? undefined : (await requireCleaner(c)).cleaner;
      await c.var.deps.database.write(async (tx) => {
        const existing = await findTimeOff(tx, id);
        if (!existing) throw notFound('Time off');
        if (own && existing.cleanerId !== own.id) throw forbidden('this is another cleaner’s schedule');
        await tx.delete(timeOff).where(eq(timeOff.id, id));
      });
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/cleaners/:id/slots/:date',
    describe({
      summary: 'A cleaner’s time slots on a local date',
      description:
        'Every 30-minute slot of the cleaner’s hours on that date in their zone (none on a day off), correct across daylight-saving changes. `isBooked` when a booking holds it or the cleaner marked it; `isAvailable` when a booking of `duration` minutes (default 30) can start there now. When the cleaner reads their own day (today to a year ahead) the slots are stored, so each has an `id` for book/release; otherwise `id` may be null.',
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
      const cleaner = await activeCleanerOr404(c, id);
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const schedule = await cleanerSchedule(database.db, id);
      const grid = availableSlots({
        date,
        timeZone: cleaner.timeZone,
        ...schedule,
        busy: [],
        durationMinutes: SLOT_STEP_MINUTES,
        stepMinutes: SLOT_STEP_MINUTES,
        now: new Date(0),
      });
      const first = grid[0];
      const last = grid.at(-1);
      const busy =
        first && last
          ? await activeBookingsFrom(
              database.db,
              id,
              first.startsAt,
              new Date(last.endsAt.getTime() + duration * 60_000),
            )
          : [];
      const free = new Set(
        availableSlots({
          date,
          timeZone: cleaner.timeZone,
          ...schedule,
          busy,
          durationMinutes: duration,
          stepMinutes: SLOT_STEP_MINUTES,
          now,
        }).map((s) => s.startsAt.getTime()),
      );

      const user = getUser(c);
      const own = user ? await findActiveCleanerProfile(c, user.id) : undefined;
      const today = toLocal(now, cleaner.timeZone).date;
      if (own?.id === id && grid.length > 0 && date >= today && date <= addDays(today, MATERIALISE_DAYS_AHEAD)) {
        await database.write(async (tx) => {
          await tx
            .insert(timeSlots)
            .values(
              grid.map((s) => ({
                cleanerId: id,
                date,
                startTime: s.startTime,
                endTime: s.endTime,
                startsAt: s.startsAt,
                endsAt: s.endsAt,
                createdAt: now,
                updatedAt: now,
              })),
            )
            .onConflictDoNothing();
        });
      }
      const stored = new Map(
        (await storedSlotsOn(database.db, id, date)).map((row) => [row.startsAt.getTime(), row] as const),
      );
      const items: TimeSlot[] = grid.map((slot) => {
        const row = stored.get(slot.startsAt.getTime());
        const holder = busy.find((b) => overlaps(slot, b));
        const isBooked = Boolean(holder) || Boolean(row?.isBooked);
        return {
          id: row?.id ?? null,
          date,
          startTime: slot.startTime,
          endTime: slot.endTime,
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
          isAvailable: !isBooked && (row?.isAvailable ?? true) && free.has(slot.startsAt.getTime()),
          isBooked,
          bookingId: holder?.id ?? row?.bookingId ?? null,
        };
      });
      return c.json({ items, total: items.length, date, timeZone: cleaner.timeZone });
    },
  )
  .post(
    '/time-slots/:id/book',
    describe({
      summary: 'Mark a slot booked against one of the cleaner’s bookings',
      description:
        'Only the slot’s cleaner; the booking must be theirs, active (pending, confirmed or in progress) and cover the slot.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'The slot', schema: TimeSlot },
        400: { description: 'bookingId is not one of the cleaner’s bookings' },
        401: { description: 'Signed out' },
        403: { description: 'Another cleaner’s slot' },
        404: { description: 'No such slot' },
        409: { description: 'Booking not active, does not cover the slot, or the slot is booked against another' },
      },
    }),
    signedIn,
    idParam,
    valid('json', TimeSlotBookInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { bookingId } = c.req.valid('json');
      requireUser(c);
      const { cleaner } = await requireCleaner(c);
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const row = await database.write(async (tx) => {
        const slot = await findSlot(tx, id);
        if (!slot) throw notFound('Time slot');
        if (slot.cleanerId !== cleaner.id) throw forbidden('this is another cleaner’s slot');
        const booking = await findBooking(tx, bookingId);
        if (!booking || booking.cleanerId !== cleaner.id) {
          throw badRequest('Invalid request body: bookingId', { bookingId: 'Not one of your bookings' });
        }
        if (booking.status === 'cancelled' || booking.status === 'completed') {
          throw new AppError(409, 'booking_not_active', `Booking #${booking.id} is ${booking.status}`);
        }
        if (booking.startsAt > slot.startsAt || booking.endsAt < slot.endsAt) {
          throw new AppError(409, 'booking_does_not_cover_slot', `Booking #${booking.id} does not cover this slot`);
        }
        if (slot.isBooked && slot.bookingId !== null && slot.bookingId !== booking.id) {
          throw new AppError(409, 'slot_already_booked', `This slot is booked against booking #${slot.bookingId}`);
        }
        const [updated] = await tx
          .update(timeSlots)
          .set({ isBooked: true, bookingId: booking.id, updatedAt: now })
          .where(eq(timeSlots.id, id))
          .returning();
        if (!updated) throw new Error('time slot update returned no row');
        return updated;
      });
      return c.json(toStoredSlotDto(row));
    },
  )
  .post(
    '/time-slots/:id/release',
    describe({
      summary: 'Release a slot the cleaner marked booked',
      description:
        'Removes the manual mark only: a slot covered by an active booking still lists as booked until the booking is cancelled or moved.',
      tags: ['availability'],
      access: 'the cleaner',
      responses: {
        200: { description: 'The slot', schema: TimeSlot },
        401: { description: 'Signed out' },
        403: { description: 'Another cleaner’s slot' },
        404: { description: 'No such slot' },
        409: { description: 'The slot is not marked booked' },
      },
    }),
    signedIn,
    idParam,
    async (c) => {
      const { id } = c.req.valid('param');
      requireUser(c);
      const { cleaner } = await requireCleaner(c);
      const { database, clock } = c.var.deps;
      const now = clock.now();
      const row = await database.write(async (tx) => {
        const slot = await findSlot(tx, id);
        if (!slot) throw notFound('Time slot');
        if (slot.cleanerId !== cleaner.id) throw forbidden('this is another cleaner’s slot');
        if (!slot.isBooked) throw new AppError(409, 'slot_not_booked', 'This slot is not booked');
        const [updated] = await tx
          .update(timeSlots)
          .set({ isBooked: false, bookingId: null, updatedAt: now })
          .where(eq(timeSlots.id, id))
          .returning();
        if (!updated) throw new Error('time slot update returned no row');
        return updated;
      });
      return c.json(toStoredSlotDto(row));
    },
  );
