/**
 * The booking policy's windows (docs/product/booking-and-payments.md), written once: the server's
 * cancellation and rescheduling rules, the booking's actions, the help centre, the terms, the
 * assistant and the booking e-mails all read them from here.
 */

/** A customer's cancellation this many hours or more before the start is free. */
export const FREE_CANCELLATION_HOURS = 24;
/** Later, the cleaner keeps this many hours at the booked rate, at most the total (decision 034). */
export const LATE_CANCELLATION_FEE_HOURS = 1;
/**
 * A booking's date and time can be changed until this many hours before its start: the free
 * cancellation window itself, or moving a booking later would dodge the late-cancellation fee
 * (decision 021).
 */
export const RESCHEDULE_CLOSES_HOURS = FREE_CANCELLATION_HOURS;

export const HOUR_MS = 3_600_000;
