import { queryOptions } from '@tanstack/react-query';
import { bookingKeys } from '../../../entities/booking';
import { api } from '../../../lib/api';
import { cleanerKeys } from './cleaner-keys';

/** The signed-in user's own cleaner profile; a 404 `cleaner_profile_not_found` means they have none. */
export const ownProfileQuery = queryOptions({
  queryKey: cleanerKeys.profile(),
  queryFn: ({ signal }) => api.availability.profile(signal),
  retry: false,
});

/** Total bookings, earnings, average rating and completion rate, computed by the server from the data. */
export const overviewQuery = queryOptions({
  queryKey: cleanerKeys.overview(),
  queryFn: ({ signal }) => api.call('get', '/api/cleaners/profile/overview', { signal }),
  staleTime: 0,
});

/** The cleaner's jobs (GET /api/bookings?cleanerId=, allowed only for the cleaner themself). */
export const jobsQuery = (cleanerId: number) =>
  queryOptions({
    queryKey: [...bookingKeys.lists(), 'jobs', cleanerId] as const,
    queryFn: ({ signal }) => api.bookings.list({ cleanerId, limit: 200 }, signal),
    staleTime: 0,
  });

export const availabilityQuery = (cleanerId: number) =>
  queryOptions({
    queryKey: cleanerKeys.availability(cleanerId),
    queryFn: ({ signal }) => api.availability.list(cleanerId, signal),
  });

export const timeOffQuery = (cleanerId: number) =>
  queryOptions({
    queryKey: cleanerKeys.timeOff(cleanerId),
    queryFn: ({ signal }) => api.availability.timeOff(cleanerId, signal),
  });
