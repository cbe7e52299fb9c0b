import type { Client, InValue, Row } from '@libsql/client';
import { lookupCity } from '@spotless/sdk/cities';
import { centsToDollars } from '@spotless/sdk/rules';
import type { Cleaner, CleanerSearchPage, CleanerSearchQuery, ServiceType } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { boundingBox, type Point } from '../lib/geo';
import type { Data } from '../lib/hypermedia';
import { toFtsQuery } from './fts-query';
import { correctedFtsQuery } from './search-typos';

export type SearchInput = z.output<typeof CleanerSearchQuery>;

/** Default radius (miles) around given or resolved coordinates (spec 01 §5). */
export const DEFAULT_RADIUS_MILES = 25;
const EARTH_RADIUS_MILES = 3958.7613;

type Sort = 'rating' | 'price' | 'distance' | 'experience' | 'relevance';
type Direction = 'asc' | 'desc';

const DEFAULT_DIRECTION: Record<Sort, Direction> = {
  rating: 'desc',
  price: 'asc',
  distance: 'asc',
  experience: 'desc',
  relevance: 'desc',
};

/** ORDER BY terms over a row alias; `id` ascending breaks every tie, so pages never overlap. */
function orderBy(sort: Sort, direction: Direction, a: string): string {
  const d = direction.toUpperCase();
  switch (sort) {
    // SQLite sorts NULL lowest: unrated cleaners come last when descending, first when ascending.
    case 'rating':
      return `${a}.rating ${d}, ${a}.review_count ${d}, ${a}.id ASC`;
    case 'price':
      return `${a}.hourly_rate_cents ${d}, ${a}.id ASC`;
    case 'experience':
      return `${a}.completed_jobs ${d}, ${a}.id ASC`;
    case 'distance':
      return `${a}.distance ${d}, ${a}.id ASC`;
    // bm25 ranks lower-is-better: "most relevant first" is ascending rank.
    case 'relevance':
      return `${a}.rank ${direction === 'desc' ? 'ASC' : 'DESC'}, ${a}.rating DESC, ${a}.id ASC`;
  }
}

/** Haversine in SQL, the same formula as `distanceMiles` in lib/geo.ts. */
function distanceSql(center: Point): { sql: string; args: InValue[] } {
  return {
    sql: `(${2 * EARTH_RADIUS_MILES} * asin(min(1, sqrt(
      power(sin(radians(c.latitude - ?) / 2), 2) +
      cos(radians(?)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ?) / 2), 2)))))`,
    args: [center.latitude, center.latitude, center.longitude],
  };
}

/** Exclusive upper bound of a text prefix, so a prefix match is an index range. */
/** `text` as a literal inside a LIKE pattern whose escape character is a backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

export interface SearchPlan {
  sql: string;
  args: InValue[];
  center: Point | undefined;
}

/**
 * Builds the one statement that answers a search page: the matches (FTS5 for keywords, the R*Tree
 * for the radius, plain indexed columns for the rest) are materialised once, then both the
 * page and the stats over every match are read from them.
 */
