import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { favourites } from '../db/schema';

export function listFavourites(db: Queryable, userId: number) {
  return db
    .select({ cleanerId: favourites.cleanerId, createdAt: favourites.createdAt })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.cleanerId));
}

export async function isFavourite(db: Queryable, userId: number, cleanerId: number): Promise<boolean> {
  const row = await db
    .select({ cleanerId: favourites.cleanerId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.cleanerId, cleanerId)))
    .get();
  return row !== undefined;
}

/** Idempotent: saving twice keeps one row. */
export function addFavourite(tx: Queryable, userId: number, cleanerId: number) {
  return tx.insert(favourites).values({ userId, cleanerId }).onConflictDoNothing();
}

export function removeFavourite(tx: Queryable, userId: number, cleanerId: number) {
  return tx.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.cleanerId, cleanerId)));
}
