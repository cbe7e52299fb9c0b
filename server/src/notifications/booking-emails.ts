import {
  FREE_CANCELLATION_HOURS,
  formatDuration,
  formatMoney,
  HOUR_MS,
  LATE_CANCELLATION_FEE_HOURS,
  splitCharge,
} from '@spotless/sdk/rules';
import { toLocal } from '../lib/time';
import { type Email, letter, link, sentence, shortDayText, timeText, whenText } from './email';

/**
 * The booking e-mails (decision 072), for the customer and the cleaner. A booking is news to
 * nobody until it is confirmed — paid, or accepted by its cleaner — so there is no "request
 * received" e-mail and an unpaid hold that expires sends nothing; after that both parties hear of
 * changes, cancellations and the day before.
 */

/** What the booking e-mails say about a booking. */
export interface BookingFacts {
  id: number;
  cleanerId: number;
  startsAt: Date;
  timeZone: string;
  address: string;
  durationMinutes: number;
  totalPriceCents: number;
  hourlyRateCents: number;
  /** The platform fee in force when it was booked (the money split, decision 078). */
  platformFeeBps?: number;
  specialInstructions?: string | null;
  /** The booking page's warning for an address outside the cleaner's area (decision 071), if any. */
  areaNote?: string | null;
  /** The regular cleaning it is a visit of (decision 088), if any. */
  seriesId?: number | null;
}

/**
 * Where a paid booking's money goes, by the money split (decision 078): the cleaner's part and the
 * platform fee (a partner's commission comes out of the fee, so it is not the customer's concern).
 */
function splitOf(booking: BookingFacts): { cleaner: string; fee: string; percent: string } | null {
  if (booking.platformFeeBps === undefined) return null;
  const split = splitCharge(booking.totalPriceCents, {
    platformFeeBps: booking.platformFeeBps,
    partnerCommissionBps: 0,
  });
  return {
    cleaner: formatMoney(split.cleanerCents),
    fee: formatMoney(split.platformFeeCents),
    percent: `${booking.platformFeeBps / 100}%`,
  };
}

/** The lines of a booking's summary: when, where, how long, the total and its number. */
export function bookingSummary(booking: BookingFacts, extra: string[] = []): string {
  return [
    `When: ${whenText(booking.startsAt, booking.timeZone)}`,
    `Where: ${booking.address}`,
    `How long: ${formatDuration(booking.durationMinutes)}`,
    `Total: ${formatMoney(booking.totalPriceCents)}`,
    ...extra,
    ...(booking.areaNote ? [booking.areaNote] : []),
    `Booking number: ${booking.id}`,
  ].join('\n');
}

const instructionsOf = (booking: BookingFacts) =>
  booking.specialInstructions?.trim() ? [`Instructions: ${booking.specialInstructions.trim()}`] : [];

/**
 * The policy in sentences, from the SDK's one rule (cancellation.ts on the server): until when
 * cancelling is free, and the fee after; an unpaid booking costs nothing to cancel. A booking made
 * within the 24 hours before its start was never free to cancel once paid: it says so, and never
 * offers a deadline already gone.
 */
export function cancellationSentence(booking: BookingFacts, paid: boolean, now?: Date): string {
  const until = new Date(booking.startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR_MS);
  const fee = Math.min(booking.hourlyRateCents * LATE_CANCELLATION_FEE_HOURS, booking.totalPriceCents);
  if (now && now >= until) {
    return [
      paid
        ? `This booking starts within ${FREE_CANCELLATION_HOURS} hours, so cancelling it is not free:`
        : `Until you pay, cancelling costs nothing. Once paid, this booking starts within ${FREE_CANCELLATION_HOURS} hours, so cancelling it`,
      `${paid ? 'it ' : ''}keeps the cleaner's fee of ${formatMoney(fee)} (one hour at the booked rate) and refunds the rest.`,
    ].join(' ');
  }
  return [
    paid
      ? 'You can cancel for free until'
      : 'Until you pay, cancelling costs nothing. Once paid, you can cancel for free until',
    `${whenText(until, booking.timeZone)}, ${FREE_CANCELLATION_HOURS} hours before the start.`,
    `After that, cancelling keeps the cleaner's fee of ${formatMoney(fee)} (one hour at the booked rate) and refunds the rest.`,
  ].join(' ');
}

