import { centsToDollars } from '@spotless/sdk/rules';
import {
  type BookingSeries,
  type BookingSeriesList,
  SeriesCreateInput,
  SeriesReasonInput,
} from '@spotless/sdk/schemas';
import { skipTerms } from '../bookings/visit-terms';
import { actionTo, linkTo, type Operations, pageLink } from '../contract/hypermedia';
import type { BookingRow } from '../db/schema';
import { toLocal } from '../lib/time';
import type { SeriesAnswer, VisitAnswer } from './series.service';
import { weekdayOfDate } from './series-dates';
import { conflictMessage } from './series-horizon.service';

type Actions = BookingSeries['actions'];
type CancelledBy = NonNullable<BookingSeries['visits'][number]['cancelled']>['by'];

/** Who ended a visit, as its series shows it. */
const CANCELLED_BY: Record<NonNullable<BookingRow['cancellationKind']>, CancelledBy> = {
  customer: 'customer',
  admin: 'admin',
  expired: 'unpaid',
  declined: 'cleaner',
  withdrawn: 'cleaner',
};

function renderVisit(ops: Operations, seriesId: number, v: VisitAnswer): BookingSeries['visits'][number] {
  const b = v.visit;
  const local = toLocal(b.startsAt, b.timeZone);
  const actions: BookingSeries['visits'][number]['actions'] = {};
  if (v.maySkip) {
    actions.skip = actionTo(ops, 'skip', 'skipSeriesVisit', {
      title: 'Skip',
      description: skipTerms(b),
      params: { id: seriesId, bookingId: b.id },
    }) as NonNullable<typeof actions.skip>;
  }
  if (v.mayDecline) {
    actions.decline = actionTo(ops, 'decline', 'declineSeriesVisit', {
      title: 'Decline this visit',
      description: 'The customer is told your reason and refunded in full if charged.',
      params: { id: seriesId, bookingId: b.id },
      body: SeriesReasonInput,
    }) as NonNullable<typeof actions.decline>;
  }
  return {
    bookingId: b.id,
    occurrence: b.occurrence ?? local.date,
    scheduledDate: local.date,
    scheduledTime: local.time,
    startsAt: b.startsAt.toISOString(),
    status: b.status,
    skipped: v.skipped,
    cancelled:
      b.status === 'cancelled'
        ? {
            by: CANCELLED_BY[b.cancellationKind ?? 'admin'],
            reason: b.cancellationKind === 'withdrawn' || b.cancellationKind === 'declined' ? b.cancelReason : null,
          }
        : null,
    payment: v.payment,
    chargeAt: v.chargeAt?.toISOString() ?? null,
    payBy: v.payBy?.toISOString() ?? null,
    price: centsToDollars(b.totalPriceCents),
    links: { booking: linkTo(ops, 'getBooking', { id: b.id }) },
    actions,
  };
}

/** A series with what its caller may do now (each action from the rule its write checks). */
export function renderSeries(ops: Operations, answer: SeriesAnswer): BookingSeries {
  const { view, may } = answer;
  const s = view.series;
  const id = s.id;
  const actions: Actions = {};
  const reason = { params: { id }, body: SeriesReasonInput };
  if (may.pause) {
    actions.pause = actionTo(ops, 'pause', 'pauseBookingSeries', {
      title: 'Pause',
      description: 'No new visits are booked until you resume; those booked stay.',
      ...reason,
    }) as Actions['pause'];
  }
  if (may.resume)
    actions.resume = actionTo(ops, 'resume', 'resumeBookingSeries', {
      title: 'Resume',
      ...reason,
    }) as Actions['resume'];
  if (may.end) {
    actions.end = actionTo(ops, 'end', 'endBookingSeries', {
      title: 'End regular cleaning',
      description: 'Every future visit is cancelled: free 24 hours or more ahead, later the cleaner’s fee is kept.',
      ...reason,
    }) as Actions['end'];
  }
  if (may.decline) {
    actions.decline = actionTo(ops, 'decline', 'declineBookingSeries', {
      title: 'Decline the series',
      description: 'Every future visit is cancelled and refunded in full; the customer is told your reason.',
      ...reason,
    }) as Actions['decline'];
  }
  const visits = answer.visits.map((v) => renderVisit(ops, id, v));
  return {
    id,
    role: answer.role,
    status: s.status,
    frequency: s.frequency,
    schedule: answer.schedule,
    weekday: weekdayOfDate(s.anchorDate),
    localTime: s.localTime,
    timeZone: s.timeZone,
    duration: s.durationMinutes,
    address: s.address,
    specialInstructions: s.specialInstructions,
    pricePerVisit: centsToDollars(answer.pricePerVisitCents),
    card: s.cardLast4 ? { last4: s.cardLast4 } : null,
    cleaner: { id: s.cleanerId, firstName: view.cleanerFirstName ?? '', lastName: view.cleanerLastName ?? '' },
    customer: { firstName: view.customerFirstName, lastName: view.customerLastName },
    service: { id: s.serviceId, name: view.serviceName },
    nextVisit: visits.find((v) => v.status === 'pending' || v.status === 'confirmed') ?? null,
    visits,
    conflicts: answer.conflicts.map((c) => ({
      occurrence: c.occurrence,
      reason: c.reason,
      message: conflictMessage(c.reason),
      alternatives: c.alternatives.map((a) => {
        const local = toLocal(new Date(a), s.timeZone);
        return { startsAt: a, scheduledDate: local.date, scheduledTime: local.time };
      }),
      links: { book: pageLink(`/booking/${s.cleanerId}/${s.serviceId}?date=${c.occurrence}`, 'Book another time') },
    })),
    plannedThrough: s.plannedThrough,
    endedAt: s.endedAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    links: {
      self: linkTo(ops, 'getBookingSeries', { id }),
      cleaner: linkTo(ops, 'getCleaner', { id: s.cleanerId }),
      page:
        answer.role === 'cleaner'
          ? pageLink(`/cleaner-dashboard?tab=regular&series=${id}`, 'Regular cleanings')
          : answer.role === 'admin'
            ? pageLink('/admin-dashboard', 'Administration')
            : pageLink(`/dashboard?tab=regular&series=${id}`, 'Regular cleanings'),
    },
    actions,
  };
}

export function renderSeriesList(ops: Operations, answers: SeriesAnswer[], mayCreate: boolean): BookingSeriesList {
  return {
    items: answers.map((a) => renderSeries(ops, a)),
    links: { self: linkTo(ops, 'listBookingSeries') },
    actions: mayCreate
      ? {
          create: actionTo(ops, 'create', 'createBookingSeries', {
            title: 'Make a booking regular',
            body: SeriesCreateInput,
          }) as NonNullable<BookingSeriesList['actions']['create']>,
        }
      : {},
  };
}
