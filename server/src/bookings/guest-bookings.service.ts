import type { GuestBookingInput } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { type Actor, forbidden, requirePartner } from '../contract/actor';
import type { Deps } from '../deps';
import { findPartner } from '../partners/partners.queries';
import type { CountedAttempt } from '../rate-limits/rate-limit';
import { answerOf, type BookingAnswer } from './booking-access.service';
import { insertNewGuestLink } from './booking-batch.queries';
import { bookInOneBatch } from './booking-create.service';
import { randomToken, sha256Hex } from './guest-access.service';

/** Guest checkout through a partner widget (decision 049): the booking, its token and its e-mailed link. */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config'>;

/** How long a guest booking's e-mailed link stays good. */
export const GUEST_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * `POST /api/guest-bookings` through a partner widget (decision 049): the same checks as a
 * customer's booking, for a guest's name, e-mail and phone. The partner, its commission rate in
 * force and the host page's UTM are recorded with it. Answers the booking as its guest sees it and
 * the guest token (its SHA-256 stored), good for this booking's read and payment; the confirmation
 * e-mail carries a single-use link that joins the booking to the address's account.
 */
export async function createGuestBooking(
  deps: BookingDeps,
  actor: Actor,
  input: z.output<typeof GuestBookingInput>,
  attempts: CountedAttempt[] = [],
): Promise<{ guestToken: string; answer: BookingAnswer }> {
  const partnerActor = requirePartner(actor);
  const now = deps.clock.now();
  const guestToken = randomToken();
  const link = randomToken();
  const { guestName, guestEmail, guestPhone, ...booking } = input;
  const manage = new URL('/api/guest-link', deps.config.publicUrl);
  manage.searchParams.set('token', link);
  const partner = await findPartner(deps.database.db, partnerActor.partnerId);
  if (!partner?.isActive) throw forbidden('Forbidden: unknown or inactive publishable key');
  // One round trip (decision 054): the booking, its history, its e-mails and its link together.
  const view = await bookInOneBatch(
    deps,
    {
      kind: 'guest',
      name: guestName,
      email: guestEmail,
      phone: guestPhone,
      tokenHash: sha256Hex(guestToken),
      partnerId: partner.id,
      commissionRateBps: partner.commissionRateBps,
      utm: partnerActor.utm ?? null,
      note: `Manage your booking, and keep it in your own account: ${manage.href}\nThe link works once, within 7 days. Booked through ${partner.name}.`,
    },
    booking,
    now,
    [
      insertNewGuestLink({
        id: sha256Hex(link),
        email: guestEmail,
        expiresAt: new Date(now.getTime() + GUEST_LINK_TTL_MS),
        createdAt: now,
      }),
    ],
    attempts,
  );
  return { guestToken, answer: answerOf(view, { kind: 'guest', bookingId: view.booking.id }, now) };
}
