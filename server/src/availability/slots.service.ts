import type { TimeSlot } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { type Actor, cleanerIdOf, isAdmin, requirePublic } from '../contract/actor';
import { AppError, badRequest } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import type { Queryable } from '../db/client';
import { timeSlots } from '../db/schema';
import type { Deps } from '../deps';
import { addDays, toLocal } from '../lib/time';
import {
  activeBookingsFrom,
  cleanerSchedule,
  findCleanerBooking,
  findSlot,
  storedSlotsOn,
  type TimeSlotRow,
  toStoredSlotDto,
} from './availability.queries';
import {
  activeCleanerOr404,
  excludableBooking,
  ownCleanerOr403,
  ownRowOr404,
  scheduleViewerOf,
} from './schedule-access.service';
import { type MarkRefusal, markRefusal, mayRelease, NO_OFFER, type SlotOffer, slotOffer } from './slot-marks';
import { availableSlots, freeMinutesIn, overlaps, windowsOn } from './slots';

/**
 * A cleaner's day as slots: what a customer may book, and the cleaner's own marks on their stored
 * slots (the calendar's Book and Release).
 */

type ScheduleDeps = Pick<Deps, 'database' | 'clock'>;

/** Slots are listed on a 30-minute grid (the booking form's time list, docs/product/booking-and-payments.md). */
export const SLOT_STEP_MINUTES = 30;
/** The cleaner's own read stores a day's slots only this far ahead, so ids stay bounded. */
const MATERIALISE_DAYS_AHEAD = 366;

/** A slot as one actor sees it: its fields, and what they may do to it now (slot-marks.ts). */
export interface SlotAnswer {
  data: Data<TimeSlot>;
  offer: SlotOffer;
}

export interface SlotDay {
  items: SlotAnswer[];
  total: number;
  date: string;
  timeZone: string;
}

/**
 * A day's slots in the cleaner's zone. `isAvailable` where a job of `duration` minutes can start
 * now. When the cleaner reads their own day (today to a year ahead) the slots are stored, so each
 * has an `id` to book and release, and the cleaner is offered exactly the marks the writes below
 * allow. Which booking holds a slot is the cleaner's (and an administrator's) business only:
 * everyone else sees `bookingId: null`. `excludeBookingId` leaves one booking out, as when it is
 * being moved: the time it holds lists as free (only for those who see that booking).
 */
