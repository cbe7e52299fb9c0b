import {
  Availability,
  AvailabilityInput,
  AvailabilityList,
  AvailabilityUpdateInput,
  Cleaner,
  IdParam,
  SlotsQuery,
  TimeOff,
  TimeOffInput,
  TimeOffList,
  TimeSlot,
  TimeSlotBookInput,
  TimeSlotList,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';
import { isIsoDate } from './slots';

/** The availability operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const availabilityApi = defineOperations({
  getOwnCleanerProfile: {
    method: 'get',
    path: '/cleaners/profile',
    security: 'user',
    summary: 'The signed-in user’s own cleaner profile',
    description:
      'The cleaner profile of the signed-in person, with the actions a cleaner may take on it. A person without an active cleaner profile gets 404 with the code `cleaner_profile_not_found`.',
    tags: ['availability'],
    access: 'signed-in user',
    responses: {
      200: { description: 'The cleaner profile', schema: Cleaner },
      404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
    },
  },
  listAvailability: {
    method: 'get',
    path: '/cleaners/:id/availability',
    security: 'public',
    partners: true,
    summary: 'A cleaner’s weekly hours',
    description:
      "A cleaner's weekly hours, by weekday (0 is Sunday) and start time, on the cleaner's own clock. The free times of a given day come from the cleaner's slots, which also leave out bookings and time off.",
    tags: ['availability'],
    access: 'public',
    responses: {
      200: { description: 'Rows by weekday (0 = Sunday) and start time', schema: AvailabilityList },
      404: { description: 'No such cleaner' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  getAvailability: {
    method: 'get',
    path: '/availability/:id',
    security: 'public',
    partners: true,
    summary: 'One row of a cleaner’s weekly hours',
    description:
      "One row of a cleaner's weekly hours: the weekday (0 is Sunday), its start and end on the cleaner's own clock, and whether they work then.",
    tags: ['availability'],
    access: 'public',
    responses: {
      200: { description: 'The row', schema: Availability },
      404: { description: 'No such row' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  createAvailability: {
    method: 'post',
    path: '/cleaners/:id/availability',
    security: 'user',
    summary: 'Add weekly hours (the cleaner themself)',
    description: 'Rows of one weekday may not overlap (409 `availability_overlap`).',
    tags: ['availability'],
    access: 'the cleaner',
    responses: {
      201: { description: 'The new row', schema: Availability },
      400: { description: 'dayOfWeek not 0–6, a time not HH:MM, or the end not after the start' },
      403: { description: 'Not this cleaner' },
      404: { description: 'No such cleaner' },
      409: { description: 'Overlaps another row of that weekday' },
    },
    request: { param: z.object({ id: IdParam }), json: AvailabilityInput },
  },
  updateAvailability: {
    method: 'put',
    path: '/availability/:id',
    security: 'user',
    summary: 'Change one row of weekly hours (its cleaner)',
    description:
      "The cleaner changes one row of their weekly hours. Times are `HH:MM` on the cleaner's clock, the end after the start, and rows of one weekday may not overlap.",
    tags: ['availability'],
    access: 'the cleaner',
    responses: {
      200: { description: 'The updated row', schema: Availability },
      400: { description: 'A time not HH:MM, or the end not after the start' },
      403: { description: 'Not a cleaner' },
      404: { description: 'No such row, or another cleaner’s' },
      409: { description: 'Overlaps another row of that weekday' },
    },
    request: { param: z.object({ id: IdParam }), json: AvailabilityUpdateInput },
  },
  deleteAvailability: {
    method: 'delete',
    path: '/availability/:id',
    security: 'user',
    summary: 'Remove one row of weekly hours (its cleaner)',
    description: 'Existing bookings stay; new bookings can no longer use these hours.',
    tags: ['availability'],
    access: 'the cleaner',
    responses: {
      200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) },
      403: { description: 'Not a cleaner' },
      404: { description: 'No such row, or another cleaner’s' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  listTimeOff: {
    method: 'get',
    path: '/cleaners/:id/time-off',
    security: 'user-or-admin',
    summary: 'A cleaner’s time off (the cleaner or an administrator)',
    description:
      "A cleaner's time off, by first day. Only the cleaner and administrators may read it; customers see its effect in the free slots.",
    tags: ['availability'],
    access: 'the cleaner, admin',
    responses: {
      200: { description: 'Entries by start date', schema: TimeOffList },
      403: { description: 'Not this cleaner' },
      404: { description: 'No such cleaner' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  getTimeOff: {
    method: 'get',
    path: '/time-off/:id',
    security: 'user-or-admin',
    summary: 'One time-off entry (its cleaner or an administrator)',
    description:
      "One entry of a cleaner's time off: its first and last day, its reason when given, and whether it recurs. Only the cleaner and administrators may read it.",
    tags: ['availability'],
    access: 'the cleaner, admin',
    responses: {
      200: { description: 'The entry', schema: TimeOff },
      404: { description: 'No such entry, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  createTimeOff: {
    method: 'post',
    path: '/cleaners/:id/time-off',
    security: 'user',
    summary: 'Schedule time off (the cleaner themself)',
    description:
      'Inclusive local dates. Refused with 409 `bookings_in_time_off` while an active booking falls on one of those days: decline or finish it first.',
    tags: ['availability'],
    access: 'the cleaner',
    responses: {
      201: { description: 'The new entry', schema: TimeOff },
      400: { description: 'A date is not YYYY-MM-DD, or the end is before the start' },
      403: { description: 'Not this cleaner' },
      404: { description: 'No such cleaner' },
      409: { description: 'Active bookings on those days' },
    },
    request: { param: z.object({ id: IdParam }), json: TimeOffInput },
  },
  deleteTimeOff: {
    method: 'delete',
    path: '/time-off/:id',
    security: 'user-or-admin',
    summary: 'Remove time off (its cleaner or an administrator)',
    description: 'Removes an entry of time off: its hours become bookable again where the weekly hours allow.',
    tags: ['availability'],
    access: 'the cleaner, admin',
    responses: {
      200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) },
      403: { description: 'Not a cleaner' },
      404: { description: 'No such entry, or another cleaner’s' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  listTimeSlots: {
    method: 'get',
    path: '/cleaners/:id/slots/:date',
    security: 'public',
    partners: true,
    summary: 'A cleaner’s time slots on a local date',
    description:
      'Every 30-minute slot of the cleaner’s hours on that date in their zone (none on a day off), correct across daylight-saving changes. `isBooked` when a booking holds it or the cleaner marked it; `isAvailable` when a booking of `duration` minutes (default 30) can start there now. When the cleaner reads their own day (today to a year ahead) the slots are stored, so each has an `id` and the `release` action while the cleaner’s mark is on it (a slot a booking holds is booked by it and offers no `book`); otherwise `id` may be null and no actions are offered. `bookingId` is shown only to the cleaner and administrators. `excludeBookingId` leaves one of this cleaner’s bookings out, as when moving it (its own time lists as free): only its customer, its cleaner or an administrator may name it — a booking’s `links.cleanerSlots` carries it.',
    tags: ['availability'],
    access: 'public',
    responses: {
      200: { description: 'The day’s slots in time order', schema: TimeSlotList },
      400: {
        description:
          'date is not YYYY-MM-DD, duration is out of range, or excludeBookingId is not a booking with this cleaner',
      },
      401: { description: 'excludeBookingId given while signed out' },
      404: { description: 'No such cleaner, or excludeBookingId names a booking the caller does not see' },
    },
    request: {
      param: z.object({ id: IdParam, date: z.string().refine(isIsoDate, 'Date must be a real date (YYYY-MM-DD)') }),
      query: SlotsQuery,
    },
  },
  bookTimeSlot: {
    method: 'post',
    path: '/time-slots/:id/book',
    security: 'user',
    summary: 'Mark a slot booked against one of the cleaner’s bookings',
    description:
      'Only the slot’s cleaner; the booking must be theirs, active (pending, confirmed or in progress) and cover the slot — and a booking holds every slot it covers by itself, so such a slot is already booked (409 `slot_already_booked`) and no slot offers this action now. Marks made before stay until released.',
    tags: ['availability'],
    access: 'the cleaner',
    responses: {
      200: { description: 'The slot, with its next actions', schema: TimeSlot },
      400: { description: 'bookingId is not one of the cleaner’s bookings' },
      403: { description: 'Not a cleaner' },
      404: { description: 'No such slot, or another cleaner’s' },
      409: { description: 'Booking not active, does not cover the slot, or the slot is already booked' },
    },
    request: { param: z.object({ id: IdParam }), json: TimeSlotBookInput },
  },
  releaseTimeSlot: {
    method: 'post',
    path: '/time-slots/:id/release',
    security: 'user',
    summary: 'Release a slot the cleaner marked booked',
    description:
      'Removes the manual mark only: a slot covered by an active booking still lists as booked until the booking is cancelled or moved.',
    tags: ['availability'],
    access: 'the cleaner',
    responses: {
      200: { description: 'The slot, with its next actions', schema: TimeSlot },
      403: { description: 'Not a cleaner' },
      404: { description: 'No such slot, or another cleaner’s' },
      409: { description: 'The slot is not marked booked' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
});
