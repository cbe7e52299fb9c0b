import { BOOKING_STATUSES, isPastBooking } from '@spotless/sdk/rules';
import type { BookingListQuery, BookingStats } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import {
  type Actor,
  cleanerIdOf,
  forbidden,
  isAdmin,
  requirePerson,
  requirePersonOrAdmin,
  userIdOf,
} from '../contract/actor';
import type { Data } from '../contract/hypermedia';
import type { Deps } from '../deps';
import { answerOf, type BookingAnswer, bookingNotFound, relationTo } from './booking-access.service';
import type { BookingStatus } from './booking-state';
import { customerStats } from './booking-stats.queries';
import { type BookingView, findBookingView, listBookings } from './bookings.queries';

/**
 * Bookings, the reads: one booking, a list, a customer's figures — each for the actor asking,
 * with what they may do to it now. The writes are in `booking-writes.service.ts`, the cleaner's
 * and the system's steps in `booking-lifecycle.service.ts`; nothing else touches the bookings table.
 */

type BookingDeps = Pick<Deps, 'database' | 'clock'>;

export type { BookingAnswer, Relation } from './booking-access.service';

/**
 * One booking for its customer, its cleaner, an administrator, or the guest token it was made with;
 * 404 for anyone else.
 */
export async function getBooking(deps: BookingDeps, actor: Actor, id: number): Promise<BookingAnswer> {
  if (actor.kind !== 'guest') requirePersonOrAdmin(actor);
  const row = await findBookingView(deps.database.db, id);
  if (!row || relationTo(row.booking, row.cleanerUserId, actor) === null) throw bookingNotFound();
  return answerOf(row, actor, deps.clock.now());
}

/**
 * The bookings an actor may list: their own as a customer; a cleaner's jobs only for that
 * cleaner or an administrator (403 otherwise); everything for an administrator session alone.
 */
export async function listBookingsFor(
  deps: BookingDeps,
  actor: Actor,
  query: z.output<typeof BookingListQuery>,
): Promise<{ items: BookingAnswer[]; total: number; page: number; pageSize: number }> {
  requirePersonOrAdmin(actor);
  const now = deps.clock.now();
  const page = { page: query.page, pageSize: query.limit };
  const answers = ({ rows, total }: { rows: BookingView[]; total: number }) => ({
    items: rows.map((row) => answerOf(row, actor, now)),
    total,
    ...page,
  });
  const statuses = statusesOf(query.status);
  const filter = {
    statuses,
    // What is still to come (the active statuses) reads soonest first; history and all, latest first.
    order: statuses?.every((s) => !isPastBooking(s)) ? ('soonest' as const) : ('newest' as const),
    text: query.q || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const { db } = deps.database;
  if (query.cleanerId !== undefined) {
    if (!isAdmin(actor) && cleanerIdOf(actor) !== query.cleanerId) {
      throw forbidden('Forbidden: you can list only your own jobs');
    }
    return answers(await listBookings(db, { ...filter, cleanerId: query.cleanerId }));
  }
  const userId = userIdOf(actor);
  if (userId !== null) return answers(await listBookings(db, { ...filter, customerId: userId }));
  return answers(await listBookings(db, filter));
}

/** The statuses a list's `status` stands for: one, a group (`active`, `history`), or all. */
function statusesOf(status: z.output<typeof BookingListQuery>['status']): readonly BookingStatus[] | undefined {
  if (status === undefined || status === 'all') return undefined;
  if (status === 'active') return BOOKING_STATUSES.filter((s) => !isPastBooking(s));
  if (status === 'history') return BOOKING_STATUSES.filter(isPastBooking);
  return [status];
}

/** The signed-in customer's dashboard figures. */
export async function bookingStats(deps: BookingDeps, actor: Actor): Promise<Data<BookingStats>> {
  const { userId } = requirePerson(actor);
  return customerStats(deps.database.db, userId, deps.clock.now());
}
