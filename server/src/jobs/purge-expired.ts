import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { forgetExpiredGuestTokens } from '../bookings/guest-access.service';
import type { Tx } from '../db/client';
import { authTokens, idempotencyKeys, localPaymentRequests, rateLimits, sessions } from '../db/schema';
import type { Deps } from '../deps';

/** Rows deleted per table per run; the next run takes the rest, so one run never holds the writer long. */
const BATCH = 5_000;
const LOCAL_REQUEST_TTL_MS = 24 * 3_600_000;

async function deleteExpired(tx: Tx, table: SQLiteTable, column: SQLiteColumn, now: Date): Promise<number> {
  const due: SQL = sql`${column} <= ${now.getTime()}`;
  const result = await tx.run(
    sql`delete from ${table} where rowid in (select rowid from ${table} where ${due} limit ${BATCH})`,
  );
  return result.rowsAffected;
}

/**
 * Deletes what has expired and is never read again: sessions past their expiry (validation already
 * refuses them), rate-limit windows that have reset, stored idempotent answers past their TTL, and
 * e-mail links (verification, reset) past theirs, the local payment provider's day-old
 * idempotency keys, and guest checkout tokens past their expiry (their hashes are forgotten).
 */
export async function purgeExpired(deps: Pick<Deps, 'database' | 'clock'>): Promise<{
  sessions: number;
  rateLimits: number;
  idempotencyKeys: number;
  authTokens: number;
  localPaymentRequests: number;
  guestTokens: number;
}> {
  const now = deps.clock.now();
  return deps.database.write(async (tx) => ({
    sessions: await deleteExpired(tx, sessions, sessions.expiresAt, now),
    rateLimits: await deleteExpired(tx, rateLimits, rateLimits.resetAt, now),
    idempotencyKeys: await deleteExpired(tx, idempotencyKeys, idempotencyKeys.expiresAt, now),
    authTokens: await deleteExpired(tx, authTokens, authTokens.expiresAt, now),
    // The local test-mode provider keeps idempotency keys 24 hours, as Stripe does.
    localPaymentRequests: await deleteExpired(
      tx,
      localPaymentRequests,
      localPaymentRequests.createdAt,
      new Date(now.getTime() - LOCAL_REQUEST_TTL_MS),
    ),
    guestTokens: await forgetExpiredGuestTokens(tx, now, BATCH),
  }));
}
