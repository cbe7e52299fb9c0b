import type { CleanerOverview } from '@spotless/sdk/schemas';
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import type { Data } from '../lib/hypermedia';
import { cleanerOverviewFigures, findActiveCleanerByUser } from './cleaners.queries';
import { overviewOf } from './overview';

/**
 * Who looks at a cleaner, as far as what they may do to them: signed in or not, and which cleaner
 * they are themselves (nobody books themself).
 */
export interface CleanerViewer {
  userId: number | null;
  ownCleanerId: number | null;
}

export type BookRefusal = 'sign_in' | 'self' | 'no_services';

/**
 * The one rule for booking a cleaner: signed in, not the cleaner themself, and the cleaner offers
 * at least one service type. `createBooking` refuses by it; the `book` action is listed by it.
 */
export function bookRefusal(
  cleaner: { id: number; serviceTypes: readonly string[] },
  viewer: CleanerViewer,
): BookRefusal | null {
  if (viewer.userId === null) return 'sign_in';
  if (viewer.ownCleanerId === cleaner.id) return 'self';
  if (cleaner.serviceTypes.length === 0) return 'no_services';
  return null;
}

export async function cleanerViewerOf(db: Queryable, userId: number | null): Promise<CleanerViewer> {
  if (userId === null) return { userId: null, ownCleanerId: null };
  const own = await findActiveCleanerByUser(db, userId);
  return { userId, ownCleanerId: own?.id ?? null };
}

/** Viewers who see the same actions on every cleaner share cached search answers. */
export function audienceKey(viewer: CleanerViewer): string {
  if (viewer.userId === null) return 'anonymous';
  return viewer.ownCleanerId === null ? 'customer' : `cleaner:${viewer.ownCleanerId}`;
}

/** The signed-in user's own active cleaner profile, or 404 `cleaner_profile_not_found` (spec 02 §2). */
async function ownCleanerId(db: Queryable, userId: number): Promise<number> {
  const own = await findActiveCleanerByUser(db, userId);
  if (!own) throw new AppError(404, 'cleaner_profile_not_found', 'Cleaner Profile Not Found');
  return own.id;
}

/** The cleaner dashboard's overview for the signed-in cleaner, from their bookings, payments and reviews. */
export async function cleanerOverview(deps: Pick<Deps, 'database'>, userId: number): Promise<Data<CleanerOverview>> {
  const { db } = deps.database;
  const cleanerId = await ownCleanerId(db, userId);
  return overviewOf(cleanerId, await cleanerOverviewFigures(db, cleanerId));
}
