import type { Queryable } from '../db/client';
import { findActiveCleanerByUser } from './cleaners.queries';

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
