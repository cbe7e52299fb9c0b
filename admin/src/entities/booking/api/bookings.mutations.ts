import type { Booking, BookingActions, BookingCreateInput, BookingUpdateInput } from '@spotless/sdk';
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
      // Creating a booking invalidates the bookings list (docs/product/booking-and-payments.md).
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
    // The booking's own `edit` action: its href and method, never a URL built here (decision 033).
    mutationFn: ({ action, input }: { action: NonNullable<BookingActions['edit']>; input: BookingUpdateInput }) =>
      api.perform(action, input),
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
    mutationFn: (action: NonNullable<BookingActions['cancel']>) => api.perform(action),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError,
  });
}
