import { z } from 'zod';
import { Money } from './common';
import { actionOf, linkTo, PageLink } from './hypermedia';

/**
 * Recurring cleanings (decision 088): a series books the same cleaner, service, address, length,
 * weekday and local time again and again; each visit is an ordinary booking, paid on its own.
 */

export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'every_4_weeks', 'monthly', 'quarterly'] as const;
export const SeriesFrequency = z.enum(SERIES_FREQUENCIES, {
  error: 'Choose weekly, biweekly, every_4_weeks, monthly or quarterly',
});
export type SeriesFrequency = z.infer<typeof SeriesFrequency>;

export const SeriesStatus = z.enum(['pending', 'active', 'paused', 'ended', 'declined']).meta({
  description:
    '`pending`: its first visit is not paid yet (later visits are booked once it is); `paused`: no new visits are booked; `declined`: its cleaner will not keep it',
});

export const SeriesCreateInput = z
  .object({
    bookingId: z.number({ error: 'bookingId must be a number' }).int().positive().meta({
      description: 'the first visit: one of your bookings, not cancelled or completed, not already in a series',
    }),
    frequency: SeriesFrequency,
  })
  .strict()
  .meta({ id: 'SeriesCreateInput' });
export type SeriesCreateInput = z.input<typeof SeriesCreateInput>;

export const SeriesReasonInput = z
  .object({
    reason: z.string().trim().max(500, 'At most 500 characters').optional().meta({
      description: 'why, told to the other party',
    }),
  })
  .strict()
  .meta({ id: 'SeriesReasonInput' });
export type SeriesReasonInput = z.input<typeof SeriesReasonInput>;

export const SeriesVisitPayment = z
  .enum(['paid', 'charge_scheduled', 'charge_failed', 'awaiting_payment', 'refunded'])
  .meta({
    description:
      '`charge_scheduled`: the saved card is charged at `chargeAt`; `charge_failed`: the charge was declined — pay it before `payBy` or the visit is cancelled without fee; `awaiting_payment`: the first visit, paid at checkout',
  });

export const SeriesVisit = z
  .object({
    bookingId: z.number().int(),
    occurrence: z.string().meta({ description: 'the local date the series planned it for, YYYY-MM-DD' }),
    scheduledDate: z
      .string()
      .meta({ description: 'local date in the cleaner’s zone (differs from `occurrence` once rescheduled)' }),
    scheduledTime: z.string(),
    startsAt: z.string(),
    status: z.enum(['pending', 'confirmed', 'in_progress', 'completed', 'cancelled']),
    skipped: z.boolean().meta({ description: 'cancelled by its customer' }),
    cancelled: z
      .object({
        by: z.enum(['customer', 'cleaner', 'admin', 'unpaid']),
        reason: z.string().nullable().meta({ description: 'the cleaner’s reason, when they declined it' }),
      })
      .nullable()
      .meta({ description: 'who cancelled it, once cancelled' }),
    payment: SeriesVisitPayment.nullable().meta({ description: 'null once cancelled or completed' }),
    chargeAt: z.string().nullable().meta({ description: 'when the saved card is charged for it' }),
    payBy: z.string().nullable().meta({ description: 'unpaid by then, it is cancelled without fee' }),
    price: Money,
    links: z.object({ booking: linkTo('getBooking') }),
    actions: z.object({
      skip: actionOf('skip', 'POST', 'skipSeriesVisit').optional().meta({
        description: 'its customer, 24 hours or more before it: cancels this visit only, refunded in full if charged',
      }),
      decline: actionOf('decline', 'POST', 'declineSeriesVisit').optional().meta({
        description: 'its cleaner, before it starts: this visit only; the customer is refunded in full if charged',
      }),
    }),
  })
  .meta({ id: 'SeriesVisit' });
export type SeriesVisit = z.infer<typeof SeriesVisit>;

export const SeriesConflict = z
  .object({
    occurrence: z.string().meta({ description: 'the local date the visit was planned for' }),
    reason: z.enum(['slot_taken', 'time_off', 'outside_hours', 'unavailable']),
    message: z.string(),
    alternatives: z
      .array(z.object({ startsAt: z.string(), scheduledDate: z.string(), scheduledTime: z.string() }))
      .meta({ description: 'the nearest free times of the same cleaner, when it was found' }),
    links: z.object({
      book: PageLink.meta({ description: 'the cleaner’s booking page, to book one of the alternatives' }),
    }),
  })
  .meta({ id: 'SeriesConflict' });

export const BookingSeries = z
  .object({
    id: z.number().int(),
    role: z.enum(['customer', 'cleaner', 'admin']).meta({ description: 'how the caller takes part in it' }),
    status: SeriesStatus,
    frequency: SeriesFrequency,
    schedule: z.string().meta({ description: 'in words: “Every 2 weeks on Friday at 9:00 AM (CST)”' }),
    weekday: z.number().int().min(0).max(6).meta({ description: '0 is Sunday, on the cleaner’s clock' }),
    localTime: z.string().meta({ description: 'HH:MM on the cleaner’s clock, kept across daylight-saving changes' }),
    timeZone: z.string(),
    duration: z.number().int(),
    address: z.string(),
    specialInstructions: z.string(),
    pricePerVisit: Money.meta({ description: 'by today’s rate; each visit keeps the price it was booked at' }),
    card: z
      .object({ last4: z.string() })
      .nullable()
      .meta({ description: 'the saved card later visits are charged to; null until the first visit is paid' }),
    cleaner: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
    customer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
    service: z.object({ id: z.number().int(), name: z.string() }),
    nextVisit: SeriesVisit.nullable(),
    visits: z.array(SeriesVisit).meta({ description: 'from today on, soonest first, skipped ones included' }),
    conflicts: z.array(SeriesConflict).meta({ description: 'planned visits it could not book, from today on' }),
    plannedThrough: z.string().meta({ description: 'visits are booked up to this local date (about 8 weeks ahead)' }),
    endedAt: z.string().nullable(),
    createdAt: z.string(),
    links: z.object({
      self: linkTo('getBookingSeries'),
      cleaner: linkTo('getCleaner'),
      page: PageLink,
    }),
    actions: z.object({
      pause: actionOf('pause', 'POST', 'pauseBookingSeries').optional().meta({
        description: 'its customer, while active: no new visits are booked; those booked stay',
      }),
      resume: actionOf('resume', 'POST', 'resumeBookingSeries').optional(),
      end: actionOf('end', 'POST', 'endBookingSeries').optional().meta({
        description: 'its customer: every future visit is cancelled under the cancellation policy',
      }),
      decline: actionOf('decline', 'POST', 'declineBookingSeries').optional().meta({
        description: 'its cleaner: every future visit is cancelled and refunded in full',
      }),
    }),
  })
  .meta({ id: 'BookingSeries' });
export type BookingSeries = z.infer<typeof BookingSeries>;

export const BookingSeriesList = z
  .object({
    items: z.array(BookingSeries).meta({ description: 'the caller’s series as customer and as cleaner, newest first' }),
    links: z.object({ self: linkTo('listBookingSeries') }),
    actions: z.object({
      create: actionOf('create', 'POST', 'createBookingSeries').optional(),
    }),
  })
  .meta({ id: 'BookingSeriesList' });
export type BookingSeriesList = z.infer<typeof BookingSeriesList>;
