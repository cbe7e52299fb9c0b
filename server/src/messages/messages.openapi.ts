import { IdParam, MessageInput, MessageReportInput, MessageThread, UnreadMessages } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

const MASKING =
  'Before the booking’s payment has succeeded, e-mail addresses and phone numbers in a message are shown as “[contact details hidden until the booking is paid]” (`masked: true`); the text is kept as written, so they show once it is paid.';

/** Messages on a booking (decision 087): one thread between its customer and its cleaner. */
export const messagesApi = defineOperations({
  listBookingMessages: {
    method: 'get',
    path: '/bookings/:id/messages',
    security: 'user-or-admin',
    summary: 'A booking’s messages between its customer and its cleaner',
    description: `The latest 200 messages, oldest first, with the caller’s unread count and what they may do (the booking’s \`links.messages\`). For the booking’s customer and its cleaner; administrators read it (for disputes) without \`actions\`; anyone else is told it does not exist. ${MASKING}`,
    tags: ['messages'],
    access: 'the booking’s customer, its cleaner, admin (read only)',
    responses: {
      200: { description: 'The thread', schema: MessageThread },
      404: { description: 'No such booking of yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  postBookingMessage: {
    method: 'post',
    path: '/bookings/:id/messages',
    security: 'user',
    summary: 'Write a message to the other party of a booking',
    description:
      'Plain text, 1–2000 characters after trimming (the thread’s `actions.post`). The other party is e-mailed a notice — how many new messages, never their text — at most once per thread every 15 minutes. 20 messages per 10 minutes per person. Refused to administrators (they read, they do not take part) and to the assistant.',
    tags: ['messages'],
    access: 'the booking’s customer, its cleaner',
    responses: {
      201: { description: 'The thread with the new message', schema: MessageThread },
      400: { description: 'An empty or too long message (`body`)' },
      403: { description: 'An administrator session or the assistant' },
      404: { description: 'No such booking of yours' },
      429: { description: 'Too many messages from this person (Retry-After)' },
    },
    request: { param: z.object({ id: IdParam }), json: MessageInput },
  },
  markBookingMessagesRead: {
    method: 'post',
    path: '/bookings/:id/messages/read',
    security: 'user',
    summary: 'Mark a booking’s thread read',
    description:
      'Up to its newest message, for the calling party (the thread’s `actions.markRead`); a notice e-mail about it still waiting to be sent is withdrawn. Refused to administrators and the assistant.',
    tags: ['messages'],
    access: 'the booking’s customer, its cleaner',
    responses: {
      200: { description: 'The thread, read', schema: MessageThread },
      403: { description: 'An administrator session or the assistant' },
      404: { description: 'No such booking of yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  reportBookingMessage: {
    method: 'post',
    path: '/bookings/:id/messages/:messageId/report',
    security: 'user',
    summary: 'Report the other party’s message to the administrators',
    description:
      'Recorded for administrators and written to the audit log (a message’s `actions.report`). Once per person per message (409 `already_reported`); one’s own message is not reported (404). Refused to administrators and the assistant.',
    tags: ['messages'],
    access: 'the other party of the booking',
    responses: {
      201: { description: 'The thread, with the message marked reported', schema: MessageThread },
      400: { description: 'A malformed reason (`reason`)' },
      403: { description: 'An administrator session or the assistant' },
      404: { description: 'No such booking of yours, or no such message of the other party in it' },
      409: { description: 'Already reported by you (`already_reported`)' },
    },
    request: { param: z.object({ id: IdParam, messageId: IdParam }), json: MessageReportInput },
  },
  getUnreadMessages: {
    method: 'get',
    path: '/messages/unread',
    security: 'user',
    summary: 'The signed-in person’s unread messages, across their bookings',
    description:
      'The other parties’ messages after the person’s read mark, in every booking they are the customer or the cleaner of: the total and each thread’s count (at most 500 threads).',
    tags: ['messages'],
    access: 'signed-in user',
    responses: { 200: { description: 'The unread counts', schema: UnreadMessages } },
  },
});
