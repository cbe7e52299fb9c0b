import { centsToDollars, dollarsToCents, FREE_CANCELLATION_HOURS, RESCHEDULE_CLOSES_HOURS } from '@spotless/sdk/rules';
import {
  type Booking,
  type BookingList,
  type BookingListQuery,
  type BookingStats,
  BookingStatusInput,
  BookingUpdateInput,
  BookingWithdrawInput,
  DamageReportInput,
  GuestLinkInput,
  type GuestLinkOpened,
  type GuestLinkPreview,
  type GuestLinkResent,
  PaymentIntentInput,
  REVIEW_AREAS,
  ReviewCreateInput,
  SeriesCreateInput,
} from '@spotless/sdk/schemas';
import type { z } from 'zod';
import {
  actionTo,
  type Data,
  linkTo,
  type Operations,
  pageLink,
  pageLinksTo,
  templateTo,
} from '../contract/hypermedia';
import { mayRebook, mayReview } from '../reviews/review-rules';
import type { BookingAnswer } from './booking-access.service';
import { type BookingCapability, inCalendar } from './booking-actions';
import { freeCancellationUntil } from './booking-notifications.service';
import type { GuestLinkPreviewData } from './guest-access.service';
import { GUEST_LINK_RESENT } from './guest-bookings.service';
import { skipTerms } from './visit-terms';

/** The full review form's fields (docs/product/discovery.md); the quick form's `rating` is the same as `overallRating`. */
const REVIEW_FORM_FIELDS = [
  'bookingId',
  'cleanerId',
  'overallRating',
  'qualityRating',
  'punctualityRating',
  'professionalismRating',
  'communicationRating',
  'title',
  'comment',
  'pros',
  'cons',
  'serviceAreas',
  'timeSpent',
  'wouldRecommend',
  'wouldRebook',
];
/**
 * Recommend and rebook start at yes; the ratings start unchosen, so a review says only what its
 * author chose (the overall rating is required; docs/product/discovery.md, decision 075).
 */
const REVIEW_FORM_DEFAULTS = {
  wouldRecommend: true,
  wouldRebook: true,
};

/**
 * A booking as the API answers it (decision 033): the product's fields, links to what it relates to,
 * and the actions its viewer may take now — each present exactly when the service would perform it.
 */
