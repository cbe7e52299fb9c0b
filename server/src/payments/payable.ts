import { type PayRefusal, payRefusal } from '../bookings/booking-actions';
import type { Actor } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';

/** The booking's own pay rule (booking-actions.ts), which also decides whether its `pay` action is listed. */
export function assertPayable(
  booking: Parameters<typeof payRefusal>[0] | undefined,
  actor: Actor,
  now: Date,
): asserts booking is Parameters<typeof payRefusal>[0] {
  if (!booking) throw notFound('Booking');
  const refusal: PayRefusal | null = payRefusal(booking, actor, now);
  switch (refusal) {
    case 'forbidden':
      throw notFound('Booking');
    case 'booking_not_payable':
      throw new AppError(409, 'booking_not_payable', `A ${booking.status.replace('_', ' ')} booking cannot be paid`);
    case 'already_paid':
      throw new AppError(409, 'already_paid', 'This booking has already been paid');
    case 'charge_scheduled':
      throw new AppError(
        409,
        'charge_scheduled',
        'This visit of your regular cleaning is charged to your saved card 3 days before it: nothing to pay now',
      );
    case null:
      return;
  }
}
