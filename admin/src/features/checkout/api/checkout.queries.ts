import type { BookingActions, LocalConfirmInput } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../../entities/booking';
import { api } from '../../../lib/api';

/**
 * Starts (or resumes — the server answers the same client secret) the payment of a booking. The
 * amount is the booking's total, only checked by the server.
 */
export const paymentIntentQuery = (
  bookingId: number,
  action: NonNullable<BookingActions['pay']> | undefined,
  amount: string,
  idempotencyKey: string,
) =>
  queryOptions({
    queryKey: ['payment-intent', bookingId, amount, idempotencyKey] as const,
    // The booking's own `pay` action; without one the server would refuse, so nothing is asked.
    queryFn: () => {
      if (!action) throw new Error('This booking cannot be paid now.');
      return api.perform(action, { bookingId, amount }, { idempotencyKey });
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export function useConfirmLocalPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'confirm-local'],
    mutationFn: (input: LocalConfirmInput) => api.payments.confirmLocal(input),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      queryClient.invalidateQueries({ queryKey: ['payments'] });
      queryClient.invalidateQueries({ queryKey: ['auth', 'activity'] });
    },
  });
}
