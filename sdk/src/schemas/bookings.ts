import { z } from 'zod';
import { RESCHEDULE_CLOSES_HOURS } from '../rules/cancellation';
import { MESSAGES } from '../rules/messages';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, REFUND_STATUSES } from '../rules/statuses';
import { Money, pageOf } from './common';
import { actionOf, linkTo, PageLink, pageLinks } from './hypermedia';

const text = MESSAGES.booking;

export const BookingStatus = z.enum(BOOKING_STATUSES).meta({ id: 'BookingStatus' });
export type BookingStatus = z.infer<typeof BookingStatus>;

export const BookingPaymentStatus = z.enum(BOOKING_PAYMENT_STATUSES).meta({ id: 'BookingPaymentStatus' });
export type BookingPaymentStatus = z.infer<typeof BookingPaymentStatus>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** An ISO date-time: with `Z` or an offset it is an instant; without, the cleaner's wall clock. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/;

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive integer` })
    .int(`${name} must be a positive integer`)
    .positive(`${name} must be a positive integer`);

/**
 * The booking form's create payload (docs/product/booking-and-payments.md). The time is either
 * `scheduledDate` "YYYY-MM-DD" plus `scheduledTime` "HH:MM" (the cleaner's wall clock), or
 * `scheduledDate` alone as an ISO date-time (an instant when it carries `Z` or an offset, else the
 * cleaner's wall clock). `totalPrice` is only a quote check; `customerId` is never trusted.
 */
const BookingCreateFields = z.object({
  customerId: z.unknown().optional().meta({ description: 'ignored: the booking is the signed-in user’s' }),
  cleanerId: positiveId('cleanerId'),
  serviceId: positiveId('serviceId'),
  address: z
    .string({ error: text.addressRequired })
    .trim()
    .min(1, text.addressRequired)
    .max(500, 'Address must be at most 500 characters')
    .meta({ description: 'Address' }),
  scheduledDate: z
    .string({ error: text.dateRequired })
    .trim()
    .min(1, text.dateRequired)
    .refine((v) => DATE.test(v) || DATE_TIME.test(v), text.dateRequired),
  scheduledTime: z
    .string({ error: text.timeRequired })
    .trim()
    .refine((v) => HH_MM.test(v), text.timeRequired)
    .optional(),
  duration: z.coerce
    .number({ error: text.durationTooShort })
    .meta({ description: 'minutes: 30 to 720 in steps of 15' }),
  totalPrice: z
    .union([z.string(), z.number().transform((n) => n.toFixed(2))], { error: text.priceRequired })
    .meta({ description: 'the price the customer saw, e.g. "90.00"; compared with the server’s' }),
  specialInstructions: z.string().max(2000, 'Special instructions must be at most 2000 characters').default(''),
});

/** A booking's date and time: a local date with a time, or an ISO instant without one. */
function checkWhen(input: { scheduledDate: string; scheduledTime?: string | undefined }, ctx: z.RefinementCtx) {
  if (DATE.test(input.scheduledDate) && input.scheduledTime === undefined) {
    ctx.addIssue({ code: 'custom', path: ['scheduledTime'], message: text.timeRequired });
  }
  if (DATE_TIME.test(input.scheduledDate) && input.scheduledTime !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['scheduledDate'],
      message: 'Send scheduledDate as YYYY-MM-DD when scheduledTime is given',
    });
  }
}

export const BookingCreateInput = BookingCreateFields.superRefine(checkWhen).meta({ id: 'BookingCreateInput' });
export type BookingCreateInput = z.input<typeof BookingCreateInput>;

/**
 * A booking from a partner widget without an account (decision 049): the booking's fields and who it is
 * for — the guest's name, e-mail and phone, which the cleaner and we use until the e-mailed link
 * joins the booking to an account.
 */
export const GuestBookingInput = BookingCreateFields.omit({ customerId: true })
  .extend({
    guestName: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'At most 100 characters')
      .meta({ description: 'Your name' }),
    guestEmail: z
      .email('Please enter a valid email address')
      .max(254)
      .transform((v) => v.toLowerCase())
      .meta({ description: 'Email' }),
    guestPhone: z
      .string({ error: 'Phone is required' })
      .trim()
      .regex(/^\+?[0-9 ().-]{7,25}$/, 'Please enter a valid phone number')
      .meta({ description: 'Phone' }),
  })
  .superRefine(checkWhen)
  .meta({ id: 'GuestBookingInput' });
export type GuestBookingInput = z.input<typeof GuestBookingInput>;

/** The customer's edit (docs/product/booking-and-payments.md): a new local date and/or time, and the instructions. */
export const BookingUpdateInput = z
  .object({
    scheduledDate: z
      .string()
      .trim()
      .refine((v) => DATE.test(v), 'Date must be YYYY-MM-DD')
      .optional(),
    scheduledTime: z
      .string()
      .trim()
      .refine((v) => HH_MM.test(v), 'Time must be in HH:MM format')
      .optional(),
    specialRequests: z.string().max(2000, 'Special requests must be at most 2000 characters').optional(),
    specialInstructions: z.string().max(2000, 'Special instructions must be at most 2000 characters').optional(),
    address: z.string().trim().min(1, text.addressRequired).max(500).optional(),
  })
  .meta({ id: 'BookingUpdateInput' });
export type BookingUpdateInput = z.input<typeof BookingUpdateInput>;

export const BookingStatusInput = z
  .object({ status: BookingStatus, note: z.string().max(500).optional() })
  .meta({ id: 'BookingStatusInput' });
export type BookingStatusInput = z.input<typeof BookingStatusInput>;

export const BookingCancelInput = z.object({ reason: z.string().trim().max(500).optional() });

/**
 * Who ended a cancelled booking, and how (decision 071): its customer, an administrator, the system
 * for want of payment, its cleaner declining a request, or its cleaner withdrawing from a job they
 * had accepted.
 */
export const BOOKING_CANCELLATION_KINDS = ['customer', 'admin', 'expired', 'declined', 'withdrawn'] as const;

const REASON_TOO_SHORT = 'Please tell the customer why you cannot come (at least 10 characters)';

/** A cleaner's withdrawal from a confirmed job (decision 071): the reason the customer is sent. */
export const BookingWithdrawInput = z
  .object({
    reason: z
      .string({ error: REASON_TOO_SHORT })
      .trim()
      .min(10, REASON_TOO_SHORT)
      .max(500, 'Reason must be at most 500 characters')
      .meta({ description: 'Why you cannot come (sent to the customer)' }),
  })
  .meta({ id: 'BookingWithdrawInput' });
export type BookingWithdrawInput = z.input<typeof BookingWithdrawInput>;

export const BookingListQuery = z.object({
  status: z
    .union([BookingStatus, z.enum(['all', 'active', 'history'])])
    .optional()
    .meta({
      description:
        '`active`: pending, confirmed or in progress; `history`: completed or cancelled. Active statuses list soonest start first, the rest latest start first',
    }),
  cleanerId: positiveId('cleanerId').optional(),
  q: z
    .string()
    .trim()
    .max(100, 'q must be at most 100 characters')
    .optional()
    .meta({ description: 'part of the cleaner’s first or last name or of the service’s name, any case' }),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(100),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});
export type BookingListQuery = z.input<typeof BookingListQuery>;

export const BookingLinks = z
  .object({
    self: linkTo('getBooking'),
    cleaner: linkTo('getCleaner'),
    service: linkTo('getService'),
    payment: linkTo('getPayment').optional().meta({ description: 'its latest payment, once paying started' }),
    cleanerSlots: linkTo('listTimeSlots').optional().meta({
      description:
        'templated: {date}, for rescheduling — for the booking’s own duration and leaving the booking out (`excludeBookingId`), so its current time lists as free',
    }),
    review: PageLink.optional().meta({ description: 'its customer, once completed and not yet reviewed' }),
    rebook: PageLink.optional().meta({ description: 'its customer, once completed: book the same again' }),
    calendar: linkTo('getBookingCalendar').optional().meta({
      description:
        'its customer, its cleaner and administrators, while it is confirmed or in progress: the booking as an `.ics` file to add to a calendar',
    }),
    messages: linkTo('listBookingMessages').optional().meta({
      description: 'its customer, its cleaner and administrators: the thread between the two parties',
    }),
    series: linkTo('getBookingSeries').optional().meta({
      description: 'a visit of a recurring series: the series, for its customer, its cleaner and administrators',
    }),
    page: PageLink,
  })
  .meta({ id: 'BookingLinks' });

export const BookingActions = z
  .object({
    pay: actionOf('pay', 'POST', 'createPaymentIntent').optional(),
    edit: actionOf('edit', 'PUT', 'updateBooking')
      .optional()
      .meta({
        description: `lists scheduledDate/scheduledTime only while rescheduling is open (${RESCHEDULE_CLOSES_HOURS} hours ahead)`,
      }),
    cancel: actionOf('cancel', 'DELETE', 'cancelBooking')
      .optional()
      .meta({ description: 'its description states the fee kept and the refund, when a fee applies' }),
    accept: actionOf('accept', 'PATCH', 'setBookingStatus').optional(),
    decline: actionOf('decline', 'PATCH', 'setBookingStatus').optional(),
    start: actionOf('start', 'PATCH', 'setBookingStatus').optional(),
    complete: actionOf('complete', 'PATCH', 'setBookingStatus').optional(),
    withdraw: actionOf('withdraw', 'POST', 'withdrawBooking').optional().meta({
      description:
        'its cleaner, while it is confirmed and has not started: cancels it, refunds the customer in full and tells them',
    }),
    review: actionOf('review', 'POST', 'createReview')
      .optional()
      .meta({ description: 'its customer, once completed and not yet reviewed: the full review form' }),
    makeRecurring: actionOf('makeRecurring', 'POST', 'createBookingSeries').optional().meta({
      description:
        'its customer (signed in), for a one-time booking not yet started or cancelled: makes it the first visit of a recurring series',
    }),
    skip: actionOf('skip', 'POST', 'skipSeriesVisit').optional().meta({
      description: 'its customer, for a visit of a series 24 hours or more ahead: cancels this visit only',
    }),
    reportDamage: actionOf('reportDamage', 'POST', 'reportDamage')
      .optional()
      .meta({ description: 'its customer, within 24 hours of a paid job’s end: holds the cleaner’s payout' }),
  })
  .meta({ id: 'BookingActions' });
export type BookingActions = z.infer<typeof BookingActions>;

export const Booking = z
  .object({
    id: z.number().int(),
    status: BookingStatus,
    customerId: z.number().int().nullable(),
    cleanerId: z.number().int(),
    serviceId: z.number().int(),
    scheduledDate: z.string().meta({ description: 'local date in the cleaner’s zone, YYYY-MM-DD' }),
    scheduledTime: z.string().meta({ description: 'local start time in the cleaner’s zone, HH:MM' }),
    startsAt: z.string().meta({ description: 'ISO 8601 UTC instant' }),
    endsAt: z.string(),
    timeZone: z.string(),
    duration: z.number().int().meta({ description: 'minutes' }),
    address: z.string(),
    specialInstructions: z.string(),
    specialRequests: z.string().meta({ description: 'the same text as specialInstructions (the dashboard’s name)' }),
    totalPrice: Money,
    totalAmount: z.number(),
    hourlyRate: Money,
    paymentStatus: BookingPaymentStatus,
    cancellationFee: Money.nullable(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    cancellationKind: z.enum(BOOKING_CANCELLATION_KINDS).nullable().meta({
      description:
        'who cancelled it: customer, admin, expired, declined (by its cleaner) or withdrawn (by its cleaner after accepting)',
    }),
    createdAt: z.string(),
    hasReview: z.boolean(),
    damageReportStatus: z.enum(['open', 'released', 'partial_refund', 'full_refund']).nullable().meta({
      description: 'the problem its customer reported: open until an administrator resolves it; null without one',
    }),
    damageDecision: z
      .object({
        refund: Money.meta({ description: 'refunded to the customer: 0.00 when the payout was released' }),
        reason: z.string(),
        resolvedAt: z.string(),
      })
      .nullable()
      .meta({
        description:
          'how an administrator resolved the reported problem, shown to the booking’s customer, its cleaner and administrators; null while open or without a report',
      }),
    refund: z
      .object({
        amount: Money,
        status: z.enum(REFUND_STATUSES).meta({
          description: 'pending (on its way), succeeded (back on the card) or failed (the card’s bank refused it)',
        }),
        note: z
          .string()
          .optional()
          .meta({ description: 'a refund that did not go through: what happens next, in words for the customer' }),
      })
      .nullable()
      .meta({ description: 'money on its way back or returned to the card (a cancellation refunds by the policy)' }),
    series: z
      .object({
        id: z.number().int(),
        frequency: z.enum(['weekly', 'biweekly', 'every_4_weeks', 'monthly', 'quarterly']),
        chargeAt: z.string().nullable().meta({
          description:
            'a later visit not paid yet: when its saved card is charged (null once paid, or for the first visit)',
        }),
      })
      .nullable()
      .meta({ description: 'the recurring series it is a visit of; null for a one-time booking' }),
    cleaner: z.object({ id: z.number().int(), user: z.object({ firstName: z.string(), lastName: z.string() }) }),
    service: z.object({ id: z.number().int(), name: z.string(), description: z.string() }),
    customer: z
      .object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() })
      .nullable(),
    links: BookingLinks,
    actions: BookingActions.meta({
      description: 'what the caller may do to this booking now, each present only when it would succeed',
    }),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof Booking>;

export const BookingList = pageOf(Booking)
  .extend({
    links: pageLinks('listBookings').extend({
      stats: linkTo('getBookingStats').optional().meta({ description: 'a signed-in customer’s figures' }),
    }),
  })
  .meta({ id: 'BookingList' });
export type BookingList = z.infer<typeof BookingList>;

/** The signed-in customer's figures (dashboard stat cards and analytics). */
export const BookingStats = z
  .object({
    total: z.number().int(),
    completed: z.number().int(),
    upcoming: z.number().int().meta({ description: 'pending or confirmed' }),
    cancelled: z.number().int(),
    totalSpent: Money.meta({ description: 'succeeded payments minus refunds' }),
    averagePerBooking: Money.meta({ description: 'totalSpent over the bookings with a kept payment; 0.00 without' }),
    thisMonthCount: z.number().int().meta({ description: 'bookings scheduled in the current UTC month' }),
    thisMonthSpent: Money.meta({ description: 'net payments made in the current UTC month' }),
    averageRatingGiven: z.number().nullable().meta({ description: 'of the customer’s reviews; null without' }),
    favouriteService: z.string().nullable().meta({ description: 'most booked (not cancelled); null without' }),
    links: z.object({ self: linkTo('getBookingStats'), bookings: linkTo('listBookings') }),
  })
  .meta({ id: 'BookingStats' });
export type BookingStats = z.infer<typeof BookingStats>;

/**
 * A guest booking made (decision 049): the booking as its guest sees it (with its `pay` action) and the
 * guest token — shown once, good for this booking's payment and nothing else
 * (`Authorization: Bearer …`). The confirmation e-mail carries the link that manages it.
 */
export const GuestBookingCreated = z
  .object({
    guestToken: z.string().meta({ description: 'send as `Authorization: Bearer …` to read and pay this booking' }),
    booking: Booking,
  })
  .meta({ id: 'GuestBookingCreated' });
export type GuestBookingCreated = z.infer<typeof GuestBookingCreated>;
