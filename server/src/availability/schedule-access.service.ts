import { findActiveCleaner } from '../cleaners/cleaners.queries';
import {
  type Actor,
  cleanerIdOf,
  isAdmin,
  requirePerson,
  requirePersonOrAdmin,
  requirePersonWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Queryable } from '../db/client';
import { findBookingParties } from './availability.queries';

/**
 * Whose schedule it is: the checks every schedule service (hours, time off, slots) makes before it
 * reads or writes, and the rules the schedule's actions are listed by.
 */

export const forbidden = (message: string) => new AppError(403, 'forbidden', `Forbidden: ${message}`);
export const needsCleaner = () => forbidden('this needs an approved, active cleaner profile');

export async function activeCleanerOr404(db: Queryable, id: number) {
  const cleaner = await findActiveCleaner(db, id);
  if (!cleaner) throw notFound('Cleaner');
  return cleaner;
}

/**
 * The cleaner profile a schedule write acts as: the actor's own active one (401 signed out, 403
 * without one; the assistant writes nothing).
 */
export function ownCleanerOr403(actor: Actor): number {
  requirePersonWriting(actor);
  const own = cleanerIdOf(actor);
  if (own === null) throw needsCleaner();
  return own;
}

/** The actor must be cleaner `cleanerId` itself (404 for no such cleaner, 403 for another). */
export async function requireThisCleaner(
  db: Queryable,
  actor: Actor,
  cleanerId: number,
  writing: boolean,
): Promise<number> {
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
export function ownRowOr404<T extends { cleanerId: number }>(
  row: T | undefined,
  cleanerId: number | null,
  what: string,
): T {
  if (!row || (cleanerId !== null && row.cleanerId !== cleanerId)) throw notFound(what);
  return row;
}

/**
 * The booking a day's slots may leave out (`excludeBookingId`, as when the booking is being moved):
 * one the actor sees — its customer, its cleaner or an administrator, the visibility rule of
 * bookings (decision 007) — and one of this cleaner's. 401 signed out; 404 for a booking they do
 * not see, exactly like a missing one, so ids cannot be probed; 400 for another cleaner's.
 */
export async function excludableBooking(
  db: Queryable,
  actor: Actor,
  cleanerId: number,
  bookingId: number,
): Promise<number> {
  requirePersonOrAdmin(actor);
  const booking = await findBookingParties(db, bookingId);
  const userId = userIdOf(actor);
  const sees =
    booking !== undefined &&
    ((userId !== null && booking.customerId === userId) || cleanerIdOf(actor) === booking.cleanerId || isAdmin(actor));
  if (!booking || !sees) throw notFound('Booking');
  if (booking.cleanerId !== cleanerId) {
    throw badRequest('Invalid query parameter: excludeBookingId', {
      excludeBookingId: 'Not a booking with this cleaner',
    });
  }
  return booking.id;
}

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
