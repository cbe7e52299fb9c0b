import type { MessageThread, UnreadMessages } from '@spotless/sdk/schemas';
import { MessageInput, MessageReportInput } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, withFragment } from '../contract/hypermedia';
import type { ThreadView, UnreadSummary } from './messages.service';

/** A booking's thread (decision 087): `post`, `markRead` and each message's `report` only when allowed. */
export function renderThread(ops: Operations, thread: ThreadView): MessageThread {
  const id = thread.bookingId;
  const actions: MessageThread['actions'] = {};
  if (thread.mayPost) {
    actions.post = actionTo(ops, 'post', 'postBookingMessage', {
      title: 'Send',
      params: { id },
      body: MessageInput,
    }) as NonNullable<MessageThread['actions']['post']>;
  }
  if (thread.mayMarkRead) {
    actions.markRead = actionTo(ops, 'markRead', 'markBookingMessagesRead', {
      title: 'Mark as read',
      params: { id },
    }) as NonNullable<MessageThread['actions']['markRead']>;
  }
  return {
    bookingId: id,
    items: thread.items.map((m) => ({
      id: m.id,
      bookingId: m.bookingId,
      from: m.from,
      senderName: m.senderName,
      mine: m.mine,
      body: m.body,
      masked: m.masked,
      unread: m.unread,
      reported: m.reported,
      createdAt: m.createdAt.toISOString(),
      links: { self: withFragment(linkTo(ops, 'listBookingMessages', { id }), `message-${m.id}`) },
      actions: m.mayReport
        ? {
            report: actionTo(ops, 'report', 'reportBookingMessage', {
              title: 'Report',
              description: 'The Spotless team reads reported messages and may act on them.',
              params: { id, messageId: m.id },
              body: MessageReportInput,
            }) as NonNullable<MessageThread['items'][number]['actions']['report']>,
          }
        : {},
    })),
    unreadCount: thread.unreadCount,
    contactDetailsHidden: thread.contactDetailsHidden,
    links: {
      self: linkTo(ops, 'listBookingMessages', { id }),
      booking: linkTo(ops, 'getBooking', { id }),
    },
    actions,
  };
}

export function renderUnread(ops: Operations, unread: UnreadSummary): UnreadMessages {
  return {
    unreadCount: unread.unreadCount,
    threads: unread.threads.map((t) => ({
      bookingId: t.bookingId,
      unreadCount: t.unreadCount,
      links: { messages: linkTo(ops, 'listBookingMessages', { id: t.bookingId }) },
    })),
    links: { self: linkTo(ops, 'getUnreadMessages') },
  };
}
