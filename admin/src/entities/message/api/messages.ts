import type { FollowableLink, MessageThread } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { UNREAD_KEY } from './unread';

/** Messages on a booking (decision 087): the thread a booking links to, and the caller's unread counts. */

export type ThreadLink = FollowableLink<'listBookingMessages'>;
type PostAction = NonNullable<MessageThread['actions']['post']>;
type MarkReadAction = NonNullable<MessageThread['actions']['markRead']>;
type ReportAction = NonNullable<MessageThread['items'][number]['actions']['report']>;

export const messageKeys = {
  all: ['messages'] as const,
  thread: (href: string) => ['messages', 'thread', href] as const,
  unread: UNREAD_KEY,
};

/** A booking's thread, by the booking's `links.messages`; read again every 30 seconds while shown. */
export const threadQuery = (link: ThreadLink) =>
  queryOptions({
    queryKey: messageKeys.thread(link.href),
    queryFn: ({ signal }) => api.follow(link, undefined, signal),
    refetchInterval: 30_000,
  });

/** Each write answers the thread as it now is: it replaces the cached one, and the unread counts are read again. */
function useThreadWrite<V>(link: ThreadLink, write: (vars: V) => Promise<MessageThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (thread) => {
      queryClient.setQueryData(messageKeys.thread(link.href), thread);
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}

export const usePostMessage = (link: ThreadLink) =>
  useThreadWrite(link, ({ action, body }: { action: PostAction; body: string }) => api.perform(action, { body }));

export const useMarkRead = (link: ThreadLink) => useThreadWrite(link, (action: MarkReadAction) => api.perform(action));

export const useReportMessage = (link: ThreadLink) =>
  useThreadWrite(link, (action: ReportAction) => api.perform(action, {}));
