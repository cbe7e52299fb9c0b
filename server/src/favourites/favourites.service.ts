import { findActiveCleaner } from '../cleaners/cleaners.queries';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { addFavourite, isFavourite, removeFavourite } from './favourites.queries';

type FavouriteDeps = Pick<Deps, 'database'>;

/** Saves a public cleaner to a user's favourites (idempotent); 404 for no such cleaner. */
export async function saveFavourite(deps: FavouriteDeps, userId: number, cleanerId: number): Promise<void> {
  if (!(await findActiveCleaner(deps.database.db, cleanerId))) throw notFound('Cleaner');
  await deps.database.write((tx) => addFavourite(tx, userId, cleanerId));
}

/** Whether a public cleaner is among the user's favourites; 404 for no such cleaner. */
export async function favouriteState(deps: FavouriteDeps, userId: number, cleanerId: number): Promise<boolean> {
  if (!(await findActiveCleaner(deps.database.db, cleanerId))) throw notFound('Cleaner');
  return isFavourite(deps.database.db, userId, cleanerId);
}

/** Removes a cleaner from a user's favourites (idempotent). */
export async function forgetFavourite(deps: FavouriteDeps, userId: number, cleanerId: number): Promise<void> {
  await deps.database.write((tx) => removeFavourite(tx, userId, cleanerId));
}
