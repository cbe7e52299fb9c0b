import type { Booking } from '@spotless/sdk';
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingKeys, type MyBookingsView, slotKeys } from './booking-keys';

/** How many bookings the dashboard shows on a page. */
export const MY_BOOKINGS_PAGE_SIZE = 10;

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

/**
 * One page of the signed-in customer's bookings, filtered and searched by the server (the page
 * before stays on screen while the next one loads).
 */
export const myBookingsQuery = (view: MyBookingsView) =>
  queryOptions({
    queryKey: bookingKeys.mine(view),
    queryFn: ({ signal }) =>
      api.bookings.list(
        { status: view.status, q: view.q || undefined, page: view.page, limit: MY_BOOKINGS_PAGE_SIZE },
        signal,
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const bookingStatsQuery = queryOptions({
  queryKey: bookingKeys.stats(),
  queryFn: ({ signal }) => api.bookings.stats(signal),
  staleTime: 0,
});
