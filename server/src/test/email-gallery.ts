/**
 * Every e-mail template rendered with believable data (decision 072): what the template test
 * checks and what `render-emails.ts` writes out to read. A template missing here fails that test.
 */
import * as accountEmails from '../notifications/account-emails';
import * as bookingEmails from '../notifications/booking-emails';
import * as cleanerEmails from '../notifications/cleaner-emails';
import type { Email } from '../notifications/email';
import * as messageEmails from '../notifications/message-emails';
import * as moneyEmails from '../notifications/money-emails';
import * as partnerEmails from '../notifications/partner-emails';
import * as seriesEmails from '../notifications/series-emails';

/** The template modules: each exported `…Email` function is a template. */
export const TEMPLATE_MODULES = {
  accountEmails,
  bookingEmails,
  cleanerEmails,
  messageEmails,
  moneyEmails,
  partnerEmails,
  seriesEmails,
};

/** Saturday, November 28, 2026 at 10:00 AM in Austin (CST), two hours, $135.00 at $45.00/h. */
export const SAMPLE_BOOKING: bookingEmails.BookingFacts = {
  id: 42,
  cleanerId: 7,
  startsAt: new Date('2026-11-28T16:00:00Z'),
  timeZone: 'America/Chicago',
  address: '1 Congress Ave, Austin, TX 78701',
  durationMinutes: 120,
  totalPriceCents: 13_500,
  hourlyRateCents: 4_500,
  platformFeeBps: 1_500,
  specialInstructions: 'The key is under the blue flowerpot.',
};

const TOKEN = 'q3Jx0s2v9bGk7WmT1hYc4nLp8aRz6eUd5fIo0jKw2Ps';

