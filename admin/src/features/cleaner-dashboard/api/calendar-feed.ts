import type { CalendarFeed } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { cleanerKeys } from './cleaner-keys';

const feedKey = [...cleanerKeys.all, 'calendar-feed'] as const;

/** The cleaner's calendar feed (decision 083): whether it exists; its URL is not kept, so not here. */
export const calendarFeedQuery = queryOptions({
  queryKey: feedKey,
  queryFn: ({ signal }) => api.call('get', '/api/calendar/feed', { signal }),
});

type RotateAction = NonNullable<CalendarFeed['actions']['rotate']>;

/** Makes the feed URL, or a new one, through the feed's own `rotate` action: the answer holds the URL, once. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...feedKey, 'rotate'],
    mutationFn: (action: RotateAction) => api.perform(action),
    onSuccess: (feed) => queryClient.setQueryData(feedKey, { ...feed, url: null, webcalUrl: null }),
  });
}