/** The customer's e-mail when a booking is confirmed: paid, or accepted by its cleaner before payment. */
export function bookingConfirmedEmail(
  site: string,
  input: {
    firstName: string | null;
    booking: BookingFacts;
    cleanerName: string;
    /** Whether the booking's total has been charged. */
    paid: boolean;
    /** A guest's manage link, which keeps the booking in their own account (decision 049). */
    guestLink?: { href: string; partnerName: string | null } | undefined;
    /** When the e-mail is written: a free-cancellation deadline already gone is not offered. */
    now?: Date;
  },
): Email {
  const { booking, guestLink } = input;
  // A guest booked on a partner's site: the partner's name is what they will recognise.
  const through = guestLink?.partnerName ? ` through ${guestLink.partnerName}` : '';
  const opening = input.paid
    ? `Your booking with ${input.cleanerName}${through} is confirmed, and your payment of ${formatMoney(booking.totalPriceCents)} went through.`
    : `${input.cleanerName} accepted your booking${through}, so it is confirmed. You have not paid for it yet${guestLink ? '' : ': you can pay from My Bookings'}.`;
  const split = input.paid ? splitOf(booking) : null;
  return {
    subject: `Your booking is confirmed for ${shortDayText(booking.startsAt, booking.timeZone)}`,
    body: letter(input.firstName, [
      opening,
      bookingSummary(
        booking,
        split
          ? [
              `Of which: ${split.cleaner} to ${input.cleanerName}, ${split.fee} Spotless's ${split.percent} platform fee`,
            ]
          : [],
      ),
      cancellationSentence(booking, input.paid, input.now),
      guestLink
        ? [
            `To see, change or cancel your booking, keep it in your own Spotless account by opening this link (it works once, within 7 days):`,
            guestLink.href,
          ].join('\n')
        : `See or change your booking in My Bookings: ${link(site, '/dashboard')}`,
    ]),
  };
}

