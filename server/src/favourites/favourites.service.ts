import { findActiveCleaner } from '../cleaners/cleaners.queries';
import { type Actor, requirePerson, requirePersonWriting } from '../contract/actor';
import { notFound } from '../contract/errors';
import type { Deps } from '../deps';
import { addFavourite, isFavourite, listFavourites, removeFavourite } from './favourites.queries';

type FavouriteDeps = Pick<Deps, 'database'>;

/** The signed-in person's favourite cleaners, newest first. */
export async function listFavouritesOf(deps: FavouriteDeps, actor: Actor) {
  const { userId } = requirePerson(actor);
  return listFavourites(deps.database.db, userId);
}

/** Saves a public cleaner to the person's favourites (idempotent); 404 for no such cleaner. */
export async function saveFavourite(deps: FavouriteDeps, actor: Actor, cleanerId: number): Promise<void> {
  const { userId } = requirePersonWriting(actor);
  if (!(await findActiveCleaner(deps.database.db, cleanerId))) throw notFound('Cleaner');
  await deps.database.write((tx) => addFavourite(tx, userId, cleanerId));
}

/** Whether a public cleaner is among the person's favourites; 404 for no such cleaner. */
export async function favouriteState(deps: FavouriteDeps, actor: Actor, cleanerId: number): Promise<boolean> {
  const { userId } = requirePerson(actor);
  if (!(await findActiveCleaner(deps.database.db, cleanerId))) throw notFound('Cleaner');
  return isFavourite(deps.database.db, userId, cleanerId);
}

/** Removes a cleaner from the person's favourites (idempotent). */
export async function forgetFavourite(deps: FavouriteDeps, actor: Actor, cleanerId: number): Promise<void> {
  const { userId } = requirePersonWriting(actor);
  await deps.database.write((tx) => removeFavourite(tx, userId, cleanerId));
}
