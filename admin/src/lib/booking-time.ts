import { formatTime12 } from '@spotless/sdk';

/** A booking's local start time as "9:00 AM", or 'TBD' while it has none (spec 02 §2 booking cards). */
export function bookingTimeLabel(booking: { scheduledTime: string | null }): string {
  return booking.scheduledTime ? formatTime12(booking.scheduledTime) : 'TBD';
}
