import type { Database } from '../db/client';
import { cleanerCalendarFeeds } from '../db/schema';
import { sha256Hex } from '../lib/digest';

/**
 * A calendar feed for a cleaner (decision 083), made as rotating it would but with a token of the
 * test's own: the path segment its public feed is fetched at, `<token>.ics`.
 */
export async function calendarFeedOf(database: Database, cleanerId: number, token: string): Promise<string> {
  await database.write((tx) => tx.insert(cleanerCalendarFeeds).values({ cleanerId, tokenHash: sha256Hex(token) }));
  return `${token}.ics`;
}