/** Every template's e-mails, by a name for each case, with links on `site`. */
export function emailGallery(site: string): Record<string, Email> {
  const b = SAMPLE_BOOKING;
  const guestHref = new URL(`/api/guest-link?token=${TOKEN}`, site).href;
  const cancelled = { booking: b, by: 'customer' as const };
  return {
    'bookingConfirmedEmail-paid': bookingEmails.bookingConfirmedEmail(site, {
      firstName: 'Sam',
      booking: b,
      cleanerName: 'Maria Lopez',
      paid: true,
    }),
    'bookingConfirmedEmail-accepted-unpaid': bookingEmails.bookingConfirmedEmail(site, {
      firstName: 'Sam',
      booking: b,
      cleanerName: 'Maria Lopez',
      paid: false,
    }),
    'bookingConfirmedEmail-guest': bookingEmails.bookingConfirmedEmail(site, {
      firstName: 'Gail',
      booking: b,
      cleanerName: 'Maria Lopez',
      paid: true,
      guestLink: { href: guestHref, partnerName: 'Sunny Homes' },
    }),
    newBookingEmail: bookingEmails.newBookingEmail(site, { firstName: 'Maria', booking: b, customerName: 'Sam Lee' }),
    'bookingCancelledEmail-customer-free': bookingEmails.bookingCancelledEmail(site, {
      ...cancelled,
      to: 'customer',
      firstName: 'Sam',
      otherName: 'Maria Lopez',
      feeCents: 0,
      refundCents: 13_500,
    }),
    'bookingCancelledEmail-customer-late': bookingEmails.bookingCancelledEmail(site, {
      ...cancelled,
      to: 'customer',
      firstName: 'Sam',
      otherName: 'Maria Lopez',
      feeCents: 4_500,
      refundCents: 9_000,
    }),
    'bookingCancelledEmail-customer-by-admin-unpaid': bookingEmails.bookingCancelledEmail(site, {
      booking: b,
      by: 'admin',
      to: 'customer',
      firstName: 'Sam',
      otherName: 'Maria Lopez',
      feeCents: 0,
      refundCents: 0,
    }),
    'bookingCancelledEmail-cleaner-late': bookingEmails.bookingCancelledEmail(site, {
      ...cancelled,
      to: 'cleaner',
      firstName: 'Maria',
      otherName: 'Sam Lee',
      feeCents: 4_500,
      refundCents: 9_000,
    }),
    'bookingCancelledEmail-cleaner-by-admin': bookingEmails.bookingCancelledEmail(site, {
      booking: b,
      by: 'admin',
      to: 'cleaner',
      firstName: 'Maria',
      otherName: 'Sam Lee',
      feeCents: 0,
      refundCents: 13_500,
    }),
    bookingChangedEmail: bookingEmails.bookingChangedEmail(site, {
      firstName: 'Maria',
      booking: b,
      customerName: 'Sam Lee',
      change: { previousStartsAt: new Date('2026-11-27T15:00:00Z'), address: true, instructions: true },
    }),
    'bookingReminderEmail-customer': bookingEmails.bookingReminderEmail(site, {
      to: 'customer',
      firstName: 'Sam',
      booking: b,
      otherName: 'Maria Lopez',
      now: new Date('2026-11-27T16:00:00Z'),
    }),
    'bookingReminderEmail-cleaner-today': bookingEmails.bookingReminderEmail(site, {
      to: 'cleaner',
      firstName: 'Maria',
      booking: b,
      otherName: 'Sam Lee',
      now: new Date('2026-11-28T07:00:00Z'),
    }),
    'guestLinksEmail-one': bookingEmails.guestLinksEmail({
      firstName: 'Gail',
      links: [
        { bookingId: b.id, cleanerName: 'Maria Lopez', startsAt: b.startsAt, timeZone: b.timeZone, href: guestHref },
      ],
    }),
    'guestLinksEmail-two': bookingEmails.guestLinksEmail({
      firstName: null,
      links: [
        { bookingId: b.id, cleanerName: 'Maria Lopez', startsAt: b.startsAt, timeZone: b.timeZone, href: guestHref },
        // Summer time in New York: EDT.
        {
          bookingId: 57,
          cleanerName: 'Jon Park',
          startsAt: new Date('2027-06-05T13:30:00Z'),
          timeZone: 'America/New_York',
          href: `${guestHref}x`,
        },
      ],
    }),
    verifyEmailEmail: accountEmails.verifyEmailEmail(site, { firstName: 'Sam', token: TOKEN }),
    passwordResetEmail: accountEmails.passwordResetEmail(site, { firstName: null, token: TOKEN }),
    passwordChangedEmail: accountEmails.passwordChangedEmail(site, { firstName: 'Sam' }),
    emailChangedEmail: accountEmails.emailChangedEmail(site, { firstName: 'Sam', newEmail: 'sam.lee@example.net' }),
    addressProvenEmail: accountEmails.addressProvenEmail(site, {
      firstName: 'Sam',
      subject: 'Your Spotless account is now linked to your sign-in provider',
      provenBy: 'You signed in with Google, which confirmed this address.',
    }),
    'refundEmail-cancellation': accountEmails.refundEmail(site, {
      firstName: 'Sam',
      amountCents: 9_000,
      booking: { id: b.id, startsAt: b.startsAt, timeZone: b.timeZone },
      cancellation: { keptCents: 4_500 },
      reason: 'Booking cancelled (cancellation fee $45.00 kept)',
    }),
    'refundEmail-admin': accountEmails.refundEmail(site, {
      firstName: 'Sam',
      amountCents: 2_000,
      booking: { id: b.id, startsAt: b.startsAt, timeZone: b.timeZone },
      cancellation: null,
      reason: 'The cleaner arrived 30 minutes late.',
    }),
    refundFailedEmail: accountEmails.refundFailedEmail(site, {
      firstName: 'Sam',
      amountCents: 9_000,
      booking: { id: b.id, startsAt: b.startsAt, timeZone: b.timeZone },
    }),
    refundFailedSupportEmail: accountEmails.refundFailedSupportEmail(site, {
      customerEmail: 'sam@example.com',
      amountCents: 9_000,
      bookingId: b.id,
      paymentId: 31,
      error: 'The card was closed',
    }),
    applicationSubmittedEmail: cleanerEmails.applicationSubmittedEmail(site, { firstName: 'Maria' }),
    'applicationDecisionEmail-under_review': cleanerEmails.applicationDecisionEmail(site, {
      firstName: 'Maria',
      status: 'under_review',
      reason: null,
    }),
    'applicationDecisionEmail-approved': cleanerEmails.applicationDecisionEmail(site, {
      firstName: 'Maria',
      status: 'approved',
      reason: null,
    }),
    'applicationDecisionEmail-rejected': cleanerEmails.applicationDecisionEmail(site, {
      firstName: 'Maria',
      status: 'rejected',
      reason: 'We could not verify your identity document.',
    }),
    documentRejectedEmail: cleanerEmails.documentRejectedEmail(site, {
      firstName: 'Maria',
      fileName: 'insurance-2026.pdf',
      reason: 'The scan is too blurry to read',
    }),
    reviewReceivedEmail: cleanerEmails.reviewReceivedEmail(site, { firstName: 'Maria', stars: 4 }),
    partnerInviteEmail: partnerEmails.partnerInviteEmail(site, {
      partnerName: 'Sunrise Realty',
      token: TOKEN,
      days: 7,
    }),
    damageReportedEmail: moneyEmails.damageReportedEmail(site, {
      firstName: 'Maria',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      description: 'The glass shower door has a new crack along the bottom edge.',
    }),
    'messageNoticeEmail-to-cleaner': messageEmails.messageNoticeEmail(site, {
      bookingId: b.id,
      serviceName: 'Regular House Cleaning',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      firstName: 'Maria',
      fromName: 'Sam',
      count: 3,
      page: '/cleaner-dashboard',
      contactDetailsHidden: true,
    }),
    ...seriesGallery(site),
    'messageNoticeEmail-to-customer': messageEmails.messageNoticeEmail(site, {
      bookingId: b.id,
      serviceName: 'Regular House Cleaning',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      firstName: 'Sam',
      fromName: 'Maria',
      count: 1,
      page: '/dashboard',
      contactDetailsHidden: false,
    }),
    'damagePhotosAddedEmail-first': moneyEmails.damagePhotosAddedEmail(site, {
      firstName: 'Maria',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      added: 2,
      total: 2,
    }),
    'damagePhotosAddedEmail-more': moneyEmails.damagePhotosAddedEmail(site, {
      firstName: 'Maria',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      added: 1,
      total: 3,
    }),
    'damageResolvedEmail-customer-partial': moneyEmails.damageResolvedEmail(site, {
      firstName: 'Sam',
      to: 'customer',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      outcome: 'partial_refund',
      refundCents: 4_500,
      cleanerShareCents: 8_075,
      reason: 'The crack was there in the photos from before the cleaning, but the bathroom was not finished',
    }),
    'damageResolvedEmail-cleaner-release': moneyEmails.damageResolvedEmail(site, {
      firstName: 'Maria',
      to: 'cleaner',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      outcome: 'release',
      refundCents: 0,
      cleanerShareCents: 11_900,
      reason: 'The photos show the crack before the cleaning started',
    }),
    'damageResolvedEmail-cleaner-partial': moneyEmails.damageResolvedEmail(site, {
      firstName: 'Maria',
      to: 'cleaner',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      outcome: 'partial_refund',
      refundCents: 4_500,
      cleanerShareCents: 8_075,
      reason: 'The bathroom was not finished',
    }),
    'damageResolvedEmail-customer-full': moneyEmails.damageResolvedEmail(site, {
      firstName: 'Sam',
      to: 'customer',
      startsAt: b.startsAt,
      timeZone: b.timeZone,
      outcome: 'full_refund',
      refundCents: 14_000,
      cleanerShareCents: 0,
      reason: 'The cleaning did not happen',
    }),
    'reviewModeratedEmail-hidden': cleanerEmails.reviewModeratedEmail(site, {
      firstName: 'Sam',
      hidden: true,
      reason: 'It shares someone’s home address',
    }),
    'reviewModeratedEmail-restored': cleanerEmails.reviewModeratedEmail(site, {
      firstName: 'Sam',
      hidden: false,
      reason: null,
    }),
  };
}