export function planSearch(input: SearchInput, ftsQuery?: string): SearchPlan {
  const where: string[] = [`c.status = 'active'`];
  const whereArgs: InValue[] = [];
  let from = 'cleaners c';

  let center: Point | undefined =
    input.latitude !== undefined && input.longitude !== undefined
      ? { latitude: input.latitude, longitude: input.longitude }
      : undefined;

  for (const text of [input.location, input.city]) {
    const place = text?.trim();
    if (!place) continue;
    const city = lookupCity(place);
    if (city) {
      center ??= city;
      continue;
    }
    const lower = place.toLowerCase();
    if (text === input.city) {
      where.push('lower(c.city) = ?');
      whereArgs.push(lower);
    } else {
      // A typed `%` or `_` is a character, not a wildcard.
      where.push("(lower(c.city) like ? escape '\\' or lower(c.state) = ? or (c.zip_code >= ? and c.zip_code < ?))");
      whereArgs.push(`${escapeLike(lower)}%`, lower, place, prefixEnd(place));
    }
  }
  if (input.state) {
    where.push('c.state = ?');
    whereArgs.push(input.state.toUpperCase());
  }
  if (input.zipCode) {
    where.push('c.zip_code >= ? and c.zip_code < ?');
    whereArgs.push(input.zipCode, prefixEnd(input.zipCode));
  }
  const serviceType = input.serviceType === 'all' ? undefined : (input.serviceType as ServiceType | undefined);
  if (serviceType) {
    // service_types is a JSON array of enum words: a quoted substring test is exact and far
    // cheaper per row than json_each.
    where.push('instr(c.service_types, ?) > 0');
    whereArgs.push(`"${serviceType}"`);
  }
  if (input.minRating !== undefined && input.minRating > 0) {
    where.push('c.rating >= ?');
    whereArgs.push(input.minRating);
  }
  if (input.maxPrice !== undefined) {
    where.push('c.hourly_rate_cents <= ?');
    whereArgs.push(Math.round(input.maxPrice * 100));
  }
  for (const [flag, column] of [
    [input.isVerified, 'is_verified'],
    [input.isInsured, 'is_insured'],
    [input.isBonded, 'is_bonded'],
  ] as const) {
    if (flag !== undefined) where.push(`c.${column} = ${flag ? 1 : 0}`);
  }

  const fts = ftsQuery ?? (input.query ? toFtsQuery(input.query) : undefined);
  let rank = '0';
  if (fts) {
    // The full-text match drives (CROSS JOIN fixes the order); cleaners are fetched by id.
    from = 'cleaner_search s cross join cleaners c on c.id = s.rowid';
    where.push('cleaner_search match ?');
    whereArgs.push(fts);
    // Name matches weigh most, then services, coverage areas, bio.
    rank = 'bm25(cleaner_search, 10.0, 1.0, 4.0, 3.0)';
  }

  let distance = 'null';
  const selectArgs: InValue[] = [];
  let radiusFilter = '';
  const radiusArgs: InValue[] = [];
  if (center) {
    const radius = input.radius ?? DEFAULT_RADIUS_MILES;
    const box = boundingBox(center, radius);
    if (fts) {
      where.push(
        'c.id in (select id from cleaner_geo g where g.max_lat >= ? and g.min_lat <= ? and g.max_lon >= ? and g.min_lon <= ?)',
      );
    } else {
      // The R*Tree drives: CROSS JOIN keeps it the outer loop, then rows are fetched by id.
      from = 'cleaner_geo g cross join cleaners c on c.id = g.id';
      where.push('g.max_lat >= ? and g.min_lat <= ? and g.max_lon >= ? and g.min_lon <= ?');
    }
    whereArgs.push(box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude);
    const d = distanceSql(center);
    distance = d.sql;
    selectArgs.push(...d.args);
    radiusFilter = 'where distance <= ?';
    radiusArgs.push(radius);
  }

  let sort: Sort = input.sortBy ?? (fts ? 'relevance' : 'rating');
  if (sort === 'distance' && !center) sort = 'rating';
  const direction = input.sortOrder ?? DEFAULT_DIRECTION[sort];
  // bm25 reads every match's column sizes and positions: only a relevance sort needs it.
  if (sort !== 'relevance') rank = '0';

  const sql = `
with m as materialized (
  select * from (
    select c.id, c.rating, c.review_count, c.hourly_rate_cents, c.completed_jobs, c.city, c.state,
      ${distance} as distance, ${rank} as rank
    from ${from}
    where ${where.join(' and ')}
  ) ${radiusFilter}
),
s as (
  select count(*) as total, avg(rating) as average_rating, min(hourly_rate_cents) as min_rate,
    max(hourly_rate_cents) as max_rate, (select count(*) from (select distinct city, state from m)) as cities
  from m
),
p as (select * from m order by ${orderBy(sort, direction, 'm')} limit ? offset ?)
select s.total, s.average_rating, s.min_rate, s.max_rate, s.cities, p.distance, p.rank,
  c.id, c.avatar_url, c.rating, c.review_count, c.hourly_rate_cents, c.completed_jobs, c.bio, c.experience,
  c.service_types, c.coverage_areas, c.is_verified, c.is_insured, c.is_bonded, c.city, c.state, c.zip_code,
  c.time_zone, u.first_name, u.last_name
from s
left join p on 1
left join cleaners c on c.id = p.id
left join users u on u.id = c.user_id
order by ${orderBy(sort, direction, 'p')}`;
  const args = [...selectArgs, ...whereArgs, ...radiusArgs, input.pageSize, (input.page - 1) * input.pageSize];
  return { sql, args, center };
}

function toCleaner(row: Row, withDistance: boolean): Data<Cleaner> {
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
    ...(withDistance ? { distance: Math.round((row.distance as number) * 10) / 10 } : {}),
  };
}

/** One page of cleaners and the stats over every match. */
export type SearchResult = Omit<CleanerSearchPage, 'items' | 'links'> & { items: Data<Cleaner>[] };

/** One page of a cleaner search with stats over every match, in one round trip. */
export async function searchCleaners(client: Client, input: SearchInput): Promise<SearchResult> {
  let plan = planSearch(input);
  let { rows } = await client.execute({ sql: plan.sql, args: plan.args });
  // Nothing found for the words typed: read misspelt ones as the index's nearest terms, once.
  if (input.query && Number(rows[0]?.total ?? 0) === 0) {
    const corrected = await correctedFtsQuery(client, input.query);
    if (corrected) {
      plan = planSearch(input, corrected);
      ({ rows } = await client.execute({ sql: plan.sql, args: plan.args }));
    }
  }
  const first = rows[0];
  const total = Number(first?.total ?? 0);
  const average = first?.average_rating as number | null | undefined;
  return {
    items: rows.filter((row) => row.id !== null).map((row) => toCleaner(row, plan.center !== undefined)),
    total,
    page: input.page,
    pageSize: input.pageSize,
    stats: {
      total,
      averageRating: average === null || average === undefined ? null : Math.round(average * 100) / 100,
      priceRange:
        total > 0
          ? { min: centsToDollars(first?.min_rate as number), max: centsToDollars(first?.max_rate as number) }
          : null,
      cities: Number(first?.cities ?? 0),
    },
  };
}