/** The cleaner's e-mail about a new confirmed booking (paid by its customer). */
export function newBookingEmail(
  site: string,
  input: { firstName: string | null; booking: BookingFacts; customerName: string },
): Email {
  const { booking } = input;
  const split = splitOf(booking);
  return {
    subject: `New booking: ${shortDayText(booking.startsAt, booking.timeZone)} at ${timeText(booking.startsAt, booking.timeZone)}`,
    body: letter(input.firstName, [
      `${input.customerName} booked you, and the booking is paid.`,
      bookingSummary(booking, [
        ...(split
          ? [
              `You earn: ${split.cleaner} after Spotless's ${split.percent} platform fee, paid out 24 hours after the job`,
            ]
          : []),
        ...instructionsOf(booking),
      ]),
      `See it in your cleaner dashboard: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}

/** Who cancelled, as the booking's other party reads it. */
export type CancelledBy = 'customer' | 'admin' | 'unpaid';

/** The customer's and the cleaner's e-mails when a confirmed booking is cancelled. */
export function bookingCancelledEmail(
  site: string,
  input: {
    to: 'customer' | 'cleaner';
    firstName: string | null;
    booking: BookingFacts;
    /** The other party: the cleaner's name for the customer, the customer's for the cleaner. */
    otherName: string;
    by: CancelledBy;
    feeCents: number;
    refundCents: number;
  },
): Email {
  const { booking, otherName, by, feeCents, refundCents } = input;
  const when = whenText(booking.startsAt, booking.timeZone);
  // A visit its customer skipped: the regular cleaning goes on (decision 088).
  const skipped = by === 'customer' && booking.seriesId != null;
  const subject = skipped
    ? `Skipped: your cleaning on ${shortDayText(booking.startsAt, booking.timeZone)}`
    : `Your booking on ${shortDayText(booking.startsAt, booking.timeZone)} is cancelled`;
  if (input.to === 'customer') {
    const money =
      refundCents > 0 && feeCents > 0
        ? `As it was less than ${FREE_CANCELLATION_HOURS} hours before the start, the cleaner's fee of ${formatMoney(feeCents)} is kept, and ${formatMoney(refundCents)} goes back to your card. We'll email you when the refund has gone through.`
        : refundCents > 0
          ? `The full ${formatMoney(refundCents)} goes back to your card. We'll email you when the refund has gone through.`
          : feeCents > 0
            ? `As it was less than ${FREE_CANCELLATION_HOURS} hours before the start, the cleaner's fee of ${formatMoney(feeCents)} is kept.`
            : 'Nothing was charged, so there is nothing to refund.';
    return {
      subject,
      body: letter(input.firstName, [
        skipped
          ? `You skipped your regular cleaning with ${otherName} on ${when}: only this visit is cancelled, and your other visits stay booked.`
          : by === 'customer'
            ? `Your booking with ${otherName} on ${when} is cancelled, as you asked.`
            : by === 'unpaid'
              ? `Your regular cleaning with ${otherName} on ${when} is cancelled: we could not charge your card for it in time. Your other visits stay booked.`
              : `We have cancelled your booking with ${otherName} on ${when}.`,
        money,
        booking.seriesId != null
          ? `Your regular cleanings: ${link(site, '/dashboard', { tab: 'regular', series: String(booking.seriesId) })}`
          : `If you'd like another time, you can book ${otherName} again: ${link(site, `/cleaner/${booking.cleanerId}`)}`,
      ]),
    };
  }
  return {
    subject: `Booking cancelled: ${shortDayText(booking.startsAt, booking.timeZone)} at ${timeText(booking.startsAt, booking.timeZone)}`,
    body: letter(input.firstName, [
      skipped
        ? `${otherName} skipped one visit of their regular cleaning with you: ${when}, at ${booking.address}. Their other visits stay booked.`
        : by === 'customer'
          ? `${otherName} cancelled their booking with you on ${when}, at ${booking.address}.`
          : by === 'unpaid'
            ? `${otherName}'s regular cleaning with you on ${when}, at ${booking.address}, is cancelled: it was not paid in time. Their other visits stay booked.`
            : `We have cancelled ${otherName}'s booking with you on ${when}, at ${booking.address}.`,
      feeCents > 0
        ? `As it was less than ${FREE_CANCELLATION_HOURS} hours before the start, your fee of ${formatMoney(feeCents)} is kept for you. The time is free again in your calendar.`
        : 'The time is free again in your calendar.',
      `Your bookings: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}

/** What a customer changed about a confirmed booking. */
export interface BookingChange {
  /** The start before the change, when the time moved. */
  previousStartsAt?: Date | undefined;
  address?: boolean;
  instructions?: boolean;
}

/** The cleaner's e-mail when the customer changes a confirmed booking's time, address or instructions. */
export function bookingChangedEmail(
  site: string,
  input: { firstName: string | null; booking: BookingFacts; customerName: string; change: BookingChange },
): Email {
  const { booking, change, customerName } = input;
  const what = [
    change.previousStartsAt &&
      `The time moved from ${whenText(change.previousStartsAt, booking.timeZone)} to ${whenText(booking.startsAt, booking.timeZone)}.`,
    change.address && `The address is now ${booking.address}.`,
    change.instructions &&
      (booking.specialInstructions?.trim()
        ? `The instructions are now: ${sentence(booking.specialInstructions)}`
        : 'The instructions were removed.'),
  ].filter((line): line is string => Boolean(line));
  return {
    subject: `${customerName} changed their booking for ${shortDayText(booking.startsAt, booking.timeZone)}`,
    body: letter(input.firstName, [
      `${customerName} changed their booking with you. ${what.join(' ')}`,
      bookingSummary(booking, instructionsOf(booking)),
      `Your bookings: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}

/** "today", "tomorrow" or "on Saturday, November 28", on the booking's clock. */
function dayWord(now: Date, startsAt: Date, timeZone: string): string {
  const today = toLocal(now, timeZone).date;
  const day = toLocal(startsAt, timeZone).date;
  if (day === today) return 'today';
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return day === next.toISOString().slice(0, 10) ? 'tomorrow' : `on ${shortDayText(startsAt, timeZone)}`;
}

/** The day-before reminder to the customer and to the cleaner of a confirmed booking. */
export function bookingReminderEmail(
  site: string,
  input: {
    to: 'customer' | 'cleaner';
    firstName: string | null;
    booking: BookingFacts;
    otherName: string;
    now: Date;
    /** A guest's manage link (decision 049): a guest has no My Bookings to go to. */
    guestLink?: { href: string } | undefined;
  },
): Email {
  const { booking, otherName } = input;
  const day = dayWord(input.now, booking.startsAt, booking.timeZone);
  const at = timeText(booking.startsAt, booking.timeZone);
  if (input.to === 'customer') {
    return {
      subject: `Reminder: your cleaning is ${day} at ${at}`,
      body: letter(input.firstName, [
        `A quick reminder: ${otherName} is coming to clean ${day} at ${at}.`,
        bookingSummary(booking),
        input.guestLink
          ? `See, change or cancel your booking with this link: ${input.guestLink.href}`
          : `See or change your booking in My Bookings: ${link(site, '/dashboard')}`,
      ]),
    };
  }
  return {
    subject: `Reminder: you're cleaning for ${otherName} ${day} at ${at}`,
    body: letter(input.firstName, [
      `A quick reminder: you're cleaning for ${otherName} ${day} at ${at}.`,
      bookingSummary(booking, instructionsOf(booking)),
      `Your bookings: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}

/** A guest's new links (decision 049, addendum): one per booking, the newest replacing those before. */
export function guestLinksEmail(input: {
  firstName: string | null;
  links: Array<{ bookingId: number; cleanerName: string; startsAt: Date; timeZone: string; href: string }>;
}): Email {
  const many = input.links.length > 1;
  return {
    subject: many ? 'New links to your Spotless bookings' : 'A new link to your Spotless booking',
    body: letter(input.firstName, [
      many
        ? 'You asked for new links to the bookings you made as a guest. Here they are, one for each booking:'
        : 'You asked for a new link to the booking you made as a guest. Here it is:',
      ...input.links.map(
        (l) =>
          `Your booking with ${l.cleanerName} on ${whenText(l.startsAt, l.timeZone)} (booking number ${l.bookingId}):\n${l.href}`,
      ),
      `Opening a link adds its booking to the Spotless account for this email address (we make one if there is none) and signs you in. Each link works once, within 7 days, and ${many ? 'these replace' : 'it replaces'} any link we sent before.`,
      "If you didn't ask for this, you can ignore this email: nothing changes until a link is opened.",
    ]),
  };
}
