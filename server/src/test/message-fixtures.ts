import type { Database } from '../db/client';
import { bookingMessages } from '../db/schema';

/**
 * A message on a booking (decision 087), written as posting it would, for suites that need one
 * from a given party without going through the route (its rate limit, its notice).
 */
export async function messageOn(
  database: Database,
  values: {
    bookingId: number;
    senderUserId: number;
    senderRole: 'customer' | 'cleaner';
    body?: string;
    createdAt?: Date;
  },
): Promise<number> {
  const [row] = await database.write((tx) =>
    tx
      .insert(bookingMessages)
      .values({ body: 'Hello there', ...values })
      .returning({ id: bookingMessages.id }),
  );
  return row?.id as number;
}

/** A message from each of a booking’s two parties, customer’s first; their ids (the fuzzing world’s, so reporting one reaches past “not found”). */
export async function partyMessagesOn(database: Database, bookingId: number): Promise<number[]> {
  const { rows } = await database.client.execute({
    sql: `insert into booking_messages (booking_id, sender_user_id, sender_role, body)
      select b.id, b.customer_id, 'customer', 'Hello' from bookings b where b.id = ?
      union all select b.id, c.user_id, 'cleaner', 'Hello back' from bookings b join cleaners c on c.id = b.cleaner_id where b.id = ?
      returning id`,
    args: [bookingId, bookingId],
  });
  return rows.map((row) => Number(row.id));
}
