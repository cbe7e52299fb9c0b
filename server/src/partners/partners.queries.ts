import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { partners } from '../db/schema';

/** The active partner holding this publishable key, if any. */
export function findActivePartnerByKey(db: Queryable, publishableKey: string) {
  return db
    .select({ id: partners.id, allowedOrigins: partners.allowedOrigins })
    .from(partners)
    .where(and(eq(partners.publishableKey, publishableKey), eq(partners.isActive, true)))
    .get();
}
