import { sql } from 'drizzle-orm';
import { mayApply } from '../applications/applications.service';
import { type Actor, isAdmin, personOf, requirePublic } from '../contract/actor';
import { AppError } from '../contract/errors';
import { DatabaseTimeoutError, within } from '../db/client';
import { readiness } from '../db/schema';
import { builder, statement } from '../db/statements';
import type { Deps } from '../deps';
import { asServiceUnavailable, databaseUnavailable } from '../lib/database-failures';

/** What the API root offers this actor: signed in or not, an administrator, whether they may apply. */
export interface RootFacts {
  signedIn: boolean;
  admin: boolean;
  mayApply: boolean;
}

export async function rootFacts(
  deps: Pick<Deps, 'database' | 'clock' | 'files' | 'logger'>,
  actor: Actor,
): Promise<RootFacts> {
  requirePublic(actor);
  const signedIn = personOf(actor) !== null;
  return { signedIn, admin: isAdmin(actor), mayApply: signedIn && (await mayApply(deps, actor)) };
}

/**
 * The most a readiness check takes: a probe gives up on an instance that does not answer within
 * its own timeout (often one second), so the answer must come well before that.
 */
export const READINESS_TIMEOUT_MS = 500;

/**
 * Readiness: the database answers a read and takes a real write now (the one `readiness` row gets
 * the time), each tried once, without waiting for another writer's lock. 503 with Retry-After when
 * the lock is held (`database_busy`) or the database does not answer in time
 * (`database_unavailable`), so a load balancer stops sending requests that would fail. `/api/health`
 * stays the cheap liveness check that touches nothing.
 */
export async function checkReadiness(deps: Pick<Deps, 'database' | 'clock'>, actor: Actor): Promise<void> {
  requirePublic(actor);
  const checkedAt = deps.clock.now();
  const write = statement(
    builder
      .insert(readiness)
      .values({ id: 1, checkedAt })
      .onConflictDoUpdate({ target: readiness.id, set: { checkedAt: sql`excluded.checked_at` } }),
  );
  try {
    await Promise.all([
      within(
        deps.database.client.execute('select 1'),
        READINESS_TIMEOUT_MS,
        () => new DatabaseTimeoutError(READINESS_TIMEOUT_MS),
      ),
      deps.database.probeWrite(write, READINESS_TIMEOUT_MS),
    ]);
  } catch (error) {
    throw asServiceUnavailable(error) ?? (error instanceof AppError ? error : databaseUnavailable());
  }
}
