/**
 * The scheduled job that frees the time of bookings left unpaid: the rule and the write are the
 * bookings service's (decision 021), the schedule is the job registry's.
 */
export { expireUnpaidBookings, UNPAID_BOOKING_TTL_MS } from '../bookings/bookings.service';