export function renderBooking(ops: Operations, answer: BookingAnswer): Booking {
  const { data, offer, relation, paymentId } = answer;
  const { id } = data;
  const can = (capability: BookingCapability) => offer.allowed.has(capability);
  const actions: Booking['actions'] = {};
  if (can('pay')) {
    actions.pay = actionTo(ops, 'pay', 'createPaymentIntent', {
      title: 'Pay Now',
      body: PaymentIntentInput,
      only: ['bookingId'],
      values: { bookingId: id },
    }) as Booking['actions']['pay'];
  }
  if (can('edit')) {
    const fields = can('reschedule')
      ? ['scheduledDate', 'scheduledTime', 'specialRequests', 'address']
      : ['specialRequests', 'address'];
    actions.edit = actionTo(ops, 'edit', 'updateBooking', {
      title: 'Edit Booking',
      ...(can('reschedule')
        ? {}
        : {
            description: `Bookings can be rescheduled up to ${RESCHEDULE_CLOSES_HOURS} hours before the start; cancel it instead.`,
          }),
      params: { id },
      body: BookingUpdateInput,
      only: fields,
      types: { scheduledDate: 'date', scheduledTime: 'time' },
      values: {
        scheduledDate: data.scheduledDate,
        scheduledTime: data.scheduledTime,
        specialRequests: data.specialRequests,
        address: data.address,
      },
    }) as Booking['actions']['edit'];
  }
  if (can('cancel')) {
    const terms = offer.cancelTerms;
    const description =
      terms && terms.feeCents > 0
        ? `Less than ${FREE_CANCELLATION_HOURS} hours before the start: the cleaner's fee of $${centsToDollars(terms.feeCents)} is kept and $${centsToDollars(terms.refundCents)} is refunded to your card.`
        : `Free cancellation until ${freeCancellationUntil({ startsAt: new Date(data.startsAt), timeZone: data.timeZone })}${
            terms && terms.refundCents > 0
              ? `: the full $${centsToDollars(terms.refundCents)} is refunded to your card.`
              : '.'
          }`;
    actions.cancel = actionTo(ops, 'cancel', 'cancelBooking', {
      title: 'Cancel Booking',
      description,
      params: { id },
    }) as Booking['actions']['cancel'];
  }
  const statusAction = (
    name: 'accept' | 'decline' | 'start' | 'complete',
    title: string,
    status: string,
    description?: string,
  ) =>
    actionTo(ops, name, 'setBookingStatus', {
      title,
      ...(description ? { description } : {}),
      params: { id },
      body: BookingStatusInput,
      values: { status },
      choices: { status: [status] },
    });
  if (can('accept')) actions.accept = statusAction('accept', 'Accept', 'confirmed') as Booking['actions']['accept'];
  if (can('decline'))
    actions.decline = statusAction(
      'decline',
      'Decline',
      'cancelled',
      declineTerms(data.paymentStatus),
    ) as Booking['actions']['decline'];
  if (can('start')) actions.start = statusAction('start', 'Start Job', 'in_progress') as Booking['actions']['start'];
  if (can('complete')) {
    actions.complete = statusAction('complete', 'Complete Job', 'completed') as Booking['actions']['complete'];
  }
  if (can('withdraw')) {
    actions.withdraw = actionTo(ops, 'withdraw', 'withdrawBooking', {
      title: 'Withdraw',
      description: withdrawTerms(data.paymentStatus),
      params: { id },
      body: BookingWithdrawInput,
    }) as Booking['actions']['withdraw'];
  }

  if (mayReview(data, relation === 'customer')) {
    actions.review = actionTo(ops, 'review', 'createReview', {
      title: 'Leave Review',
      body: ReviewCreateInput,
      only: REVIEW_FORM_FIELDS,
      values: { ...REVIEW_FORM_DEFAULTS, bookingId: id, cleanerId: data.cleanerId },
      types: { serviceAreas: 'select' },
      choices: { serviceAreas: REVIEW_AREAS },
    }) as Booking['actions']['review'];
  }

  if (can('report_damage')) {
    actions.reportDamage = actionTo(ops, 'reportDamage', 'reportDamage', {
      title: 'Report a problem',
      description: 'Within 24 hours of the end: the cleaner is paid only once an administrator has looked at it.',
      params: { id },
      body: DamageReportInput,
    }) as Booking['actions']['reportDamage'];
  }

  if (can('skip') && data.series) {
    actions.skip = actionTo(ops, 'skip', 'skipSeriesVisit', {
      title: 'Skip this visit',
      description: skipTerms({ paymentStatus: data.paymentStatus, totalPriceCents: dollarsToCents(data.totalPrice) }),
      params: { id: data.series.id, bookingId: id },
    }) as Booking['actions']['skip'];
  }
  if (can('make_recurring')) {
    actions.makeRecurring = actionTo(ops, 'makeRecurring', 'createBookingSeries', {
      title: 'Make this regular',
      description:
        'The same cleaner, service, address and time again on a schedule; each visit is paid on its own, charged to your saved card 3 days before it.',
      body: SeriesCreateInput,
      values: { bookingId: id },
    }) as Booking['actions']['makeRecurring'];
  }

  const page =
    relation === 'cleaner'
      ? pageLink('/cleaner-dashboard', 'Your jobs')
      : relation === 'admin'
        ? pageLink('/admin-dashboard', 'Administration')
        : relation === 'guest'
          ? pageLink('/login', 'Open the link in your confirmation e-mail to manage it')
          : can('pay')
            ? pageLink(`/checkout?booking=${id}`, 'Checkout')
            : pageLink('/dashboard', 'Your bookings');
  return {
    ...data,
    links: {
      self: linkTo(ops, 'getBooking', { id }),
      cleaner: linkTo(ops, 'getCleaner', { id: data.cleanerId }, { title: 'The cleaner' }),
      service: linkTo(ops, 'getService', { id: data.serviceId }, { title: data.service.name }),
      ...(paymentId !== null ? { payment: linkTo(ops, 'getPayment', { id: paymentId }) } : {}),
      ...(can('reschedule') ? { cleanerSlots: rescheduleSlots(ops, data) } : {}),
      ...(mayReview(data, relation === 'customer')
        ? { review: pageLink(`/reviews?bookingId=${id}`, 'Leave Review') }
        : {}),
      ...(mayRebook(data, relation === 'customer')
        ? { rebook: pageLink(`/booking/${data.cleanerId}/${data.serviceId}`, 'Book Again') }
        : {}),
      // The same rule its operation answers by (calendars.service.ts): a guest token has no calendar.
      ...(relation !== null && relation !== 'guest' && inCalendar(data.status)
        ? { calendar: linkTo(ops, 'getBookingCalendar', { id }, { title: 'Add to calendar' }) }
        : {}),
      // The thread's own rule (messages.service.ts): its two parties and administrators, never a guest token.
      ...(relation !== null && relation !== 'guest'
        ? { messages: linkTo(ops, 'listBookingMessages', { id }, { title: 'Messages' }) }
        : {}),
      ...(data.series && relation !== null && relation !== 'guest'
        ? { series: linkTo(ops, 'getBookingSeries', { id: data.series.id }, { title: 'Regular cleaning' }) }
        : {}),
      page,
    },
    actions,
  };
}

