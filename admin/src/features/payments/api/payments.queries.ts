import type { Payment, RefundInput } from '@spotless/sdk';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../../entities/booking';
import { api } from '../../../lib/api';
import type { PaymentFilter } from '../utils/payments';

/** Payments a page shows, newest first, like the bookings dashboard's ten (decision 061). */
export const PAYMENTS_PAGE_SIZE = 10;

export const paymentsQuery = (status: PaymentFilter, page = 1) =>
  queryOptions({
    queryKey: ['payments', status, page] as const,
    queryFn: ({ signal }) =>
      api.payments.list({ status: status === 'all' ? undefined : status, page, pageSize: PAYMENTS_PAGE_SIZE }, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * Whether the browser holds an administrator session (the shared password or an admin user). Any
 * failure means no: this must never trip the app's 401 path.
 */
export const adminSessionQuery = queryOptions({
  queryKey: ['admin', 'session'] as const,
  // The session state answers everyone 200, so a customer's page makes no failing request (a 403).
  queryFn: async ({ signal }) => {
    try {
      return { admin: (await api.call('get', '/api/auth/session', { signal })).admin };
    } catch {
      return null;
    }
  },
  staleTime: 0,
});

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'refund'],
    // The payment's own `refund` action (present only for an administrator while refundable).
    mutationFn: ({
      action,
      input,
      idempotencyKey,
    }: {
      action: NonNullable<Payment['actions']['refund']>;
      input: RefundInput;
      idempotencyKey: string;
    }) => api.perform(action, input, { idempotencyKey }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['payments'] });
      queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
