/**
 * The cleaner's marks on their stored slots (the calendar's Book and Release): when a slot may be
 * marked against a booking, when a mark may be removed, and so which of the two a slot offers. The
 * writes in `slots.service.ts` check these same rules, so an action is listed exactly when
 * performing it would succeed. Pure: no I/O.
 */

/** A stored slot's time and the mark it carries. */
export interface SlotMark {
  startsAt: Date;
  endsAt: Date;
  isBooked: boolean;
  bookingId: number | null;
}

/** One of the slot's cleaner's bookings, as a mark is checked against it. */
export interface MarkableBooking {
  id: number;
  status: string;
  startsAt: Date;
  endsAt: Date;
}

export type MarkRefusal = 'booking_not_active' | 'booking_does_not_cover_slot' | 'slot_already_booked';

/**
 * Why `slot` may not be marked against `booking` (one of the same cleaner's), or null when it may:
 * the booking must still be going ahead (pending, confirmed or in progress) and cover the whole
 * slot — and then it already holds the slot by itself: the slot reads booked, by that booking, so a
 * mark would only say it twice and the calendar would offer "Book" on a booked slot. Such a slot is
 * `slot_already_booked` (decision 076), as is one marked for another booking; so no mark is taken
 * now, and marks made before stay until released or until their booking is cancelled or moved.
 */
export function markRefusal(slot: SlotMark, booking: MarkableBooking): MarkRefusal | null {
  if (booking.status === 'cancelled' || booking.status === 'completed') return 'booking_not_active';
  if (booking.startsAt > slot.startsAt || booking.endsAt < slot.endsAt) return 'booking_does_not_cover_slot';
  return 'slot_already_booked';
}

/** Only a mark can be removed: a slot a booking covers without a mark has nothing to release. */
export const mayRelease = (slot: Pick<SlotMark, 'isBooked'>) => slot.isBooked;

/** What the slot's own cleaner may do to it now. */
export interface SlotOffer {
  /** The bookings the slot may be marked against; empty: no `book` action. */
  book: number[];
  release: boolean;
}

export const NO_OFFER: SlotOffer = Object.freeze({ book: [], release: false }) as SlotOffer;

/**
 * The slot's actions for its cleaner, from their bookings around it: `book` for exactly the
 * bookings `markRefusal` accepts (none since decision 076: a booked slot offers no Book), `release`
 * while it carries a mark.
 */
export function slotOffer(slot: SlotMark, bookings: readonly MarkableBooking[]): SlotOffer {
  return {
    book: bookings.filter((b) => markRefusal(slot, b) === null).map((b) => b.id),
    release: mayRelease(slot),
  };
}
