import type { Booking, BookingCreateInput } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The cleaner's free times for one local day; always fresh, since others book too. */
export const slotsQuery = (cleanerId: number, date: string, duration: number) =>
  queryOptions({
    queryKey: ['slots', cleanerId, date, duration] as const,
    queryFn: ({ signal }) => api.availability.slots(cleanerId, date, { duration }, signal),
    staleTime: 0,
  });

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', 'create'],
    mutationFn: ({ input, idempotencyKey }: { input: BookingCreateInput; idempotencyKey: string }) =>
      api.bookings.create(input, idempotencyKey),
    onSuccess: (_booking: Booking) => {
      // Spec 01 §7: creating a booking invalidates the bookings list.
      queryClient.invalidateQueries({ queryKey: ['bookings'] });
      queryClient.invalidateQueries({ queryKey: ['slots'] });
    },
  });
}
