import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Its own file: the header reads the count on every page, without the thread's code. */
export const UNREAD_KEY = ['messages', 'unread'] as const;

/** The signed-in person's unread messages across their bookings (decision 087), read again each minute. */
export const unreadMessagesQuery = queryOptions({
  queryKey: UNREAD_KEY,
  queryFn: ({ signal }) => api.call('get', '/api/messages/unread', { signal }),
  refetchInterval: 60_000,
});
