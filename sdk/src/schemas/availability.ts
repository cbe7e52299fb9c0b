import { z } from 'zod';
import { MESSAGES } from '../rules/messages';
import { listOf } from './common';
import { actionOf, linkTo, PageLink } from './hypermedia';

/** The availability form's message (docs/product/cleaners.md). */
const TIME_MESSAGE = MESSAGES.availability.timeFormat;
const HhMm = z
  .string({ error: TIME_MESSAGE })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)
  .meta({ description: '24-hour local time, HH:MM' });
const IsoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .meta({ description: 'YYYY-MM-DD' });

export const Availability = z
  .object({
    id: z.number().int(),
    cleanerId: z.number().int(),
    dayOfWeek: z.number().int().min(0).max(6).meta({ description: '0 = Sunday' }),
    startTime: z.string(),
    endTime: z.string(),
    isAvailable: z.boolean(),
    links: z.object({ self: linkTo('getAvailability'), cleaner: linkTo('getCleaner') }),
    actions: z
      .object({
        update: actionOf('update', 'PUT', 'updateAvailability').optional(),
        delete: actionOf('delete', 'DELETE', 'deleteAvailability').optional(),
      })
      .meta({ description: 'the cleaner themself' }),
  })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof Availability>;

export const AvailabilityList = listOf(Availability)
  .extend({
    links: z.object({ self: linkTo('listAvailability'), cleaner: linkTo('getCleaner') }),
    actions: z.object({ create: actionOf('create', 'POST', 'createAvailability').optional() }),
  })
  .meta({ id: 'AvailabilityList' });
export type AvailabilityList = z.infer<typeof AvailabilityList>;

export const AvailabilityInput = z
  .object({
    dayOfWeek: z
      .number({ error: 'Day of week must be 0 (Sunday) to 6 (Saturday)' })
      .int('Day of week must be 0 (Sunday) to 6 (Saturday)')
      .min(0, 'Day of week must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Day of week must be 0 (Sunday) to 6 (Saturday)'),
    startTime: HhMm,
    endTime: HhMm,
    isAvailable: z.boolean().default(true),
  })
  .meta({ id: 'AvailabilityInput' });
export type AvailabilityInput = z.input<typeof AvailabilityInput>;

export const AvailabilityUpdateInput = z
  .object({ startTime: HhMm, endTime: HhMm, isAvailable: z.boolean().optional() })
  .meta({ id: 'AvailabilityUpdateInput' });
export type AvailabilityUpdateInput = z.input<typeof AvailabilityUpdateInput>;

export const TimeOff = z
  .object({
    id: z.number().int(),
    cleanerId: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    reason: z.string().nullable(),
    isRecurring: z.boolean(),
    links: z.object({ self: linkTo('getTimeOff'), cleaner: linkTo('getCleaner') }),
    actions: z.object({ delete: actionOf('delete', 'DELETE', 'deleteTimeOff').optional() }),
  })
  .meta({ id: 'TimeOff' });
export type TimeOff = z.infer<typeof TimeOff>;

export const TimeOffList = listOf(TimeOff)
  .extend({
    links: z.object({ self: linkTo('listTimeOff'), cleaner: linkTo('getCleaner') }),
    actions: z.object({ create: actionOf('create', 'POST', 'createTimeOff').optional() }),
  })
  .meta({ id: 'TimeOffList' });
export type TimeOffList = z.infer<typeof TimeOffList>;

export const TimeOffInput = z
  .object({
    startDate: IsoDate('Start date must be a date (YYYY-MM-DD)'),
    endDate: IsoDate('End date must be a date (YYYY-MM-DD)'),
    reason: z.string().trim().max(200, 'Reason must be at most 200 characters').optional(),
    isRecurring: z.boolean().default(false),
  })
  .meta({ id: 'TimeOffInput' });
export type TimeOffInput = z.input<typeof TimeOffInput>;

/**
 * One slot of a cleaner's day. `id` is null for a computed slot that has not been stored yet (the
 * cleaner's own read stores the day's slots, so their ids are stable for book/release). Its
 * `actions` are the cleaner's, on their own stored slots, each present exactly when performing it
 * would succeed now.
 */
export const TimeSlot = z
  .object({
    id: z.number().int().nullable(),
    date: z.string(),
    startTime: z.string().meta({ description: 'local HH:MM in the cleaner’s zone' }),
    endTime: z.string(),
    startsAt: z.string().meta({ description: 'ISO 8601 UTC instant' }),
    endsAt: z.string(),
    isAvailable: z.boolean().meta({ description: 'a booking of the asked duration can start here' }),
    isBooked: z.boolean(),
    freeMinutes: z.number().int().optional().meta({
      description:
        'in a day’s list: how long the cleaner is free from this start, up to their next booking or the end of their hours (0 when it is taken or past)',
    }),
    bookingId: z.number().int().nullable(),
    actions: z
      .object({
        book: actionOf('book', 'POST', 'bookTimeSlot').optional().meta({
          description:
            'mark the slot against one of the cleaner’s active bookings that covers it: `bookingId` lists exactly those; not offered now, since a booking holds the slots it covers by itself',
        }),
        release: actionOf('release', 'POST', 'releaseTimeSlot')
          .optional()
          .meta({ description: 'remove the cleaner’s mark (only a marked slot)' }),
      })
      .meta({ description: 'the cleaner reading their own stored slots; nobody else is offered any' }),
  })
  .meta({ id: 'TimeSlot' });
export type TimeSlot = z.infer<typeof TimeSlot>;

/** Slots are values of one day (a computed slot has no id): the day is the resource. */
export const TimeSlotList = listOf(TimeSlot)
  .extend({
    date: z.string(),
    timeZone: z.string(),
    links: z.object({
      self: linkTo('listTimeSlots'),
      cleaner: linkTo('getCleaner'),
      book: PageLink.meta({ description: 'the hosted booking page for this cleaner' }),
    }),
  })
  .meta({ id: 'TimeSlotList' });
export type TimeSlotList = z.infer<typeof TimeSlotList>;

export const SlotsQuery = z.object({
  duration: z.coerce
    .number({ error: 'duration must be a number of minutes' })
    .int('duration must be a whole number of minutes')
    .min(30, 'Duration must be at least 30 minutes')
    .max(720, 'Duration must be at most 12 hours')
    .optional(),
  excludeBookingId: z.coerce
    .number({ error: 'excludeBookingId must be a positive integer' })
    .int('excludeBookingId must be a positive integer')
    .positive('excludeBookingId must be a positive integer')
    .optional()
    .meta({
      description:
        'one of this cleaner’s bookings to leave out, as when moving it: the time it holds lists as free. Only its customer, its cleaner or an administrator may name it (401 signed out, 404 otherwise)',
    }),
});

export const TimeSlotBookInput = z
  .object({
    bookingId: z.coerce
      .number({ error: 'bookingId must be a positive integer' })
      .int('bookingId must be a positive integer')
      .positive('bookingId must be a positive integer'),
  })
  .meta({ id: 'TimeSlotBookInput' });
export type TimeSlotBookInput = z.input<typeof TimeSlotBookInput>;