export async function listSlots(
  deps: ScheduleDeps,
  actor: Actor,
  cleanerId: number,
  date: string,
  duration: number,
  excludeBookingId?: number,
): Promise<SlotDay> {
  requirePublic(actor);
  const { database, clock } = deps;
  const cleaner = await activeCleanerOr404(database.db, cleanerId);
  const excluded =
    excludeBookingId === undefined ? null : await excludableBooking(database.db, actor, cleanerId, excludeBookingId);
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
  const around =
    first && last
      ? await activeBookingsFrom(
          database.db,
          cleanerId,
          first.startsAt,
          new Date(last.endsAt.getTime() + duration * 60_000),
        )
      : [];
  const busy = around.filter((b) => b.id !== excluded);
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

  const isOwn = scheduleViewerOf(actor).ownCleanerId === cleanerId;
  const today = toLocal(now, cleaner.timeZone).date;
  // The assistant reads a cleaner's day for them without storing anything (and is offered nothing).
  if (isOwn && grid.length > 0 && date >= today && date <= addDays(today, MATERIALISE_DAYS_AHEAD)) {
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
  const mayKnowBookings = cleanerIdOf(actor) === cleanerId || isAdmin(actor);
  const stored = new Map(
    (await storedSlotsOn(database.db, cleanerId, date)).map((row) => [row.startsAt.getTime(), row] as const),
  );
  // The day's windows once: how long each start stays free reads them (decision 071).
  const windows = grid.length > 0 ? windowsOn(date, cleaner.timeZone, schedule.weeklyHours) : [];
  const items = grid.map((slot): SlotAnswer => {
    const row = stored.get(slot.startsAt.getTime());
    const holder = busy.find((b) => overlaps(slot, b));
    // A mark made for the booking left out goes with it.
    const marked = Boolean(row?.isBooked) && (excluded === null || row?.bookingId !== excluded);
    const isBooked = Boolean(holder) || marked;
    const freeMinutes = isBooked || slot.startsAt <= now ? 0 : freeMinutesIn(windows, busy, slot.startsAt);
    return {
      data: {
        id: row?.id ?? null,
        date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        isAvailable: !isBooked && (row?.isAvailable ?? true) && free.has(slot.startsAt.getTime()),
        isBooked,
        freeMinutes,
        bookingId: mayKnowBookings ? (holder?.id ?? (marked ? (row?.bookingId ?? null) : null)) : null,
      },
      offer: isOwn && row ? slotOffer(row, around) : NO_OFFER,
    };
  });
  return { items, total: items.length, date, timeZone: cleaner.timeZone };
}

/** The refusals of `markRefusal` as the API answers them. */
function markError(refusal: MarkRefusal, slot: TimeSlotRow, booking: { id: number; status: string }): AppError {
  switch (refusal) {
    case 'booking_not_active':
      return new AppError(409, 'booking_not_active', `Booking #${booking.id} is ${booking.status}`);
    case 'booking_does_not_cover_slot':
      return new AppError(409, 'booking_does_not_cover_slot', `Booking #${booking.id} does not cover this slot`);
    case 'slot_already_booked':
      return new AppError(
        409,
        'slot_already_booked',
        `This slot is already booked by booking #${slot.bookingId ?? booking.id}`,
      );
  }
}

/** A stored slot with what its own cleaner may do to it next (the same rules the writes check). */
async function answerForOwner(db: Queryable, cleanerId: number, row: TimeSlotRow): Promise<SlotAnswer> {
  const around = await activeBookingsFrom(db, cleanerId, row.startsAt, row.endsAt);
  return { data: toStoredSlotDto(row), offer: slotOffer(row, around) };
}

/** Marks one of the cleaner's stored slots booked against one of their active bookings covering it. */
export async function bookSlot(deps: ScheduleDeps, actor: Actor, id: number, bookingId: number): Promise<SlotAnswer> {
  const cleanerId = ownCleanerOr403(actor);
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const slot = ownRowOr404(await findSlot(tx, id), cleanerId, 'Time slot');
    const booking = await findCleanerBooking(tx, cleanerId, bookingId);
    if (!booking) throw badRequest('Invalid request body: bookingId', { bookingId: 'Not one of your bookings' });
    const refused = markRefusal(slot, booking);
    if (refused) throw markError(refused, slot, booking);
    const [updated] = await tx
      .update(timeSlots)
      .set({ isBooked: true, bookingId: booking.id, updatedAt: now })
      .where(eq(timeSlots.id, id))
      .returning();
    if (!updated) throw new Error('time slot update returned no row');
    return answerForOwner(tx, cleanerId, updated);
  });
}

/** Removes the cleaner's manual mark; a slot an active booking covers still lists as booked. */
export async function releaseSlot(deps: ScheduleDeps, actor: Actor, id: number): Promise<SlotAnswer> {
  const cleanerId = ownCleanerOr403(actor);
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const slot = ownRowOr404(await findSlot(tx, id), cleanerId, 'Time slot');
    if (!mayRelease(slot)) throw new AppError(409, 'slot_not_booked', 'This slot is not booked');
    const [updated] = await tx
      .update(timeSlots)
      .set({ isBooked: false, bookingId: null, updatedAt: now })
      .where(eq(timeSlots.id, id))
      .returning();
    if (!updated) throw new Error('time slot update returned no row');
    return answerForOwner(tx, cleanerId, updated);
  });
}
