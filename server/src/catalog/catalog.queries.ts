import { centsToDollars } from '@spotless/sdk/rules';
import type { Service } from '@spotless/sdk/schemas';
import { asc, eq } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable } from '../db/client';
import { type ServiceRow, services } from '../db/schema';

export function toServiceDto(row: ServiceRow): Data<Service> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    category: row.category,
    basePrice: centsToDollars(row.basePriceCents),
    duration: row.durationMinutes,
  };
}

export function listActiveServices(db: Queryable) {
  return db.select().from(services).where(eq(services.isActive, true)).orderBy(asc(services.id));
}

export async function findService(db: Queryable, id: number) {
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  return row;
}
