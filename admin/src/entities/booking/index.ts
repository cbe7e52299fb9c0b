/*
 * Bookings are the domain several pages share: booking creates them, checkout pays for them, the
 * dashboards list, edit and cancel them, payments and reviews refresh them. So their keys, queries,
 * mutations, summary and the free-slot picker (booking and rescheduling choose a time alike) live
 * here, in the shared layer (decision 043): features import this entity, never each other, and it
 * imports no feature.
 */
export { bookingKeys, slotKeys } from './api/booking-keys';
export { useCancelBooking, useCreateBooking, useUpdateBooking } from './api/bookings.mutations';
export {
  bookingQuery,
  bookingStatsQuery,
  myBookingsQuery,
  rescheduleSlotsQuery,
  slotsQuery,
} from './api/bookings.queries';
export { type BookingFact, BookingSummary } from './components/booking-summary';
export { DamageReportNoteView } from './components/damage-report-note';
export { DatePicker, longDayLabel } from './components/date-picker';
export { type DaySlots, isTimeFree, SlotPicker } from './components/slot-picker';
export { activeBookingCount } from './utils/active-count';
export { dayTooShortFor, toIsoDate } from './utils/slot-options';
export { bookingBadges, statusLabel } from './utils/status-label';