/**
 * The cleaner's free times for moving this booking (templated: `{date}`): for its own length, and
 * leaving the booking itself out, so the time it holds now lists as free.
 */
function rescheduleSlots(ops: Operations, data: { id: number; cleanerId: number; duration: number }) {
  const template = templateTo(ops, 'listTimeSlots', { id: data.cleanerId }, { title: 'Free times' });
  return { ...template, href: `${template.href}?duration=${data.duration}&excludeBookingId=${data.id}` };
}

export function renderBookingList(
  ops: Operations,
  list: { items: BookingAnswer[]; total: number; page: number; pageSize: number },
  query: z.output<typeof BookingListQuery>,
  signedIn: boolean,
): BookingList {
  // The list's own parameters, as read: each page link keeps them and names its page.
  const { page: _page, ...kept } = query;
  return {
    ...list,
    items: list.items.map((answer) => renderBooking(ops, answer)),
    links: {
      ...pageLinksTo(ops, 'listBookings', {}, kept, list),
      ...(signedIn ? { stats: linkTo(ops, 'getBookingStats') } : {}),
    },
  };
}

export function renderBookingStats(ops: Operations, stats: Data<BookingStats>): BookingStats {
  return {
    ...stats,
    links: { self: linkTo(ops, 'getBookingStats'), bookings: linkTo(ops, 'listBookings') },
  };
}

/** A guest booking's link, opened: the booking, now the caller's, and the page to go to (My Bookings). */
export function renderGuestLinkOpened(ops: Operations, bookingId: number): GuestLinkOpened {
  return {
    ok: true,
    links: {
      next: pageLink('/dashboard', 'My Bookings'),
      booking: linkTo(ops, 'getBooking', { id: bookingId }),
    },
  };
}

/**
 * What a guest booking's link would open, read before it is used: `open` while the link can still
 * be opened (the same single-use `POST /api/guest-link`, its token the asking page holds), and
 * `links.next`, where the booking is once it is in the account; `links.booking` only when it is in
 * the signed-in account already.
 */
export function renderGuestLinkPreview(ops: Operations, preview: GuestLinkPreviewData): GuestLinkPreview {
  const { booking, email, canOpen, signedInToThisAccount, alreadyOpened } = preview;
  const actions: GuestLinkPreview['actions'] = {};
  if (canOpen) {
    actions.open = actionTo(ops, 'open', 'confirmGuestLink', {
      title: 'Continue',
      description: 'Adds the booking to the account for its address and signs this browser in to it.',
      body: GuestLinkInput,
    }) as NonNullable<GuestLinkPreview['actions']['open']>;
  }
  return {
    booking: {
      cleanerName: booking.cleanerName,
      scheduledDate: booking.scheduledDate,
      scheduledTime: booking.scheduledTime,
      startsAt: booking.startsAt.toISOString(),
      timeZone: booking.timeZone,
    },
    email,
    signedInToThisAccount,
    alreadyOpened,
    links: {
      next: pageLink('/dashboard', 'My Bookings'),
      ...(alreadyOpened ? { booking: linkTo(ops, 'getBooking', { id: booking.id }) } : {}),
    },
    actions,
  };
}

/** The answer to a request for a new guest link: the same words whether or not anything was sent. */
export function renderGuestLinkResent(): GuestLinkResent {
  return { ok: true, message: GUEST_LINK_RESENT };
}

/**
 * What declining a request really does, by its payment (only an unconfirmed request can be
 * declined, so nothing has been charged yet unless a payment is still in flight).
 */
export function declineTerms(paymentStatus: Booking['paymentStatus']): string {
  if (paymentStatus === 'pending' || paymentStatus === 'processing') {
    return 'The customer is told you declined. Their payment is still being processed: if it goes through, it is refunded in full.';
  }
  return 'The customer is told you declined. Nothing has been charged, so there is nothing to refund.';
}

/**
 * What withdrawing from a confirmed job does (decision 071), by its payment: the customer is told
 * why, with nearby cleaners free at the same time, and gets every cent back; the cleaner is paid
 * nothing and the withdrawal counts on their record.
 */
export function withdrawTerms(paymentStatus: Booking['paymentStatus']): string {
  const money =
    paymentStatus === 'succeeded'
      ? 'Their payment is refunded in full at once'
      : 'Nothing has been charged yet; a payment that goes through is refunded in full';
  return `The customer is sent your reason and up to three nearby cleaners free at the same time. ${money}, you are paid nothing for this job, and the withdrawal counts on your record.`;
}
