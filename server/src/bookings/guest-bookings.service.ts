import type { GuestBookingInput } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { type Actor, requirePartner, requirePublicWriting } from '../contract/actor';
import type { Deps } from '../deps';
import { sha256Hex } from '../lib/digest';
import { guestLinksEmail } from '../notifications/booking-emails';
import { firstNameOf, nameOf } from '../notifications/email';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { bookingCreatedEventStatement } from '../partners/partner-webhooks.service';
import type { CountedAttempt } from '../rate-limits/rate-limit';
import { answerOf, type BookingAnswer } from './booking-access.service';
import { bookInOneBatch } from './booking-create.service';
import { GUEST_TOKEN_DAYS_AFTER, newGuestLink, randomToken } from './guest-access.service';
import { guestBookingsToRelink, insertGuestLinks, retireGuestLinks } from './guest-tokens.queries';

/** Guest checkout through a partner widget (decision 049): the booking, its token and its e-mailed link. */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config'>;

/**
 * `POST /api/guest-bookings` through a partner widget (decision 049): the same checks as a
 * customer's booking, for a guest's name, e-mail and phone. The partner, its commission rate in
 * force and the host page's UTM are recorded with it. Answers the booking as its guest sees it and
 * the guest token (its SHA-256 stored), good for this booking's read and payment. Nothing is
 * e-mailed yet: the confirmation, once it is paid, carries a single-use link that joins the booking
 * to the address's account (booking-notifications.service.ts, decision 072).
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
  const { guestName, guestEmail, guestPhone, ...booking } = input;
  // One round trip (decision 054): the booking and its history together.
  const view = await bookInOneBatch(
    deps,
    {
      kind: 'guest',
      name: guestName,
      email: guestEmail,
      phone: guestPhone,
      tokenHash: sha256Hex(guestToken),
      // The partner as the key's middleware read it for this request: active, its rate and name.
      partnerId: partnerActor.partnerId,
      commissionRateBps: partnerActor.commissionRateBps,
      utm: partnerActor.utm ?? null,
    },
    booking,
    now,
    // The partner's `booking.created` webhook, queued in the booking's own batch (decision 079).
    [bookingCreatedEventStatement(now)],
    attempts,
  );
  return { guestToken, answer: answerOf(view, { kind: 'guest', bookingId: view.booking.id }, now) };
}

/** A new link may open a guest booking until this long after it ends: the guest token's own grace. */
export const GUEST_LINK_RESEND_DAYS_AFTER = GUEST_TOKEN_DAYS_AFTER;
/** At most this many bookings' links in one e-mail, the soonest first. */
export const GUEST_LINK_RESEND_MAX = 5;
/** What `POST /api/guest-link/resend` answers, whether or not the address booked. */
export const GUEST_LINK_RESENT = 'If you booked with that address, we’ve sent a new link.';

/**
 * `POST /api/guest-link/resend` (decision 049, addendum): a guest whose link expired or was used
 * gets a new one. For each guest booking of the address still in nobody's account, not cancelled
 * and ending no more than 7 days ago (at most 5, the soonest first), a new single-use link good for
 * 7 days; all in one e-mail through the outbox, to the address itself. Nothing happens for an
 * address without such a booking, and the caller is told the same either way. Answers how many
 * links were sent, for the tests; the route never says.
 */
export async function resendGuestLinks(
  deps: Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>,
  actor: Actor,
  email: string,
): Promise<number> {
  requirePublicWriting(actor);
  const now = deps.clock.now();
  const address = email.trim().toLowerCase();
  const endsAfter = new Date(now.getTime() - GUEST_LINK_RESEND_DAYS_AFTER * 24 * 3_600_000);
  return deps.database.write(async (tx) => {
    const due = await guestBookingsToRelink(tx, address, endsAfter, GUEST_LINK_RESEND_MAX);
    if (due.length === 0) return 0;
    const site = siteOf(deps);
    const links = due.map((booking) => ({ booking, link: newGuestLink(site, now, address) }));
    // As with a password reset, only the newest link works: the ones sent before stop.
    await retireGuestLinks(
      tx,
      due.map((booking) => booking.id),
      now,
    );
    await insertGuestLinks(
      tx,
      links.map(({ booking, link }) => ({ ...link.row, bookingId: booking.id })),
    );
    await enqueueNotification(tx, now, {
      type: 'guest_link',
      recipientEmail: address,
      ...guestLinksEmail({
        firstName: firstNameOf(due[0]?.guestName),
        links: links.map(({ booking, link }) => ({
          bookingId: booking.id,
          cleanerName: nameOf(
            { firstName: booking.cleanerFirstName, lastName: booking.cleanerLastName },
            'your cleaner',
          ),
          startsAt: booking.startsAt,
          timeZone: booking.timeZone,
          href: link.href,
        })),
      }),
      payload: { bookingIds: due.map((booking) => booking.id) },
    });
    return due.length;
  });
}
