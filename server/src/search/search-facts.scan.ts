import type { Point } from '../lib/geo';
import type { SearchSort } from './search-criteria';

/** The arithmetic under `CleanerFacts` (search-facts.ts): distances, cells, the order, the sorted top. */

const EARTH_DIAMETER_MILES = 2 * 3958.7613;
/** SQLite's radians(): x * (π / 180), rounded the same way. */
const RADIANS = Math.PI / 180;

/**
 * Haversine exactly as the SQL search writes it (search.queries.ts), operation for operation, so
 * both answer the same distances: squares as products, radians as SQLite rounds them.
 */
export function haversineMiles(center: Point, latitude: number, longitude: number): number {
  const a = Math.sin(((latitude - center.latitude) * RADIANS) / 2);
  const b = Math.sin(((longitude - center.longitude) * RADIANS) / 2);
  const h = a * a + Math.cos(center.latitude * RADIANS) * Math.cos(latitude * RADIANS) * (b * b);
  return EARTH_DIAMETER_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One-degree cells: latitude rows -90…90, longitude columns -180…180. */
const COLUMNS = 361;
const CELLS = 181 * COLUMNS;
export const cellOf = (latitude: number, longitude: number) =>
  (Math.min(90, Math.max(-90, latitude)) + 90) * COLUMNS + (Math.min(180, Math.max(-180, longitude)) + 180);

/** Slots by cell, as a counting sort: cell c's slots are `slots[start[c]]` to `slots[start[c + 1] - 1]`. */
export function gridOf(
  size: number,
  lat: Float64Array,
  lon: Float64Array,
): { start: Int32Array<ArrayBuffer>; slots: Int32Array<ArrayBuffer> } {
  const cells = new Int32Array(size);
  const start = new Int32Array(CELLS + 1);
  for (let slot = 0; slot < size; slot++) {
    const cell = cellOf(Math.floor(lat[slot]!), Math.floor(lon[slot]!));
    cells[slot] = cell;
    start[cell + 1]!++;
  }
  for (let cell = 0; cell < CELLS; cell++) start[cell + 1]! += start[cell]!;
  const next = start.slice(0, CELLS);
  const slots = new Int32Array(size);
  for (let slot = 0; slot < size; slot++) slots[next[cells[slot]!]!++] = slot;
  return { start, slots };
}

export /** The first `count` of `total` hits in order, kept as a sorted array while scanning once. */
function topOf(hits: Int32Array, total: number, count: number, compare: (a: number, b: number) => number): number[] {
  const top: number[] = [];
  for (let i = 0; i < total; i++) {
    const slot = hits[i]!;
    if (top.length === count && compare(slot, top[count - 1]!) >= 0) continue;
    let low = 0;
    let high = top.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(top[mid]!, slot) <= 0) low = mid + 1;
      else high = mid;
    }
    top.splice(low, 0, slot);
    if (top.length > count) top.pop();
  }
  return top;
}

/** The SQL search's ORDER BY over slots (search.queries.ts `orderBy`); id ascending breaks ties. */
export function comparatorOf(
  sort: SearchSort,
  direction: 'asc' | 'desc',
  columns: {
    id: Int32Array;
    rating: Float64Array;
    reviews: Int32Array;
    rate: Int32Array;
    jobs: Int32Array;
    distance: Float64Array;
    rank: Float64Array;
  },
): (a: number, b: number) => number {
  const { id, reviews, rate, jobs, distance, rank } = columns;
  const sign = direction === 'asc' ? 1 : -1;
  // An unrated cleaner sorts as SQL's NULL: lowest.
  const rating = (slot: number) => {
    const value = columns.rating[slot]!;
    return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
  };
  const by = (x: number, y: number) => (x === y ? 0 : x < y ? -1 : 1);
  switch (sort) {
    case 'rating':
      return (a, b) => sign * by(rating(a), rating(b)) || sign * by(reviews[a]!, reviews[b]!) || id[a]! - id[b]!;
    case 'price':
      return (a, b) => sign * by(rate[a]!, rate[b]!) || id[a]! - id[b]!;
    case 'experience':
      return (a, b) => sign * by(jobs[a]!, jobs[b]!) || id[a]! - id[b]!;
    case 'distance':
      return (a, b) => sign * by(distance[a]!, distance[b]!) || id[a]! - id[b]!;
    case 'relevance':
      // bm25 is lower-is-better: "most relevant first" is ascending rank.
      return (a, b) => -sign * by(rank[a]!, rank[b]!) || by(rating(b), rating(a)) || id[a]! - id[b]!;
  }
}

/** Interns strings as small integers. */
export class Keys {
  readonly #keys = new Map<string, number>();
  of(text: string): number {
    let key = this.#keys.get(text);
    if (key === undefined) {
      key = this.#keys.size;
      this.#keys.set(text, key);
    }
    return key;
  }
  find(text: string): number | undefined {
    return this.#keys.get(text);
  }
  get size(): number {
    return this.#keys.size;
  }
}
