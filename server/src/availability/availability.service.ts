import type {
  Availability,
  AvailabilityInput,
  AvailabilityUpdateInput,
  Cleaner,
  TimeOff,
  TimeOffInput,
  TimeSlot,
} from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { findActiveCleaner, findActiveCleanerByUser, toCleanerDto } from '../cleaners/cleaners.queries';
import type { Queryable } from '../db/client';
import { availability, timeOff, timeSlots } from '../db/schema';
import type { Deps } from '../deps';
import {
  type Actor,
  cleanerIdOf,
  isAdmin,
  requirePerson,
  requirePersonOrAdmin,
  requirePersonWriting,
  requirePublic,
} from '../lib/actor';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { Data } from '../lib/hypermedia';
import { addDays, toLocal } from '../lib/time';
import {
  activeBookingsFrom,
  cleanerSchedule,
  findAvailability,
  findCleanerBooking,
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
import { availableSlots, checkHours, checkTimeOff, isTimeOff, overlaps } from './slots';

/**
 * A cleaner's schedule: weekly hours, time off and slots. Every write and every decision about
 * whose schedule it is lives here; routes parse, call one of these, and render.
 */

type ScheduleDeps = Pick<Deps, 'database' | 'clock'>;

/** Slots are listed on a 30-minute grid (the booking form's time list, spec 01 §5). */
export const SLOT_STEP_MINUTES = 30;
/** The cleaner's own read stores a day's slots only this far ahead, so ids stay bounded. */
const MATERIALISE_DAYS_AHEAD = 366;

const forbidden = (message: string) => new AppError(403, 'forbidden', `Forbidden: ${message}`);
const needsCleaner = () => forbidden('this needs an approved, active cleaner profile');

async function activeCleanerOr404(db: Queryable, id: number) {
  const cleaner = await findActiveCleaner(db, id);
  if (!cleaner) throw notFound('Cleaner');
  return cleaner;
}

/**
 * The cleaner profile a schedule write acts as: the actor's own active one (401 signed out, 403
 * without one; the assistant writes nothing).
 */
function ownCleanerOr403(actor: Actor): number {
  requirePersonWriting(actor);
  const own = cleanerIdOf(actor);
  if (own === null) throw needsCleaner();
  return own;
}

/** The actor must be cleaner `cleanerId` itself (404 for no such cleaner, 403 for another). */
async function requireThisCleaner(db: Queryable, actor: Actor, cleanerId: number, writing: boolean): Promise<number> {
  if (writing) requirePersonWriting(actor);
  else requirePerson(actor);
  await activeCleanerOr404(db, cleanerId);
  const own = cleanerIdOf(actor);
  if (own === null) throw needsCleaner();
  if (own !== cleanerId) throw forbidden('this is another cleaner’s schedule');
  return own;
}

/**
 * A row of someone's schedule by its id: another cleaner's answers 404 exactly like a missing one,
 * so ids cannot be probed (decision 007).
 */
function ownRowOr404<T extends { cleanerId: number }>(row: T | undefined, cleanerId: number | null, what: string): T {
  if (!row || (cleanerId !== null && row.cleanerId !== cleanerId)) throw notFound(what);
  return row;
}

function assertHours(input: { startTime: string; endTime: string }) {
  const check = checkHours(input);
  if (!check.ok) {
    throw badRequest(`Invalid request body: ${Object.keys(check.fields).join(', ')}`, check.fields);
  }
}

const overlapError = () =>
  new AppError(409, 'availability_overlap', 'These hours overlap your other hours on that day');

/**
 * What a requester is to schedules: which cleaner they are (if any) and whether they administer.
 * The `may…` rules below are the ones the writes check, so the schedule's actions list exactly them.
 */
export interface ScheduleViewer {
  ownCleanerId: number | null;
  isAdmin: boolean;
}

export function scheduleViewerOf(actor: Actor): ScheduleViewer {
  // The assistant reads for its person but changes nothing: it is offered no actions.
  if (actor.kind === 'assistant') return { ownCleanerId: null, isAdmin: false };
  return { ownCleanerId: cleanerIdOf(actor), isAdmin: isAdmin(actor) };
}

/** Weekly hours are changed by their cleaner only. */
export const mayEditHours = (cleanerId: number, viewer: ScheduleViewer) => viewer.ownCleanerId === cleanerId;
/** Time off is scheduled by the cleaner themself. */
export const mayAddTimeOff = (cleanerId: number, viewer: ScheduleViewer) => viewer.ownCleanerId === cleanerId;
/** Time off is removed by its cleaner or an administrator. */
export const mayRemoveTimeOff = (cleanerId: number, viewer: ScheduleViewer) =>
  viewer.isAdmin || viewer.ownCleanerId === cleanerId;

/** A cleaner's weekly hours (public); 404 for no such cleaner. */
export async function listHours(deps: ScheduleDeps, actor: Actor, cleanerId: number): Promise<Data<Availability>[]> {
  requirePublic(actor);
  await activeCleanerOr404(deps.database.db, cleanerId);
  return (await listAvailability(deps.database.db, cleanerId)).map(toAvailabilityDto);
}

/** One row of a cleaner's weekly hours (public, like the list); 404 for a missing row or cleaner. */
export async function getHours(deps: ScheduleDeps, actor: Actor, id: number): Promise<Data<Availability>> {
  requirePublic(actor);
  const row = await findAvailability(deps.database.db, id);
  if (!row || !(await findActiveCleaner(deps.database.db, row.cleanerId))) throw notFound('Availability');
  return toAvailabilityDto(row);
}

/** A cleaner's time off: the cleaner themself or an administrator (404 for no such cleaner). */
export async function listTimeOffOf(deps: ScheduleDeps, actor: Actor, cleanerId: number): Promise<Data<TimeOff>[]> {
  if (isAdmin(actor)) await activeCleanerOr404(deps.database.db, cleanerId);
  else await requireThisCleaner(deps.database.db, actor, cleanerId, false);
  return (await listTimeOff(deps.database.db, cleanerId)).map(toTimeOffDto);
}

/** One time-off entry, for its cleaner or an administrator; 404 for anyone else. */
export async function getTimeOff(deps: ScheduleDeps, actor: Actor, id: number): Promise<Data<TimeOff>> {
  requirePersonOrAdmin(actor);
  const row = await findTimeOff(deps.database.db, id);
  const viewer = { ownCleanerId: cleanerIdOf(actor), isAdmin: isAdmin(actor) };
  if (!row || !mayRemoveTimeOff(row.cleanerId, viewer)) throw notFound('Time off');
  return toTimeOffDto(row);
}

/** The signed-in user's own cleaner profile, or 404 `cleaner_profile_not_found`. */
export async function ownCleanerProfile(deps: ScheduleDeps, actor: Actor): Promise<Data<Cleaner>> {
  const { userId } = requirePerson(actor);
  const { db } = deps.database;
  const profile = await findActiveCleanerByUser(db, userId);
  const row = profile ? await findActiveCleaner(db, profile.id) : undefined;
  if (!row) throw new AppError(404, 'cleaner_profile_not_found', 'Cleaner Profile Not Found');
  return toCleanerDto(row);
}

export async function addHours(
  deps: ScheduleDeps,
  actor: Actor,
  cleanerId: number,
  input: z.output<typeof AvailabilityInput>,
) {
  await requireThisCleaner(deps.database.db, actor, cleanerId, true);
  assertHours(input);
  const now = deps.clock.now();
  const row = await deps.database.write(async (tx) => {
    if (await overlappingHours(tx, { cleanerId, ...input })) throw overlapError();
    const [created] = await tx
      .insert(availability)
      .values({ cleanerId, ...input, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('availability insert returned no row');
    return created;
  });
  return toAvailabilityDto(row);
}

export async function updateHours(
  deps: ScheduleDeps,
  actor: Actor,
  id: number,
  input: z.output<typeof AvailabilityUpdateInput>,
) {
  const cleaner = ownCleanerOr403(actor);
  assertHours(input);
  const now = deps.clock.now();
  const row = await deps.database.write(async (tx) => {
    const existing = ownRowOr404(await findAvailability(tx, id), cleaner, 'Availability');
    const next = { ...existing, ...input, isAvailable: input.isAvailable ?? existing.isAvailable };
    if (await overlappingHours(tx, next, id)) throw overlapError();
    const [updated] = await tx
      .update(availability)
      .set({ startTime: next.startTime, endTime: next.endTime, isAvailable: next.isAvailable, updatedAt: now })
      .where(eq(availability.id, id))
      .returning();
    if (!updated) throw new Error('availability update returned no row');
    return updated;
  });
  return toAvailabilityDto(row);
}

export async function removeHours(deps: ScheduleDeps, actor: Actor, id: number): Promise<void> {
  const cleaner = ownCleanerOr403(actor);
  await deps.database.write(async (tx) => {
    ownRowOr404(await findAvailability(tx, id), cleaner, 'Availability');
    await tx.delete(availability).where(eq(availability.id, id));
  });
}

/**
 * Inclusive local dates. Refused while an active booking falls on one of those days: the cleaner
 * declines or finishes it first.
 */
export async function addTimeOff(
  deps: ScheduleDeps,
  actor: Actor,
  cleanerId: number,
  input: z.output<typeof TimeOffInput>,
) {
  await requireThisCleaner(deps.database.db, actor, cleanerId, true);
  const check = checkTimeOff(input);
  if (!check.ok) throw badRequest(`Invalid request body: ${Object.keys(check.fields).join(', ')}`, check.fields);
  const now = deps.clock.now();
  const row = await deps.database.write(async (tx) => {
    const upcoming = await activeBookingsFrom(tx, cleanerId, now);
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
        cleanerId,
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
  return toTimeOffDto(row);
}

export async function removeTimeOff(deps: ScheduleDeps, actor: Actor, id: number): Promise<void> {
  const own = isAdmin(actor) ? null : ownCleanerOr403(actor);
  await deps.database.write(async (tx) => {
    ownRowOr404(await findTimeOff(tx, id), own, 'Time off');
    await tx.delete(timeOff).where(eq(timeOff.id, id));
  });
}

/**
 * A day's slots in the cleaner's zone. `isAvailable` where a job of `duration` minutes can start
 * now. When the cleaner reads their own day (today to a year ahead) the slots are stored, so each
 * has an `id` to book and release. Which booking holds a slot is the cleaner's (and an
 * administrator's) business only: everyone else sees `bookingId: null`.
 */
export async function listSlots(deps: ScheduleDeps, actor: Actor, cleanerId: number, date: string, duration: number) {
  requirePublic(actor);
  const { database, clock } = deps;
  const cleaner = await activeCleanerOr404(database.db, cleanerId);
  const now = clock.now();
  const schedule = await cleanerSchedule(database.db, cleanerId);
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
          cleanerId,
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

  const isOwn = cleanerIdOf(actor) === cleanerId;
  const today = toLocal(now, cleaner.timeZone).date;
  // The assistant reads a cleaner's day for them without storing anything.
  if (
    isOwn &&
    actor.kind !== 'assistant' &&
    grid.length > 0 &&
    date >= today &&
    date <= addDays(today, MATERIALISE_DAYS_AHEAD)
  ) {
    await database.write(async (tx) => {
      await tx
        .insert(timeSlots)
        .values(
          grid.map((s) => ({
            cleanerId,
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
  const mayKnowBookings = isOwn || isAdmin(actor);
  const stored = new Map(
    (await storedSlotsOn(database.db, cleanerId, date)).map((row) => [row.startsAt.getTime(), row] as const),
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
      bookingId: mayKnowBookings ? (holder?.id ?? row?.bookingId ?? null) : null,
    };
  });
  return { items, total: items.length, date, timeZone: cleaner.timeZone };
}

/** Marks one of the cleaner's stored slots booked against one of their active bookings covering it. */
export async function bookSlot(deps: ScheduleDeps, actor: Actor, id: number, bookingId: number) {
  const cleanerId = ownCleanerOr403(actor);
  const now = deps.clock.now();
  const row = await deps.database.write(async (tx) => {
    const slot = ownRowOr404(await findSlot(tx, id), cleanerId, 'Time slot');
    const booking = await findCleanerBooking(tx, cleanerId, bookingId);
    if (!booking) throw badRequest('Invalid request body: bookingId', { bookingId: 'Not one of your bookings' });
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
  return toStoredSlotDto(row);
}

/** Removes the cleaner's manual mark; a slot an active booking covers still lists as booked. */
export async function releaseSlot(deps: ScheduleDeps, actor: Actor, id: number) {
  const cleaner = ownCleanerOr403(actor);
  const now = deps.clock.now();
  const row = await deps.database.write(async (tx) => {
    const slot = ownRowOr404(await findSlot(tx, id), cleaner, 'Time slot');
    if (!slot.isBooked) throw new AppError(409, 'slot_not_booked', 'This slot is not booked');
    const [updated] = await tx
      .update(timeSlots)
      .set({ isBooked: false, bookingId: null, updatedAt: now })
      .where(eq(timeSlots.id, id))
      .returning();
    if (!updated) throw new Error('time slot update returned no row');
    return updated;
  });
  return toStoredSlotDto(row);
}
