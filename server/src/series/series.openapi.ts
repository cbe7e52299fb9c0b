import { BookingSeries, BookingSeriesList, IdParam, SeriesCreateInput, SeriesReasonInput } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

const ANSWER = { 200: { description: 'The series as it is now', schema: BookingSeries } };
const SERIES = z.object({ id: IdParam });
const VISIT = z.object({ id: IdParam, bookingId: IdParam });

/** Recurring cleanings (decision 088): a series of visits, each an ordinary booking paid on its own. */
export const seriesApi = defineOperations({
  createBookingSeries: {
    method: 'post',
    path: '/booking-series',
    security: 'user',
    summary: 'Make a booking the first visit of a recurring series',
    description:
      'The booking (yours, signed in, one-time, not started or cancelled; its `actions.makeRecurring`) becomes the first visit; later visits keep its cleaner, service, address, length and local time, on the same weekday (monthly and quarterly: the same weekday of the month, a fifth one meaning the last). Paying the first visit saves the card; a scheduled job then books visits about 8 weeks ahead, each charged to that card 72 hours before it. Refused to the assistant.',
    tags: ['series'],
    access: 'the booking’s customer',
    responses: {
      201: { description: 'The new series', schema: BookingSeries },
      400: { description: 'A malformed body (`bookingId`, `frequency`)' },
      403: { description: 'An administrator session or the assistant' },
      404: { description: 'No such booking of yours' },
      409: { description: 'The booking is already in a series, started, cancelled or past (`not_recurrable`)' },
    },
    request: { json: SeriesCreateInput },
  },
  listBookingSeries: {
    method: 'get',
    path: '/booking-series',
    security: 'user-or-admin',
    summary: 'Your recurring series, as customer and as cleaner',
    description: 'Newest first, at most 50; an administrator sees every series.',
    tags: ['series'],
    access: 'signed-in user, admin',
    responses: { 200: { description: 'The series', schema: BookingSeriesList } },
  },
  getBookingSeries: {
    method: 'get',
    path: '/booking-series/:id',
    security: 'user-or-admin',
    summary: 'One recurring series with its coming visits',
    description: 'For its customer, its cleaner and administrators; anyone else is told it does not exist.',
    tags: ['series'],
    access: 'its customer, its cleaner, admin',
    responses: { ...ANSWER, 404: { description: 'No such series of yours' } },
    request: { param: SERIES },
  },
  pauseBookingSeries: {
    method: 'post',
    path: '/booking-series/:id/pause',
    security: 'user',
    summary: 'Pause a series: no new visits are booked',
    description: 'Visits already booked stay (skip them one by one). Its customer, while it is active.',
    tags: ['series'],
    access: 'its customer',
    responses: {
      ...ANSWER,
      403: { description: 'The assistant' },
      404: { description: 'No such series of yours' },
      409: { description: 'Not active' },
    },
    request: { param: SERIES, json: SeriesReasonInput },
  },
  resumeBookingSeries: {
    method: 'post',
    path: '/booking-series/:id/resume',
    security: 'user',
    summary: 'Resume a paused series',
    description: 'Visits are booked again from today, up to the horizon, by the next run of the scheduled job.',
    tags: ['series'],
    access: 'its customer',
    responses: {
      ...ANSWER,
      403: { description: 'The assistant' },
      404: { description: 'No such series of yours' },
      409: { description: 'Not paused' },
    },
    request: { param: SERIES, json: SeriesReasonInput },
  },
  endBookingSeries: {
    method: 'post',
    path: '/booking-series/:id/end',
    security: 'user',
    summary: 'End a series: every future visit is cancelled under the cancellation policy',
    description:
      'Its customer. Each future visit is cancelled as if by its customer: free 24 hours or more ahead (a charged one refunded in full), later the cleaner’s fee is kept. Visits past or in progress are not touched.',
    tags: ['series'],
    access: 'its customer',
    responses: {
      ...ANSWER,
      403: { description: 'The assistant' },
      404: { description: 'No such series of yours' },
      409: { description: 'Already ended or declined' },
    },
    request: { param: SERIES, json: SeriesReasonInput },
  },
  declineBookingSeries: {
    method: 'post',
    path: '/booking-series/:id/decline',
    security: 'user',
    summary: 'The cleaner declines a series',
    description:
      'Its cleaner. Every future visit is withdrawn from and refunded in full, the customer told the reason; no more are booked.',
    tags: ['series'],
    access: 'its cleaner',
    responses: {
      ...ANSWER,
      403: { description: 'The assistant' },
      404: { description: 'No such series of yours' },
      409: { description: 'Already ended or declined' },
    },
    request: { param: SERIES, json: SeriesReasonInput },
  },
  skipSeriesVisit: {
    method: 'post',
    path: '/booking-series/:id/visits/:bookingId/skip',
    security: 'user',
    summary: 'Skip one visit of a series',
    description:
      'Its customer, 24 hours or more before it (the visit’s `actions.skip`): that visit alone is cancelled, free, refunded in full if charged; the series goes on.',
    tags: ['series'],
    access: 'its customer',
    responses: {
      ...ANSWER,
      403: { description: 'The assistant' },
      404: { description: 'No such visit of your series' },
      409: { description: 'Less than 24 hours ahead, or not open (`skip_closed`)' },
    },
    request: { param: VISIT },
  },
  declineSeriesVisit: {
    method: 'post',
    path: '/booking-series/:id/visits/:bookingId/decline',
    security: 'user',
    summary: 'The cleaner declines one visit of a series',
    description:
      'Its cleaner, before it starts: that visit alone is withdrawn from (refunded in full if charged, the customer told the reason).',
    tags: ['series'],
    access: 'its cleaner',
    responses: {
      ...ANSWER,
      403: { description: 'The assistant' },
      404: { description: 'No such visit of your series' },
      409: { description: 'Started, past or cancelled' },
    },
    request: { param: VISIT, json: SeriesReasonInput },
  },
});
