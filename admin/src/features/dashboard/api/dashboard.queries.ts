import type { BookingUpdateInput } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The most the API lists at once (GET /api/bookings `limit` ≤ 200). */
const BOOKINGS_LIMIT = 200;

export const myBookingsQuery = queryOptions({
  queryKey: ['bookings', 'mine', BOOKINGS_LIMIT] as const,
  queryFn: ({ signal }) => api.bookings.list({ limit: BOOKINGS_LIMIT }, signal),
  staleTime: 0,
});

export const bookingStatsQuery = queryOptions({
  queryKey: ['bookings', 'stats'] as const,
  queryFn: ({ signal }) => api.bookings.stats(signal),
  staleTime: 0,
});

interface Callbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/*
 * The callbacks are the mutation's own, not mutate()'s: the refetch that follows can remove the
 * card (a cancelled booking leaves the active list), and mutate()'s callbacks never run once the
 * component that called it is gone.
 */
export function useUpdateBooking({ onSuccess, onError }: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', 'update'],
    mutationFn: ({ id, input }: { id: number; input: BookingUpdateInput }) => api.bookings.update(id, input),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError,
  });
}

export function useCancelBooking({ onSuccess, onError }: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', 'cancel'],
    mutationFn: (id: number) => api.bookings.cancel(id),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError,
  });
}
