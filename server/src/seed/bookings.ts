import { FREE_CANCELLATION_HOURS } from '@spotless/sdk/rules';
import { cancellationRefundReason, cancellationTerms } from '../bookings/cancellation';
import type * as t from '../db/schema';
import { addDays } from '../lib/time';
import type { BookingSpec, DemoData } from './demo-data';
import { reviewCorpus, sampleAreas } from './review-texts';
import * as w from './words';

/** One booking with its status history, its payment (and refund), and maybe a review and a response. */
export function addBooking(data: DemoData, b: BookingSpec): void {
  const { services } = data;
  const cleaner = data.cleaner(b.cleanerId);
  const service = services.find((s) => s.id === b.serviceId) ?? services[0]!;
  data.bookingId += 1;
  const startsAt = data.zoned(b.date, b.time, cleaner.timeZone);
  const duration = service.durationMinutes;
  const endsAt = new Date(startsAt.getTime() + duration * 60_000);
  const total = Math.max(service.basePriceCents, Math.round((cleaner.hourlyRateCents * duration) / 60));
  // A pending booking is an unpaid hold that expires unless paid (jobs/expire-unpaid-bookings),
  // so demo holds are fresh; everything else was booked days before.
  const createdAt =
    b.status === 'pending'
      ? new Date(data.now.getTime() - 2 * 60_000)
      : new Date(Math.min(startsAt.getTime(), data.now.getTime()) - data.rand.int(2, 20) * 86_400_000);
  const paymentStatus = b.refunded ? 'refunded' : b.paid ? 'succeeded' : 'unpaid';
  // A late cancellation keeps the policy's fee and refunds the rest, as a real one does.
  const lateAt = new Date(startsAt.getTime() - 2 * 3_600_000);
  const late = b.cancelledLate
    ? cancellationTerms({
        startsAt,
        now: lateAt,
        totalPriceCents: total,
        hourlyRateCents: cleaner.hourlyRateCents,
        paid: true,
      })
    : undefined;
  const refundedCents = b.refunded ? total : (late?.refundCents ?? 0);
  const refundReason = b.refunded
    ? `Cancelled more than ${FREE_CANCELLATION_HOURS} hours before the start`
    : late
      ? cancellationRefundReason(late.feeCents)
      : null;
  data.rows.bookings.push({
    id: data.bookingId,
    customerId: b.customerId,
    cleanerId: b.cleanerId,
    serviceId: service.id,
    status: b.status,
    startsAt,
    endsAt,
    durationMinutes: duration,
    timeZone: cleaner.timeZone,
    address: `${data.rand.int(100, 9899)} ${data.rand.pick(w.STREETS)}, ${cleaner.city}, ${cleaner.state} ${cleaner.zipCode}`,
    specialInstructions: data.rand.chance(0.3)
      ? data.rand.pick([
          'Please use the side door.',
          'We have a friendly cat.',
          'Focus on the kitchen, please.',
          'Spare key under the mat.',
        ])
      : '',
    hourlyRateCents: cleaner.hourlyRateCents,
    totalPriceCents: total,
    paymentStatus,
    cancellationFeeCents: late?.feeCents,
    cancelledAt: late ? lateAt : b.status === 'cancelled' ? new Date(createdAt.getTime() + 86_400_000) : undefined,
    cancelReason: b.status === 'cancelled' ? 'Plans changed' : undefined,
    createdAt,
    updatedAt: createdAt,
  });
  const path: Array<(typeof t.BOOKING_STATUSES)[number]> =
    b.status === 'pending'
      ? ['pending']
      : b.status === 'confirmed'
        ? ['pending', 'confirmed']
        : b.status === 'in_progress'
          ? ['pending', 'confirmed', 'in_progress']
          : b.status === 'completed'
            ? ['pending', 'confirmed', 'in_progress', 'completed']
            : b.paid
              ? ['pending', 'confirmed', 'cancelled']
              : ['pending', 'cancelled'];
  path.forEach((status, i) => {
    data.rows.history.push({
      bookingId: data.bookingId,
      fromStatus: i === 0 ? null : path[i - 1],
      toStatus: status,
      actorUserId:
        status === 'confirmed' || status === 'in_progress' || status === 'completed'
          ? data.cleaner(b.cleanerId).userId
          : b.customerId,
      actorRole: status === 'pending' || status === 'cancelled' ? 'customer' : 'cleaner',
      createdAt: new Date(createdAt.getTime() + i * 3_600_000),
    });
  });
  if (b.paid || b.refunded) {
    data.paymentId += 1;
    data.rows.payments.push({
      id: data.paymentId,
      bookingId: data.bookingId,
      customerId: b.customerId,
      provider: 'local',
      providerPaymentId: `pi_seed_${data.bookingId}`,
      amountCents: total,
      status: b.refunded ? 'refunded' : 'succeeded',
      refundedCents,
      refundReason,
      createdAt,
      updatedAt: createdAt,
    });
    // The local provider knows the payment as it knows one paid at checkout: a cancellation or an
    // administrator's refund of a seeded booking goes through, as a real one does.
    data.rows.localIntents.push({
      id: `pi_seed_${data.bookingId}`,
      clientSecret: `pi_seed_${data.bookingId}_secret_seed`,
      amountCents: total,
      currency: 'usd',
      bookingId: data.bookingId,
      customerId: b.customerId,
      succeeded: true,
      refundedCents,
      createdAt,
    });
    // The payment records recompute a payment from its provider events (payment-records.service.ts): a
    // succeeded payment without the event that made it so would read as pending at its next
    // settling — a refund asked for, even one the provider refuses.
    data.rows.paymentEvents.push({
      id: `evt_seed_${data.paymentId}`,
      provider: 'local',
      type: 'payment_succeeded',
      paymentId: data.paymentId,
      providerCreatedAt: createdAt,
      payload: { type: 'payment_succeeded', providerPaymentId: `pi_seed_${data.bookingId}`, amountCents: total },
      receivedAt: createdAt,
    });
    if (refundReason)
      data.rows.refunds.push({
        paymentId: data.paymentId,
        amountCents: refundedCents,
        reason: refundReason,
        providerRefundId: `re_seed_${data.paymentId}`,
        status: 'succeeded',
        createdAt,
        updatedAt: createdAt,
      });
  }
  const stats = data.cleanerStats.get(b.cleanerId)!;
  if (b.status === 'completed') stats.completed += 1;
  if (b.status === 'completed' && b.reviewed) {
    const overall = data.rand.weighted([5, 4, 3, 2, 1], [55, 28, 10, 4, 3]);
    const near = () => Math.max(1, Math.min(5, overall + data.rand.weighted([-1, 0, 1], [2, 6, 1])));
    const tier = overall >= 4 ? 'GOOD' : overall === 3 ? 'MIXED' : 'BAD';
    // Written about the service booked (a regular clean's review never talks of a move-out).
    const text = reviewCorpus(service.type);
    data.reviewId += 1;
    const reviewedAt = new Date(endsAt.getTime() + data.rand.int(1, 72) * 3_600_000);
    data.rows.reviews.push({
      id: data.reviewId,
      bookingId: data.bookingId,
      cleanerId: b.cleanerId,
      customerId: b.customerId,
      serviceId: service.id,
      overallRating: overall,
      qualityRating: near(),
      punctualityRating: near(),
      professionalismRating: near(),
      communicationRating: near(),
      title: data.rand.pick(text.titles[tier]),
      comment: data.rand.pick(text.comments[tier]),
      pros: overall >= 4 ? data.rand.pick(text.pros) : null,
      cons: overall <= 3 ? data.rand.pick(text.cons) : null,
      serviceAreas: sampleAreas(data.rand, text.areas, data.rand.int(1, 4)),
      timeSpent: `${Math.round(duration / 60)} hours`,
      wouldRecommend: overall >= 4,
      wouldRebook: overall >= 3,
      isVerified: true,
      createdAt: reviewedAt,
      updatedAt: reviewedAt,
    });
    if (data.rand.chance(0.2)) {
      data.rows.responses.push({
        reviewId: data.reviewId,
        cleanerId: b.cleanerId,
        response:
          overall >= 4
            ? 'Thank you so much — it was a pleasure!'
            : 'Thank you for the feedback; I am sorry and will do better next time.',
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
    }
    stats.sum += overall;
    stats.count += 1;
  }
}

/** Every cleaner's past: completed, paid jobs, most reviewed. A lighter history at large sizes. */
export function addHistory(data: DemoData): void {
  const { rand, today } = data;
  // Dense demo data at the default size; a lighter history keeps 100,000 cleaners under a minute.
  const maxHistory = data.options.cleaners <= 5000 ? 24 : 3;
  const residential = data.services.filter((s) => s.category === 'residential');
  for (const cleaner of data.rows.cleaners) {
    const history = rand.int(0, maxHistory);
    for (let j = 0; j < history; j++) {
      addBooking(data, {
        customerId: rand.pick(data.customerIds),
        cleanerId: cleaner.id!,
        serviceId: rand.pick(residential).id,
        status: 'completed',
        date: addDays(today, -rand.int(3, 540)),
        time: rand.pick(['09:00', '13:00']),
        paid: true,
        reviewed: rand.chance(0.65),
      });
    }
  }
}
