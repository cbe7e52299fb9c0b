import { mayApply } from '../applications/applications.service';
import type { Deps } from '../deps';
import { type Actor, isAdmin, personOf, requirePublic } from '../lib/actor';
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

/** Readiness: the database answers (503 otherwise). */
export async function checkReadiness(deps: Pick<Deps, 'database'>, actor: Actor): Promise<void> {
  requirePublic(actor);
  try {
    await deps.database.client.execute('select 1');
  } catch {
    throw new AppError(503, 'unavailable', 'Database unreachable');
  }
}
