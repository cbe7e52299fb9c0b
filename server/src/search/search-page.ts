import type { Row } from '@libsql/client';
import { centsToDollars } from '@spotless/sdk/rules';
import type { Cleaner, ServiceType } from '@spotless/sdk/schemas';
import type { Data } from '../contract/hypermedia';

/** What both ways of answering a search share: the rank, and the columns a page shows. */

/** bm25 with the column weights: name 10, bio 1, services 4, coverage areas 3. */
export const BM25 = 'bm25(cleaner_search, 10.0, 1.0, 4.0, 3.0)';

/** What a page shows of each cleaner. */
export const PAGE_COLUMNS = `c.id, c.avatar_url, c.rating, c.review_count, c.hourly_rate_cents, c.completed_jobs, c.bio, c.experience,
  c.service_types, c.coverage_areas, c.is_verified, c.is_insured, c.is_bonded, c.city, c.state, c.zip_code,
  c.time_zone, u.first_name, u.last_name`;

/** One page row as the API's cleaner; `distance` (miles) when the search had a centre. */
export function toCleaner(row: Row, distance: number | null): Data<Cleaner> {
  const rating = row.rating as number | null;
  return {
    id: row.id as number,
    avatar: row.avatar_url as string | null,
    user: { firstName: (row.first_name as string | null) ?? '', lastName: (row.last_name as string | null) ?? '' },
    rating: rating === null ? null : Math.round(rating * 100) / 100,
    reviewCount: row.review_count as number,
    hourlyRate: centsToDollars(row.hourly_rate_cents as number),
    completedJobs: row.completed_jobs as number,
    bio: row.bio as string,
    experience: row.experience as string,
    serviceTypes: JSON.parse(row.service_types as string) as ServiceType[],
    coverageAreas: JSON.parse(row.coverage_areas as string) as string[],
    isVerified: row.is_verified === 1,
    isInsured: row.is_insured === 1,
    isBonded: row.is_bonded === 1,
    city: row.city as string,
    state: row.state as string,
    zipCode: row.zip_code as string,
    timeZone: row.time_zone as string,
    ...(distance !== null ? { distance: Math.round(distance * 10) / 10 } : {}),
  };
}
