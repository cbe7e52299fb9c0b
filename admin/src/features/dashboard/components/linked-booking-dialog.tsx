import type { Booking } from '@spotless/sdk';
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

/**
 * A booking opened from a list: shown at once as the list had it, then as the server has it now,
 * so an action taken inside the dialog (skipping a visit, paying) shows its outcome there.
 */
export function ViewedBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const fresh = useQuery({ ...bookingQuery(booking?.id ?? 0), enabled: booking !== null, retry: false });
  return <BookingDetailsDialog booking={booking ? (fresh.data ?? booking) : null} onClose={onClose} />;
}
