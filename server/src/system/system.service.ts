import { mayApply } from '../applications/applications.service';
import type { Deps } from '../deps';
import { type Actor, isAdmin, personOf, requirePublic } from '../lib/actor';
import { asServiceUnavailable, databaseUnavailable } from '../lib/database-failures';
import { AppError } from '../lib/errors';

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
 * Readiness: the database answers reads and a write could start now. 503 with Retry-After when
 * another process holds the write lock (`database_busy`) or the database does not answer
 * (`database_unavailable`), so a load balancer stops sending writes that would fail.
 */
export async function checkReadiness(deps: Pick<Deps, 'database'>, actor: Actor): Promise<void> {
  requirePublic(actor);
  try {
    await deps.database.client.execute('select 1');
    await deps.database.checkWritable();
  } catch (error) {
    throw asServiceUnavailable(error) ?? (error instanceof AppError ? error : databaseUnavailable());
  }
}
