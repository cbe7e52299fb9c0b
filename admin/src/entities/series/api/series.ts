import type { Booking } from '@spotless/sdk';
import type { BookingSeries, BookingSeriesList, SeriesFrequency } from '@spotless/sdk/schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingKeys } from '../../booking';

/**
 * Recurring cleanings (decision 088): the caller's series, and the series' and visits' actions.
 * Every write follows an action a resource carried (decision 033); none builds a URL from a status.
 */

/** The list of the caller's series: the one address the app starts from, as a link would name it. */
const LIST_LINK = { href: '/api/booking-series', operation: 'listBookingSeries' } as const;

/** Any action a series, one of its visits or a booking carries. */
export interface SeriesAction {
  name: string;
  title?: string;
  description?: string;
  method: string;
  href: string;
  operation: string;
}

export const seriesKeys = {
  all: ['booking-series'] as const,
  list: () => [...seriesKeys.all, 'list'] as const,
};

/*
 * The series operations are typed by the SDK's series schemas: the client's generated operation
 * table gains them with the server's routes, and these two calls are where that typing would go.
 */
const followList = (signal?: AbortSignal) =>
  api.follow(LIST_LINK as never, undefined, signal) as unknown as Promise<BookingSeriesList>;
const performAction = (action: SeriesAction, body?: object) =>
  api.perform(action as never, body as never) as unknown as Promise<BookingSeries>;

/** The caller's series, as customer and as cleaner; read again every minute while shown. */
export const seriesListQuery = queryOptions({
  queryKey: seriesKeys.list(),
  queryFn: ({ signal }) => followList(signal),
  refetchInterval: 60_000,
});

/** A series' or a visit's action (pause, resume, end, decline, skip): the lists are read again after it. */
export function useSeriesAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...seriesKeys.all, 'act'],
    mutationFn: ({ action, reason }: { action: SeriesAction; reason?: string }) =>
      performAction(action, reason ? { reason } : {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

/** A one-time booking's `makeRecurring` action: the booking becomes the first visit of a series. */
export function useMakeRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...seriesKeys.all, 'create'],
    mutationFn: ({
      action,
      bookingId,
      frequency,
    }: {
      action: NonNullable<Booking['actions']['makeRecurring']>;
      bookingId: number;
      frequency: SeriesFrequency;
    }) => performAction(action, { bookingId, frequency }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
