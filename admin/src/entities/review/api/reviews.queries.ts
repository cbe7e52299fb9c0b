import type { Booking, Cleaner, FollowableLink } from '@spotless/sdk';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingKeys } from '../../booking';
import { PAGE_SIZES } from '../utils/review-form';
import { reviewKeys } from './review-keys';

/** What a review list needs of a cleaner: its id and the links to its reviews and their summary. */
export type ReviewedCleaner = Pick<Cleaner, 'id' | 'links'>;

/** The reviews page's figures over every published review, computed by the server on each call. */
export const platformSummaryQuery = queryOptions({
  queryKey: reviewKeys.platformSummary(),
  queryFn: ({ signal }) => api.call('get', '/api/reviews/summary', { signal }),
  staleTime: 0,
});

/** One page of a cleaner's reviews, newest first, by the link the cleaner carries (`{?page,limit}`). */
export const cleanerReviewsQuery = (cleaner: ReviewedCleaner, limit: number) =>
  queryOptions({
    queryKey: reviewKeys.cleanerList(cleaner.id, limit),
    queryFn: ({ signal }) => api.follow(cleaner.links.reviews, { limit }, signal),
    staleTime: 0,
  });

/** A cleaner's review summary (average, distribution, categories, rates, verified count). */
export const cleanerSummaryQuery = (cleaner: ReviewedCleaner) =>
  queryOptions({
    queryKey: reviewKeys.cleanerSummary(cleaner.id),
    queryFn: ({ signal }) => api.follow(cleaner.links.reviewSummary, undefined, signal),
    staleTime: 0,
  });

/** The best rated cleaners, from the cleaner search sorted by rating (three: docs/product/discovery.md). */
export const topCleanersQuery = queryOptions({
  queryKey: reviewKeys.topCleaners(PAGE_SIZES.topCleaners),
  queryFn: ({ signal }) =>
    api.cleaners.search({ sortBy: 'rating', sortOrder: 'desc', pageSize: PAGE_SIZES.topCleaners }, signal),
});

/** The signed-in user's completed bookings for the Leave Review tab (status=completed, limit 5: docs/product/discovery.md). */
export const completedBookingsQuery = queryOptions({
  queryKey: reviewKeys.completedBookings(PAGE_SIZES.completedBookings),
  queryFn: ({ signal }) => api.bookings.list({ status: 'completed', limit: PAGE_SIZES.completedBookings }, signal),
  staleTime: 0,
});

/** A booking as it is now, by its own link, for the review its `review` action offers. */
export const reviewableBookingQuery = (booking: { id: number; links: { self: FollowableLink<'getBooking'> } }) =>
  queryOptions({
    queryKey: bookingKeys.detail(booking.id),
    queryFn: ({ signal }): Promise<Booking> => api.follow(booking.links.self, undefined, signal),
    staleTime: 0,
  });
