import { z } from 'zod';
import { actionOf, linkTo } from './hypermedia';

/**
 * Messages on a booking (decision 087): one thread a booking between its customer and its cleaner.
 * Text only; e-mail addresses and phone numbers in it are shown masked until the booking is paid.
 */

/** The most characters a message holds, after trimming. */
export const MESSAGE_MAX_LENGTH = 2000;

export const MessageInput = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'Write a message')
      .max(MESSAGE_MAX_LENGTH, `At most ${MESSAGE_MAX_LENGTH} characters`)
      .meta({ description: 'plain text, 1–2000 characters after trimming; never read as HTML' }),
  })
  .strict()
  .meta({ id: 'MessageInput' });
export type MessageInput = z.input<typeof MessageInput>;

export const MessageReportInput = z
  .object({
    reason: z.string().trim().max(500, 'At most 500 characters').optional().meta({
      description: 'what is wrong with the message, for the administrators who read the report',
    }),
  })
  .strict()
  .meta({ id: 'MessageReportInput' });
export type MessageReportInput = z.input<typeof MessageReportInput>;

export const BookingMessage = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    from: z.enum(['customer', 'cleaner']).meta({ description: 'which party wrote it' }),
    senderName: z.string().meta({ description: 'the writer’s first name' }),
    mine: z.boolean().meta({ description: 'whether the caller wrote it' }),
    body: z.string().meta({
      description:
        'the text as written, plain text (never HTML); before the booking is paid, e-mail addresses and phone numbers in it are replaced by a notice',
    }),
    masked: z.boolean().meta({ description: 'whether contact details in it are hidden until the booking is paid' }),
    unread: z.boolean().meta({ description: 'the other party’s, after the caller’s last read' }),
    reported: z.boolean().meta({ description: 'whether the caller has reported it' }),
    createdAt: z.string(),
    links: z.object({
      self: linkTo('listBookingMessages').meta({
        description: 'the message within its thread (`#message-<id>`): a thread is read as a whole',
      }),
    }),
    actions: z.object({
      report: actionOf('report', 'POST', 'reportBookingMessage')
        .optional()
        .meta({ description: 'the other party’s message, not yet reported by the caller' }),
    }),
  })
  .meta({ id: 'BookingMessage' });
export type BookingMessage = z.infer<typeof BookingMessage>;

export const MessageThread = z
  .object({
    bookingId: z.number().int(),
    items: z.array(BookingMessage).meta({ description: 'oldest first; the latest 200' }),
    unreadCount: z.number().int().meta({ description: 'the other party’s messages after the caller’s last read' }),
    contactDetailsHidden: z
      .boolean()
      .meta({ description: 'whether e-mail addresses and phone numbers are masked (the booking is not paid yet)' }),
    links: z.object({ self: linkTo('listBookingMessages'), booking: linkTo('getBooking') }),
    actions: z.object({
      post: actionOf('post', 'POST', 'postBookingMessage')
        .optional()
        .meta({ description: 'the booking’s customer and its cleaner (not administrators, not the assistant)' }),
      markRead: actionOf('markRead', 'POST', 'markBookingMessagesRead')
        .optional()
        .meta({ description: 'a party with unread messages in the thread' }),
    }),
  })
  .meta({ id: 'MessageThread' });
export type MessageThread = z.infer<typeof MessageThread>;

export const UnreadMessages = z
  .object({
    unreadCount: z.number().int().meta({ description: 'unread messages across all the caller’s bookings' }),
    threads: z.array(
      z.object({
        bookingId: z.number().int(),
        unreadCount: z.number().int(),
        links: z.object({ messages: linkTo('listBookingMessages') }),
      }),
    ),
    links: z.object({ self: linkTo('getUnreadMessages') }),
  })
  .meta({ id: 'UnreadMessages' });
export type UnreadMessages = z.infer<typeof UnreadMessages>;
