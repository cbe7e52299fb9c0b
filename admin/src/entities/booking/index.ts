/*
 * Bookings are the one domain several pages share: booking creates them, checkout pays for them,
 * the dashboard lists, edits and cancels them, payments and the profile refresh them. So, unlike
 * the rule that features do not import each other (bulletproof-react), other features may import
 * this barrel; they import nothing else from this folder, and this folder imports no feature.
 */
export { bookingKeys, slotKeys } from './api/booking-keys';
export { useCancelBooking, useCreateBooking, useUpdateBooking } from './api/bookings.mutations';
export { bookingQuery, bookingStatsQuery, myBookingsQuery, slotsQuery } from './api/bookings.queries';
export { type BookingFact, BookingSummary } from './components/booking-summary';
export { statusLabel } from './utils/status-label';
