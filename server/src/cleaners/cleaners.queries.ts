import { centsToDollars, lookupCity } from '@spotless/sdk';
import type { Cleaner, ServiceType } from '@spotless/sdk/schemas';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { type CleanerRow, cleaners, users } from '../db/schema';
import { boundingBox, distanceMiles, type Point } from '../lib/geo';

type CleanerWithName = CleanerRow & { firstName: string | null; lastName: string | null };

export function toCleanerDto(row: CleanerWithName, distance?: number): Cleaner {
  return {
    id: row.id,
    avatar: row.avatarUrl,
    user: { firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    rating: row.rating === null ? null : Math.round(row.rating * 100) / 100,
    reviewCount: row.reviewCount,
    hourlyRate: centsToDollars(row.hourlyRateCents),
    completedJobs: row.completedJobs,
    bio: row.bio,
    experience: row.experience,
    serviceTypes: row.serviceTypes as ServiceType[],
    coverageAreas: row.coverageAreas,
    isVerified: row.isVerified,
    isInsured: row.isInsured,
    isBonded: row.isBonded,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    timeZone: row.timeZone,
    ...(distance === undefined ? {} : { distance: Math.round(distance * 10) / 10 }),
  };
}

const cleanerColumns = {
  cleaner: cleaners,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function findActiveCleaner(db: Queryable, id: number) {
  const [row] = await db
    .select(cleanerColumns)
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(and(eq(cleaners.id, id), eq(cleaners.status, 'active')))
    .limit(1);
  return row ? { ...row.cleaner, firstName: row.firstName, lastName: row.lastName } : undefined;
}

export interface ListingFilter {
  location?: string;
  serviceType?: ServiceType;
  sortBy?: 'rating' | 'price' | 'experience' | 'distance';
  page: number;
  pageSize: number;
}

/** Default radius of a location text resolved through the city table (spec 01 §5). */
export const LISTING_RADIUS_MILES = 25;

/** The plain listing of spec 01 §2.4: location, service type, sort, one page. */
export async function listCleaners(db: Queryable, filter: ListingFilter) {
  const conditions: SQL[] = [eq(cleaners.status, 'active')];
  let center: Point | undefined;
  const location = filter.location?.trim();
  if (location) {
    const city = lookupCity(location);
    if (city) {
      center = city;
      const box = boundingBox(city, LISTING_RADIUS_MILES);
      conditions.push(
        sql`${cleaners.latitude} between ${box.minLatitude} and ${box.maxLatitude}`,
        sql`${cleaners.longitude} between ${box.minLongitude} and ${box.maxLongitude}`,
      );
    } else {
      const prefix = `${location.toLowerCase()}%`;
      conditions.push(
        sql`(lower(${cleaners.city}) like ${prefix} or lower(${cleaners.state}) = ${location.toLowerCase()} or ${cleaners.zipCode} like ${prefix})`,
      );
    }
  }
  if (filter.serviceType) {
    conditions.push(
      sql`exists (select 1 from json_each(${cleaners.serviceTypes}) where value = ${filter.serviceType})`,
    );
  }

  const order: SQL[] = {
    rating: [sql`${cleaners.rating} desc nulls last`, sql`${cleaners.reviewCount} desc`],
    price: [sql`${cleaners.hourlyRateCents} asc`],
    experience: [sql`${cleaners.completedJobs} desc`],
    distance: [],
  }[filter.sortBy ?? 'rating'];

  const start = (filter.page - 1) * filter.pageSize;
  const base = db
    .select({ ...cleanerColumns, total: sql<number>`count(*) over ()` })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(and(...conditions))
    .orderBy(...order, sql`${cleaners.id} asc`);

  if (!center) {
    const rows = await base.limit(filter.pageSize).offset(start);
    const total = rows[0]?.total ?? (start > 0 ? await countCleaners(db, conditions) : 0);
    return {
      items: rows.map((r) => toCleanerDto({ ...r.cleaner, firstName: r.firstName, lastName: r.lastName })),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  // The box is an index-friendly prefilter over one metro area; the exact radius check and the
  // distance sort run on its rows.
  const matches = (await base)
    .map((r) => ({
      row: { ...r.cleaner, firstName: r.firstName, lastName: r.lastName },
      distance: distanceMiles(center, r.cleaner),
    }))
    .filter((m) => m.distance <= LISTING_RADIUS_MILES);
  if (filter.sortBy === 'distance') matches.sort((a, b) => a.distance - b.distance || a.row.id - b.row.id);
  return {
    items: matches.slice(start, start + filter.pageSize).map((m) => toCleanerDto(m.row, m.distance)),
    total: matches.length,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

async function countCleaners(db: Queryable, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)` })
    .from(cleaners)
    .where(and(...conditions));
  return row?.total ?? 0;
}