/** A weekly series of Saturday 10:00 in Austin from the sample booking (decision 088), and its e-mails. */
function seriesGallery(site: string): Record<string, Email> {
  const b = SAMPLE_BOOKING;
  const week = 7 * 86_400_000;
  const started = {
    seriesId: 9,
    schedule: 'Every week on Saturday at 10:00 AM (CST)',
    address: b.address,
    visits: [0, 1, 2].map((n) => new Date(b.startsAt.getTime() + n * week)),
    timeZone: b.timeZone,
    customer: { firstName: 'Sam', lastName: 'Lee' },
    cleaner: { firstName: 'Maria', lastName: 'Lopez' },
  };
  return {
    'seriesStartedEmail-customer': seriesEmails.seriesStartedEmail(site, { ...started, to: 'customer' }),
    'seriesStartedEmail-cleaner': seriesEmails.seriesStartedEmail(site, { ...started, to: 'cleaner' }),
    'seriesEndedEmail-customer': seriesEmails.seriesEndedEmail(site, {
      ...started,
      to: 'customer',
      cancelled: started.visits.slice(1),
    }),
    'seriesEndedEmail-cleaner': seriesEmails.seriesEndedEmail(site, {
      ...started,
      to: 'cleaner',
      cancelled: started.visits.slice(1),
    }),
    'bookingCancelledEmail-customer-skipped-visit': bookingEmails.bookingCancelledEmail(site, {
      booking: { ...b, seriesId: 9 },
      by: 'customer',
      to: 'customer',
      firstName: 'Sam',
      otherName: 'Maria Lopez',
      feeCents: 0,
      refundCents: 13_500,
    }),
    'bookingCancelledEmail-cleaner-skipped-visit': bookingEmails.bookingCancelledEmail(site, {
      booking: { ...b, seriesId: 9 },
      by: 'customer',
      to: 'cleaner',
      firstName: 'Maria',
      otherName: 'Sam Lee',
      feeCents: 0,
      refundCents: 13_500,
    }),
    seriesConflictEmail: seriesEmails.seriesConflictEmail(site, {
      seriesId: 9,
      firstName: 'Sam',
      planned: new Date(b.startsAt.getTime() + 3 * week),
      timeZone: b.timeZone,
      message: 'We could not book this visit: your cleaner is off that day.',
      alternatives: ['2026-12-18T16:00:00.000Z', '2026-12-21T15:00:00.000Z'],
    }),
    visitChargeFailedEmail: seriesEmails.visitChargeFailedEmail(site, {
      bookingId: 43,
      firstName: 'Sam',
      startsAt: new Date(b.startsAt.getTime() + week),
      payBy: new Date(b.startsAt.getTime() + week - 86_400_000),
      timeZone: b.timeZone,
      reason: 'Your card was declined.',
    }),
    'bookingCancelledEmail-customer-unpaid-visit': bookingEmails.bookingCancelledEmail(site, {
      booking: b,
      by: 'unpaid',
      to: 'customer',
      firstName: 'Sam',
      otherName: 'Maria Lopez',
      feeCents: 0,
      refundCents: 0,
    }),
    'bookingCancelledEmail-cleaner-unpaid-visit': bookingEmails.bookingCancelledEmail(site, {
      booking: b,
      by: 'unpaid',
      to: 'cleaner',
      firstName: 'Maria',
      otherName: 'Sam Lee',
      feeCents: 0,
      refundCents: 0,
    }),
  };
}
