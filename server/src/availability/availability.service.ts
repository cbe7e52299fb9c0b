import type {
  Availability,
  AvailabilityInput,
  AvailabilityUpdateInput,
  Cleaner,
  TimeOff,
  TimeOffInput,
} from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { findActiveCleaner, findActiveCleanerByUser, toCleanerDto } from '../cleaners/cleaners.queries';
import {
  type Actor,
  cleanerIdOf,
  isAdmin,
  requirePerson,
  requirePersonOrAdmin,
  requirePublic,
} from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import { availability, timeOff } from '../db/schema';
import type { Deps } from '../deps';
import { toLocal } from '../lib/time';
import {
  activeBookingsFrom,
  findAvailability,
  findTimeOff,
  listAvailability,
  listTimeOff,
  overlappingHours,
  toAvailabilityDto,
  toTimeOffDto,
} from './availability.queries';
import {
  activeCleanerOr404,
  mayRemoveTimeOff,
  ownCleanerOr403,
  ownRowOr404,
  requireThisCleaner,
} from './schedule-access.service';
import { checkHours, checkTimeOff, isTimeOff } from './slots';

/**
 * A cleaner's schedule: weekly hours and time off (slots are in `slots.service.ts`). Whose
 * schedule it is, is decided in `schedule-access.service.ts`; routes parse, call one of these, and
 * render.
 */

type ScheduleDeps = Pick<Deps, 'database' | 'clock'>;

function assertHours(input: { startTime: string; endTime: string }) {
  const check = checkHours(input);
  if (!check.ok) {
    throw badRequest(`Invalid request body: ${Object.keys(check.fields).join(', ')}`, check.fields);
  }
}

const overlapError = () =>
  new AppError(409, 'availability_overlap', 'These hours overlap your other hours on that day');

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
