import { centsToDollars } from '@spotless/sdk/rules';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { describeWhen } from '../bookings/booking-notifications';
import { contactsOf } from '../bookings/bookings.queries';
import { bookings } from '../db/schema';
import type { Deps } from '../deps';
import { enqueueNotification } from '../notifications/outbox';

/** Reminders go out this long before the start. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Queues a reminder to the customer and the cleaner of every confirmed booking starting within the
 * next 24 hours that has not had one, and marks it (`reminderSentAt`) in the same transaction. The
 * dedupe key names the start instant, so a booking moved later gets a reminder for its new time
 * and a retried run never queues one twice.
 */
export async function queueBookingReminders(deps: Pick<Deps, 'database' | 'clock'>): Promise<{ reminded: number[] }> {
  const now = deps.clock.now();
  const due = and(
    eq(bookings.status, 'confirmed'),
    isNull(bookings.reminderSentAt),
    gt(bookings.startsAt, now),
    lte(bookings.startsAt, new Date(now.getTime() + REMINDER_LEAD_MS)),
  );
  const reminded = await deps.database.write(async (tx) => {
    const rows = await tx.select().from(bookings).where(due).orderBy(bookings.startsAt).limit(BATCH);
    for (const booking of rows) {
      const { customer, cleaner } = await contactsOf(tx, booking);
      const when = describeWhen(booking);
      for (const [who, to] of [
        ['customer', customer ?? (booking.guestEmail ? { email: booking.guestEmail, userId: undefined } : undefined)],
        ['cleaner', cleaner],
      ] as const) {
        if (!to) continue;
        await enqueueNotification(tx, now, {
          type: 'booking_reminder',
          recipientEmail: to.email,
          recipientUserId: to.userId,
          subject: `Reminder: booking #${booking.id} is tomorrow`,
          body: [
            `When: ${when}`,
            `Where: ${booking.address}`,
            `Total: $${centsToDollars(booking.totalPriceCents)}`,
          ].join('\n'),
          payload: { bookingId: booking.id, recipient: who },
          dedupeKey: `booking_reminder:${booking.id}:${booking.startsAt.getTime()}:${who}`,
        });
      }
      await tx.update(bookings).set({ reminderSentAt: now }).where(eq(bookings.id, booking.id));
    }
    return rows.map((b) => b.id);
  });
  return { reminded };
}
