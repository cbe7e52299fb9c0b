import type { Client } from '@libsql/client';
import type { SearchCriteria, SearchFigures } from './search-criteria';
import type { Candidates } from './search-facts';
import type { SearchFacts } from './search-facts.sync';
import { BM25, PAGE_COLUMNS, toCleaner } from './search-page';

/**
 * A search answered from this server's copy of the cleaners' facts (decision 060): FTS5 still
 * finds the words (one row: every match's id, and its bm25 rank for a relevance sort), the facts
 * filter, count and order every match, and only the page's cleaners are read in full.
 */

/** Place text the city table does not know is matched in SQL (case folding and LIKE as SQLite does them). */
export function factsCanAnswer(criteria: SearchCriteria): boolean {
  return criteria.place === undefined && criteria.cityName === undefined && criteria.zipCode === undefined;
}

/** "12,7,31" as numbers, without an intermediate array of strings. */
function parseIds(text: string): Int32Array {
  let count = text.length > 0 ? 1 : 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const ids = new Int32Array(count);
  let n = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids[n++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  if (count > 0) ids[n] = value;
  return ids;
}

async function candidatesOf(client: Client, fts: string, ranked: boolean): Promise<Candidates> {
  if (!ranked) {
    const { rows } = await client.execute({
      sql: 'select group_concat(rowid) from cleaner_search where cleaner_search match ?',
      args: [fts],
    });
    return { ids: parseIds(String(rows[0]?.[0] ?? '')) };
  }
  // bm25 cannot run inside an aggregate: the matches are materialised first. 17 digits give back
  // the exact double, so ties and order are the SQL search's.
  const { rows } = await client.execute({
    sql: `with m as materialized (select rowid as id, ${BM25} as r from cleaner_search where cleaner_search match ?)
          select group_concat(id), group_concat(printf('%!.17g', r)) from m`,
    args: [fts],
  });
  const ids = parseIds(String(rows[0]?.[0] ?? ''));
  const text = String(rows[0]?.[1] ?? '');
  const ranks = new Float64Array(ids.length);
  let start = 0;
  for (let i = 0; i < ids.length; i++) {
    const end = text.indexOf(',', start);
    ranks[i] = Number(end < 0 ? text.slice(start) : text.slice(start, end));
    start = end + 1;
  }
  return { ids, ranks };
}

export async function figuresFromFacts(
  client: Client,
  copy: SearchFacts,
  criteria: SearchCriteria,
): Promise<SearchFigures> {
  const facts = await copy.current();
  const { fts } = criteria;
  const ranked = criteria.sort === 'relevance';
  const candidates = fts
    ? await copy.candidates(`${ranked ? 'ranked' : 'ids'} ${fts}`, () => candidatesOf(client, fts, ranked))
    : undefined;
  const answer = facts.query(
    {
      ...(criteria.center ? { center: criteria.center } : {}),
      radius: criteria.radius,
      ...(criteria.state !== undefined ? { state: criteria.state } : {}),
      ...(criteria.serviceType !== undefined ? { serviceType: criteria.serviceType } : {}),
      ...(criteria.minRating !== undefined ? { minRating: criteria.minRating } : {}),
      ...(criteria.maxRateCents !== undefined ? { maxRateCents: criteria.maxRateCents } : {}),
      ...(criteria.isVerified !== undefined ? { isVerified: criteria.isVerified } : {}),
      ...(criteria.isInsured !== undefined ? { isInsured: criteria.isInsured } : {}),
      ...(criteria.isBonded !== undefined ? { isBonded: criteria.isBonded } : {}),
      sort: criteria.sort,
      direction: criteria.direction,
      limit: criteria.limit,
      offset: criteria.offset,
    },
    candidates,
  );
  let items: SearchFigures['items'] = [];
  if (answer.page.length > 0) {
    const { rows } = await client.execute({
      sql: `select ${PAGE_COLUMNS} from cleaners c left join users u on u.id = c.user_id
            where c.id in (${answer.page.map(() => '?').join(', ')})`,
      args: answer.page.map((hit) => hit.id),
    });
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    items = answer.page.flatMap((hit) => {
      const row = byId.get(hit.id);
      // Deleted since the facts were read: the page is one shorter, as a moment later it would be.
      return row ? [toCleaner(row, hit.distance)] : [];
    });
  }
  return {
    total: answer.total,
    averageRating: answer.averageRating,
    minRateCents: answer.minRateCents,
    maxRateCents: answer.maxRateCents,
    cities: answer.cities,
    items,
  };
}
