import type { Client, InValue } from '@libsql/client';
import { centsToDollars } from '@spotless/sdk/rules';
import type { Cleaner, CleanerSearchPage } from '@spotless/sdk/schemas';
import type { Data } from '../contract/hypermedia';
import { escapeLike } from '../db/statements';
import { boundingBox, type Point } from '../lib/geo';
import {
  criteriaOf,
  type SearchCriteria,
  type SearchDirection,
  type SearchFigures,
  type SearchInput,
  type SearchSort,
} from './search-criteria';
import { factsCanAnswer, figuresFromFacts } from './search-facts.queries';
import type { SearchFacts } from './search-facts.sync';
import { BM25, PAGE_COLUMNS, toCleaner } from './search-page';
import { correctedFtsQuery } from './search-typos';

const EARTH_RADIUS_MILES = 3958.7613;

/** ORDER BY terms over a row alias; `id` ascending breaks every tie, so pages never overlap. */
function orderBy(sort: SearchSort, direction: SearchDirection, a: string): string {
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
export function planSearch(criteria: SearchCriteria): SearchPlan {
  const where: string[] = [`c.status = 'active'`];
  const whereArgs: InValue[] = [];
  let from = 'cleaners c';
  const { center, fts, sort, direction } = criteria;

  if (criteria.place !== undefined) {
    // A typed `%` or `_` is a character, not a wildcard.
    const lower = criteria.place.toLowerCase();
    where.push("(lower(c.city) like ? escape '\\' or lower(c.state) = ? or (c.zip_code >= ? and c.zip_code < ?))");
    whereArgs.push(`${escapeLike(lower)}%`, lower, criteria.place, prefixEnd(criteria.place));
  }
  if (criteria.cityName !== undefined) {
    where.push('lower(c.city) = ?');
    whereArgs.push(criteria.cityName);
  }
  if (criteria.state) {
    where.push('c.state = ?');
    whereArgs.push(criteria.state);
  }
  if (criteria.zipCode) {
    where.push('c.zip_code >= ? and c.zip_code < ?');
    whereArgs.push(criteria.zipCode, prefixEnd(criteria.zipCode));
  }
  if (criteria.serviceType) {
    // service_types is a JSON array of enum words: a quoted substring test is exact and far
    // cheaper per row than json_each.
    where.push('instr(c.service_types, ?) > 0');
    whereArgs.push(`"${criteria.serviceType}"`);
  }
  if (criteria.minRating !== undefined) {
    where.push('c.rating >= ?');
    whereArgs.push(criteria.minRating);
  }
  if (criteria.maxRateCents !== undefined) {
    where.push('c.hourly_rate_cents <= ?');
    whereArgs.push(criteria.maxRateCents);
  }
  for (const [flag, column] of [
    [criteria.isVerified, 'is_verified'],
    [criteria.isInsured, 'is_insured'],
    [criteria.isBonded, 'is_bonded'],
  ] as const) {
    if (flag !== undefined) where.push(`c.${column} = ${flag ? 1 : 0}`);
  }

  // bm25 reads every match's column sizes and positions: only a relevance sort needs it.
  let rank = '0';
  if (fts) {
    // The full-text match drives (CROSS JOIN fixes the order); cleaners are fetched by id.
    from = 'cleaner_search s cross join cleaners c on c.id = s.rowid';
    where.push('cleaner_search match ?');
    whereArgs.push(fts);
    // Name matches weigh most, then services, coverage areas, bio.
    if (sort === 'relevance') rank = BM25;
  }

  let distance = 'null';
  const selectArgs: InValue[] = [];
  let radiusFilter = '';
  const radiusArgs: InValue[] = [];
  if (center) {
    const box = boundingBox(center, criteria.radius);
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
    radiusArgs.push(criteria.radius);
  }

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
  ${PAGE_COLUMNS}
from s
left join p on 1
left join cleaners c on c.id = p.id
left join users u on u.id = c.user_id
order by ${orderBy(sort, direction, 'p')}`;
  const args = [...selectArgs, ...whereArgs, ...radiusArgs, criteria.limit, criteria.offset];
  return { sql, args, center };
}

/** One page of cleaners and the stats over every match. */
export type SearchResult = Omit<CleanerSearchPage, 'items' | 'links'> & { items: Data<Cleaner>[] };

/** One page and the stats over every match in one statement, all in SQL. */
async function figuresFromSql(client: Client, criteria: SearchCriteria): Promise<SearchFigures> {
  const plan = planSearch(criteria);
  const { rows } = await client.execute({ sql: plan.sql, args: plan.args });
  const first = rows[0];
  const total = Number(first?.total ?? 0);
  return {
    total,
    averageRating: (first?.average_rating as number | null | undefined) ?? null,
    minRateCents: total > 0 ? (first?.min_rate as number) : null,
    maxRateCents: total > 0 ? (first?.max_rate as number) : null,
    cities: Number(first?.cities ?? 0),
    items: rows
      .filter((row) => row.id !== null)
      .map((row) => toCleaner(row, plan.center ? (row.distance as number) : null)),
  };
}

/**
 * One page of a cleaner search with stats over every match: from this server's copy of the
 * cleaners' facts when it keeps one and the search needs no place text matched (decision 060),
 * else in one SQL statement. Both answer the same.
 */
export async function searchCleaners(client: Client, input: SearchInput, facts?: SearchFacts): Promise<SearchResult> {
  const figuresOf = async (criteria: SearchCriteria) =>
    facts && factsCanAnswer(criteria) ? figuresFromFacts(client, facts, criteria) : figuresFromSql(client, criteria);
  let figures = await figuresOf(criteriaOf(input));
  // Nothing found for the words typed: read misspelt ones as the index's nearest terms, once.
  if (input.query && figures.total === 0) {
    const { query } = input;
    const read = () => correctedFtsQuery(client, query);
    const corrected = facts ? await facts.correction(query, read) : await read();
    if (corrected) figures = await figuresOf(criteriaOf(input, corrected));
  }
  const { total, averageRating: average } = figures;
  return {
    items: figures.items,
    total,
    page: input.page,
    pageSize: input.pageSize,
    stats: {
      total,
      averageRating: average === null ? null : Math.round(average * 100) / 100,
      priceRange:
        total > 0 ? { min: centsToDollars(figures.minRateCents!), max: centsToDollars(figures.maxRateCents!) } : null,
      cities: figures.cities,
    },
  };
}
