import type { Booking } from '@spotless/sdk';

/**
 * "Add to calendar" (decision 083): the booking's own `links.calendar`, present only while it is
 * confirmed or in progress, downloaded as its `.ics` file (a phone offers to add it to its calendar).
 */
export function AddToCalendarLink({
  booking,
  className = 'btn btn--outline btn--sm',
}: {
  booking: Booking;
  className?: string;
}) {
  const link = booking.links.calendar;
  if (!link) return null;
  return (
    <a
      className={className}
      href={link.href}
      download={`spotless-booking-${booking.id}.ics`}
      data-testid="add-to-calendar"
    >
      {link.title ?? 'Add to calendar'}
    </a>
  );
}
