import type { TimeSlot } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { timeSlots } from '../db/schema';
import type { Deps } from '../deps';
import { type Actor, cleanerIdOf, isAdmin, requirePublic } from '../lib/actor';
import { AppError, badRequest } from '../lib/errors';
import { addDays, toLocal } from '../lib/time';
import {
  activeBookingsFrom,
  cleanerSchedule,
  findCleanerBooking,
  findSlot,
  storedSlotsOn,
  toStoredSlotDto,
} from './availability.queries';
import { activeCleanerOr404, ownCleanerOr403, ownRowOr404 } from './schedule-access.service';
import { availableSlots, overlaps } from './slots';

/**
 * A cleaner's day as slots: what a customer may book, and the cleaner's own marks on their stored
 * slots (the calendar's Book and Release).
 */

type ScheduleDeps = Pick<Deps, 'database' | 'clock'>;

/** Slots are listed on a 30-minute grid (the booking form's time list, spec 01 §5). */
export const SLOT_STEP_MINUTES = 30;
/** The cleaner's own read stores a day's slots only this far ahead, so ids stay bounded. */
const MATERIALISE_DAYS_AHEAD = 366;

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
