import type { World } from '../access-fixtures';
import { messageOn } from '../message-fixtures';
import { type Row, usersOnly } from './row';

/**
 * Messages on a booking (decision 087): customer A's booking with the `cleaner` caller. Its two
 * parties read and write; the shared-password administrator reads (and, as no person, writes
 * nothing: 401); customer B and the other cleaner are told it does not exist. A report is of the
 * other party's message, a fresh one each request (a person reports a message once).
 */
const parties = (status: number) => ({ ...usersOnly(404), customerA: status, cleaner: status });

async function otherPartysMessage(f: World, caller: string): Promise<number> {
  const fromCustomer = caller === 'cleaner';
  return messageOn(f.ctx.database, {
    bookingId: f.bookingId,
    senderUserId: fromCustomer ? f.userIds.customerA : f.userIds.cleaner,
    senderRole: fromCustomer ? 'customer' : 'cleaner',
  });
}

export const MESSAGE_ROWS: Record<string, Row> = {
  listBookingMessages: {
    request: (f) => ({ path: `/api/bookings/${f.bookingId}/messages` }),
    expect: { ...parties(200), admin: 200 },
  },
  postBookingMessage: {
    request: (f) => ({ path: `/api/bookings/${f.bookingId}/messages`, body: { body: 'Is there parking nearby?' } }),
    expect: parties(201),
  },
  markBookingMessagesRead: {
    request: (f) => ({ path: `/api/bookings/${f.bookingId}/messages/read` }),
    expect: parties(200),
  },
  reportBookingMessage: {
    request: async (f, caller) => ({
      path: `/api/bookings/${f.bookingId}/messages/${await otherPartysMessage(f, caller)}/report`,
      body: { reason: 'Asks to pay outside Spotless' },
    }),
    expect: parties(201),
  },
  getUnreadMessages: { request: () => ({ path: '/api/messages/unread' }), expect: usersOnly(200) },
};
