import type { Email } from '../notifications/email';
import { letter, link, nameOf, shortDayText, whenText } from '../notifications/email';

/**
 * The e-mails of a recurring series (decision 088), written like the booking e-mails: the series
 * set up (to both parties), a date it could not book, a later visit's card declined.
 */

type Person = { firstName: string | null; lastName?: string | null };

/** The customer's or the cleaner's e-mail once the first visit is paid and the next visits are booked. */
export function seriesStartedEmail(
  site: string,
  input: {
    to: 'customer' | 'cleaner';
    seriesId: number;
    schedule: string;
    address: string;
    visits: Date[];
    timeZone: string;
    customer: Person;
    cleaner: Person;
  },
): Email {
  const dates = input.visits
    .slice(0, 8)
    .map((v) => `- ${whenText(v, input.timeZone)}`)
    .join('\n');
  const series = { tab: 'regular', series: String(input.seriesId) };
  if (input.to === 'customer') {
    return {
      subject: `Your regular cleaning with ${nameOf(input.cleaner, 'your cleaner')} is set`,
      body: letter(input.customer.firstName, [
        `Your regular cleaning is set: ${input.schedule}, at ${input.address}.`,
        input.visits.length > 0
          ? `Booked so far:\n${dates}`
          : 'Your next visits are booked as they come within 8 weeks.',
        'Each visit is charged to the card you paid with, 3 days before it. Skip a visit, pause or end it any time — free up to 24 hours before a visit.',
        `Your regular cleanings: ${link(site, '/dashboard', series)}`,
      ]),
    };
  }
  const customerName = nameOf(input.customer, 'A customer');
  return {
    subject: `New regular customer: ${customerName}`,
    body: letter(input.cleaner.firstName, [
      `${customerName} booked you regularly: ${input.schedule}, at ${input.address}.`,
      input.visits.length > 0
        ? `In your calendar so far:\n${dates}`
        : 'Their visits are booked as they come within 8 weeks.',
      `If you cannot keep it, decline one visit or the whole series from your dashboard: ${link(site, '/cleaner-dashboard', series)}`,
    ]),
  };
}

/** A date the series could not book, with the nearest free times of the same cleaner. */
export function seriesConflictEmail(
  site: string,
  input: {
    seriesId: number;
    firstName: string | null;
    planned: Date;
    timeZone: string;
    message: string;
    alternatives: string[];
  },
): Email {
  return {
    subject: `We couldn't book your regular cleaning on ${shortDayText(input.planned, input.timeZone)}`,
    body: letter(input.firstName, [
      `${input.message} It was planned for ${whenText(input.planned, input.timeZone)}.`,
      input.alternatives.length > 0
        ? `Your cleaner is free at these times nearby:\n${input.alternatives.map((a) => `- ${whenText(new Date(a), input.timeZone)}`).join('\n')}`
        : 'Your cleaner has no free time close to it.',
      `Book one of them, or leave this date out: ${link(site, '/dashboard', { tab: 'regular', series: String(input.seriesId) })}`,
      'Your other visits stay booked as planned.',
    ]),
  };
}

/** A later visit whose saved card was declined (or none was saved): pay before the deadline or it is cancelled, free. */
export function visitChargeFailedEmail(
  site: string,
  input: { bookingId: number; firstName: string | null; startsAt: Date; payBy: Date; timeZone: string; reason: string },
): Email {
  return {
    subject: `Please pay for your cleaning on ${shortDayText(input.startsAt, input.timeZone)}`,
    body: letter(input.firstName, [
      `We could not charge your card for your regular cleaning on ${whenText(input.startsAt, input.timeZone)}: ${input.reason}`,
      `Pay for it by ${whenText(input.payBy, input.timeZone)} to keep it: ${link(site, '/checkout', { booking: String(input.bookingId) })}`,
      'If it is not paid by then, this visit alone is cancelled, without any fee. Your other visits stay booked.',
    ]),
  };
}

/** The customer's or the cleaner's e-mail when the customer ends a regular cleaning: one, not one per visit. */
export function seriesEndedEmail(
  site: string,
  input: {
    to: 'customer' | 'cleaner';
    schedule: string;
    cancelled: Date[];
    timeZone: string;
    customer: Person;
    cleaner: Person;
  },
): Email {
  const dates = input.cancelled.map((v) => `- ${whenText(v, input.timeZone)}`).join('\n');
  if (input.to === 'customer') {
    return {
      subject: `Your regular cleaning with ${nameOf(input.cleaner, 'your cleaner')} has ended`,
      body: letter(input.customer.firstName, [
        `As you asked, your regular cleaning (${input.schedule}) has ended.`,
        input.cancelled.length > 0 ? `These visits are cancelled:\n${dates}` : 'No visit was booked ahead.',
        'A visit already charged is refunded by the cancellation policy — in full 24 hours or more before it; we e-mail you each refund once it has gone through.',
        `Book ${nameOf(input.cleaner, 'your cleaner')} again any time: ${link(site, '/cleaners')}`,
      ]),
    };
  }
  return {
    subject: `${nameOf(input.customer, 'A customer')} ended their regular cleaning`,
    body: letter(input.cleaner.firstName, [
      `${nameOf(input.customer, 'A customer')} ended their regular cleaning with you (${input.schedule}).`,
      input.cancelled.length > 0 ? `These visits are cancelled and free again in your calendar:\n${dates}` : '',
      `Your jobs: ${link(site, '/cleaner-dashboard')}`,
    ]),
  };
}
