import type { Booking } from '@spotless/sdk';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingKeys, slotKeys } from './booking-keys';

/** The most the API lists at once (GET /api/bookings `limit` ≤ 200). */
const BOOKINGS_LIMIT = 200;

/** The cleaner's free times for one local day; always fresh, since others book too. */
export const slotsQuery = (cleanerId: number, date: string, duration: number) =>
  queryOptions({
    queryKey: slotKeys.day(cleanerId, date, duration),
    queryFn: ({ signal }) => api.availability.slots(cleanerId, date, { duration }, signal),
    staleTime: 0,
  });

/**
 * The cleaner's free times on `date` for moving a booking, through the booking's own
 * `cleanerSlots` link: for its length, and leaving the booking out so its current time is free.
 * Without the link (the booking can no longer be moved) there is nothing to read.
 */
export const rescheduleSlotsQuery = (link: Booking['links']['cleanerSlots'], date: string) =>
  queryOptions({
    queryKey: slotKeys.linked(link?.href ?? '', date),
    queryFn: link ? ({ signal }) => api.follow(link, { date }, signal) : skipToken,
    staleTime: 0,
  });

export const bookingQuery = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => api.bookings.get(id, signal),
    staleTime: 0,
  });

export const myBookingsQuery = queryOptions({
  queryKey: bookingKeys.mine(BOOKINGS_LIMIT),
  queryFn: ({ signal }) => api.bookings.list({ limit: BOOKINGS_LIMIT }, signal),
  staleTime: 0,
});

export const bookingStatsQuery = queryOptions({
  queryKey: bookingKeys.stats(),
  queryFn: ({ signal }) => api.bookings.stats(signal),
  staleTime: 0,
});
