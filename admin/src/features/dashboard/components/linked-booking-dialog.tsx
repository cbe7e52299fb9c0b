import { useQuery } from '@tanstack/react-query';
import { bookingQuery } from '../../../entities/booking';
import { BookingDetailsDialog } from './booking-dialogs';

/**
 * The dashboard opened from a calendar event's link (`/dashboard?booking={id}`, decision 083): that
 * booking's details. One that cannot be read (not the signed-in person's) opens nothing.
 */
export function LinkedBookingDialog({ bookingId, onClose }: { bookingId: number | null; onClose: () => void }) {
  const booking = useQuery({ ...bookingQuery(bookingId ?? 0), enabled: bookingId !== null, retry: false });
  return <BookingDetailsDialog booking={bookingId !== null ? (booking.data ?? null) : null} onClose={onClose} />;
}
