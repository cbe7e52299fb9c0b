import type { Booking, BookingCreateInput, BookingUpdateInput } from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingKeys, slotKeys } from './booking-keys';

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bookingKeys.all, 'create'],
    mutationFn: ({ input, idempotencyKey }: { input: BookingCreateInput; idempotencyKey: string }) =>
      api.bookings.create(input, idempotencyKey),
    onSuccess: (_booking: Booking) => {
      // Spec 01 §7: creating a booking invalidates the bookings list.
      queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      queryClient.invalidateQueries({ queryKey: slotKeys.all });
    },
  });
}

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
    mutationKey: [...bookingKeys.all, 'update'],
    mutationFn: ({ id, input }: { id: number; input: BookingUpdateInput }) => api.bookings.update(id, input),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError,
  });
}

export function useCancelBooking({ onSuccess, onError }: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bookingKeys.all, 'cancel'],
    mutationFn: (id: number) => api.bookings.cancel(id),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError,
  });
}
