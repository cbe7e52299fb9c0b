import { boundingBox, type Point } from '../lib/geo';
import type { SearchSort } from './search-criteria';
import { cellOf, comparatorOf, gridOf, haversineMiles, Keys, topOf } from './search-facts.scan';

/**
 * The facts a cleaner search filters, sorts and counts by, for every active cleaner, held as
 * columns of typed arrays (decision 060). A search reads them in one pass: 100,000 cleaners take
 * about a millisecond, where SQLite's per-row work over the same matches took tens. Pure: what
 * keeps it in step with the database is `SearchFacts` (search-facts.sync.ts).
 */

/** One cleaner as the search sees it. */
export interface FactRow {
  id: number;
  active: boolean;
  rating: number | null;
  reviewCount: number;
  rateCents: number;
  completedJobs: number;
  isVerified: boolean;
  isInsured: boolean;
  isBonded: boolean;
  serviceTypes: readonly string[];
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** What a search asks of the facts: everything but the words, which arrive as candidates. */
export interface FactQuery {
  center?: Point;
  radius: number;
  /** Upper-case, matched exactly. */
  state?: string;
  serviceType?: string;
  /** Only above 0 (0 would drop unrated cleaners). */
  minRating?: number;
  maxRateCents?: number;
  isVerified?: boolean;
  isInsured?: boolean;
  isBonded?: boolean;
  sort: SearchSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The cleaners a keyword search matched, with their bm25 rank when it sorts by relevance. */
export interface Candidates {
  ids: ArrayLike<number>;
  ranks?: ArrayLike<number>;
}

export interface FactAnswer {
  total: number;
  /** Mean of the rated matches' ratings, unrounded; null when none is rated. */
  averageRating: number | null;
  minRateCents: number | null;
  maxRateCents: number | null;
  /** Distinct (city, state) pairs among the matches. */
  cities: number;
  page: Array<{ id: number; distance: number | null }>;
}

const NO_MATCHES = (): FactAnswer => ({
  total: 0,
  averageRating: null,
  minRateCents: null,
  maxRateCents: null,
  cities: 0,
  page: [],
});
const VERIFIED = 1;
const INSURED = 2;
const BONDED = 4;
/** Above this many rows before the page's end, sorting every match beats keeping a sorted top. */
const MAX_TOP = 512;
export class CleanerFacts {
  #size = 0;
  #id = new Int32Array(0);
  /** NaN for an unrated cleaner. */
  #rating = new Float64Array(0);
  #reviews = new Int32Array(0);
  #rate = new Int32Array(0);
  #jobs = new Int32Array(0);
  #flags = new Uint8Array(0);
  #services = new Uint32Array(0);
  #place = new Int32Array(0);
  #state = new Int32Array(0);
  #lat = new Float64Array(0);
  #lon = new Float64Array(0);
  /** Slot + 1 by cleaner id (0: not held). Ids are small, dense integers; an array beats a Map. */
  #slotById = new Int32Array(0);
  readonly #places = new Keys();
  readonly #states = new Keys();
  readonly #serviceBits = new Keys();
  // Scratch space for one query at a time (queries run synchronously).
  #hits = new Int32Array(0);
  #distance = new Float64Array(0);
  #rank = new Float64Array(0);
  #seen = new Uint32Array(0);
  #stamp = 0;
  /**
   * Slots by one-degree cell (a counting sort: `#cellStart[c]` to `#cellStart[c + 1]` in
   * `#cellSlots`), so a radius reads the few cells its box touches, not every cleaner. Rebuilt on
   * the next radius search after a cleaner is added, removed or moved; ratings and prices leave it.
   */
  #cellStart = new Int32Array(0);
  #cellSlots = new Int32Array(0);
  #gridStale = true;

  /** Adds, replaces or (when no longer active) drops a cleaner. */
  put(row: FactRow): void {
    if (!row.active) {
      this.remove(row.id);
      return;
    }
    let slot = this.#slotOf(row.id);
    if (slot === undefined) {
      if (this.#size === this.#id.length) this.#grow(Math.max(1024, this.#size * 2));
      slot = this.#size++;
      this.#setSlot(row.id, slot);
      this.#gridStale = true;
    } else if (this.#lat[slot] !== row.latitude || this.#lon[slot] !== row.longitude) {
      this.#gridStale = true;
    }
    this.#id[slot] = row.id;
    this.#rating[slot] = row.rating ?? Number.NaN;
    this.#reviews[slot] = row.reviewCount;
    this.#rate[slot] = row.rateCents;
    this.#jobs[slot] = row.completedJobs;
    this.#flags[slot] = (row.isVerified ? VERIFIED : 0) | (row.isInsured ? INSURED : 0) | (row.isBonded ? BONDED : 0);
    let services = 0;
    for (const type of row.serviceTypes) {
      const bit = this.#serviceBits.of(type);
      if (bit < 32) services |= 1 << bit;
    }
    this.#services[slot] = services >>> 0;
    this.#place[slot] = this.#places.of(`${row.city}\u0000${row.state}`);
    this.#state[slot] = this.#states.of(row.state);
    this.#lat[slot] = row.latitude;
    this.#lon[slot] = row.longitude;
  }

  remove(id: number): void {
    const slot = this.#slotOf(id);
    if (slot === undefined) return;
    this.#slotById[id] = 0;
    this.#gridStale = true;
    const last = --this.#size;
    if (slot !== last) {
      for (const column of this.#columns()) column[slot] = column[last]!;
      this.#setSlot(this.#id[slot]!, slot);
    }
  }

  #slotOf(id: number): number | undefined {
    const stored = id < this.#slotById.length ? this.#slotById[id]! : 0;
    return stored === 0 ? undefined : stored - 1;
  }

  #setSlot(id: number, slot: number) {
    if (!Number.isInteger(id) || id < 0 || id > 0x7ffffffe) throw new RangeError(`cleaner id ${id} out of range`);
    if (id >= this.#slotById.length) {
      const next = new Int32Array(Math.max(id + 1, this.#slotById.length * 2, 1024));
      next.set(this.#slotById);
      this.#slotById = next;
    }
    this.#slotById[id] = slot + 1;
  }

  #columns() {
    return [
      this.#id,
      this.#rating,
      this.#reviews,
      this.#rate,
      this.#jobs,
      this.#flags,
      this.#services,
      this.#place,
      this.#state,
      this.#lat,
      this.#lon,
    ] as const;
  }

  #grow(capacity: number) {
    const grow = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.#id = grow(this.#id, (n) => new Int32Array(n));
    this.#rating = grow(this.#rating, (n) => new Float64Array(n));
    this.#reviews = grow(this.#reviews, (n) => new Int32Array(n));
    this.#rate = grow(this.#rate, (n) => new Int32Array(n));
    this.#jobs = grow(this.#jobs, (n) => new Int32Array(n));
    this.#flags = grow(this.#flags, (n) => new Uint8Array(n));
    this.#services = grow(this.#services, (n) => new Uint32Array(n));
    this.#place = grow(this.#place, (n) => new Int32Array(n));
    this.#state = grow(this.#state, (n) => new Int32Array(n));
    this.#lat = grow(this.#lat, (n) => new Float64Array(n));
    this.#lon = grow(this.#lon, (n) => new Float64Array(n));
    this.#hits = new Int32Array(capacity);
    this.#distance = new Float64Array(capacity);
    this.#rank = new Float64Array(capacity);
  }

  /**
   * One page and the stats over every match, as the SQL search answers them: the same filters,
   * the same order (ties broken by id), the same figures.
   */
  query(q: FactQuery, candidates?: Candidates): FactAnswer {
    const none = NO_MATCHES();
    let state = -1;
    if (q.state !== undefined) {
      const key = this.#states.find(q.state);
      if (key === undefined) return none;
      state = key;
    }
    let services = 0;
    if (q.serviceType !== undefined) {
      const bit = this.#serviceBits.find(q.serviceType);
      if (bit === undefined || bit >= 32) return none;
      services = (1 << bit) >>> 0;
    }
    let flagMask = 0;
    let flagValue = 0;
    for (const [wanted, bit] of [
      [q.isVerified, VERIFIED],
      [q.isInsured, INSURED],
      [q.isBonded, BONDED],
    ] as const) {
      if (wanted === undefined) continue;
      flagMask |= bit;
      if (wanted) flagValue |= bit;
    }
    const minRating = q.minRating ?? Number.NEGATIVE_INFINITY;
    const maxRate = q.maxRateCents ?? Number.POSITIVE_INFINITY;
    const center = q.center;
    const box = center ? boundingBox(center, q.radius) : undefined;

    const hits = this.#hits;
    const distance = this.#distance;
    const rank = this.#rank;
    let total = 0;
    // Columns as locals: the loop below runs once per cleaner, and private fields cost more to read.
    const stateColumn = this.#state;
    const servicesColumn = this.#services;
    const flagsColumn = this.#flags;
    const ratingColumn = this.#rating;
    const rateColumn = this.#rate;
    const latColumn = this.#lat;
    const lonColumn = this.#lon;
    const filterRating = minRating > Number.NEGATIVE_INFINITY;
    const [minLat, maxLat, minLon, maxLon] = box
      ? [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude]
      : [0, 0, 0, 0];
    /** Whether a cleaner passes every filter; a radius also records its distance. */
    const accept = (slot: number): boolean => {
      if (state >= 0 && stateColumn[slot] !== state) return false;
      if (services !== 0 && (servicesColumn[slot]! & services) === 0) return false;
      if ((flagsColumn[slot]! & flagMask) !== flagValue) return false;
      // NaN (unrated) fails every comparison, as NULL does in SQL.
      if (filterRating && !(ratingColumn[slot]! >= minRating)) return false;
      if (rateColumn[slot]! > maxRate) return false;
      if (center) {
        const lat = latColumn[slot]!;
        const lon = lonColumn[slot]!;
        if (lat < minLat || lat > maxLat || lon < minLon || lon > maxLon) return false;
        const miles = haversineMiles(center, lat, lon);
        if (!(miles <= q.radius)) return false;
        distance[slot] = miles;
      }
      return true;
    };
    if (candidates) {
      const { ids, ranks } = candidates;
      const slotById = this.#slotById;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        const slot = id < slotById.length ? slotById[id]! - 1 : -1;
        if (slot < 0 || !accept(slot)) continue;
        rank[slot] = ranks ? ranks[i]! : 0;
        hits[total++] = slot;
      }
    } else if (box) {
      this.#buildGrid();
      const start = this.#cellStart;
      const slots = this.#cellSlots;
      const lastRow = Math.min(90, Math.floor(box.maxLatitude));
      const lastColumn = Math.min(180, Math.floor(box.maxLongitude));
      for (let row = Math.max(-90, Math.floor(box.minLatitude)); row <= lastRow; row++) {
        for (let column = Math.max(-180, Math.floor(box.minLongitude)); column <= lastColumn; column++) {
          const cell = cellOf(row, column);
          for (let k = start[cell]!; k < start[cell + 1]!; k++) if (accept(slots[k]!)) hits[total++] = slots[k]!;
        }
      }
    } else {
      for (let slot = 0; slot < this.#size; slot++) if (accept(slot)) hits[total++] = slot;
    }
    if (total === 0) return none;

    // Stats. Ratings are summed with Neumaier's compensation, as SQLite's avg() sums them.
    let sum = 0;
    let compensation = 0;
    let rated = 0;
    let minRateCents = Number.POSITIVE_INFINITY;
    let maxRateCents = Number.NEGATIVE_INFINITY;
    if (this.#seen.length < this.#places.size) this.#seen = new Uint32Array(this.#places.size * 2);
    if (++this.#stamp === 0xffffffff) {
      this.#seen.fill(0);
      this.#stamp = 1;
    }
    const stamp = this.#stamp;
    let cities = 0;
    for (let i = 0; i < total; i++) {
      const slot = hits[i]!;
      const rating = this.#rating[slot]!;
      if (!Number.isNaN(rating)) {
        const t = sum + rating;
        compensation += Math.abs(sum) >= Math.abs(rating) ? sum - t + rating : rating - t + sum;
        sum = t;
        rated++;
      }
      const rate = this.#rate[slot]!;
      if (rate < minRateCents) minRateCents = rate;
      if (rate > maxRateCents) maxRateCents = rate;
      const place = this.#place[slot]!;
      if (this.#seen[place] !== stamp) {
        this.#seen[place] = stamp;
        cities++;
      }
    }

    const compare = comparatorOf(q.sort, q.direction, {
      id: this.#id,
      rating: this.#rating,
      reviews: this.#reviews,
      rate: this.#rate,
      jobs: this.#jobs,
      distance,
      rank,
    });
    const end = q.offset + q.limit;
    let ordered: ArrayLike<number>;
    if (end >= total || end > MAX_TOP) {
      ordered = hits.slice(0, total).sort(compare);
    } else {
      ordered = topOf(hits, total, end, compare);
    }
    const page: FactAnswer['page'] = [];
    for (let i = q.offset; i < Math.min(end, ordered.length); i++) {
      const slot = ordered[i]!;
      page.push({ id: this.#id[slot]!, distance: center ? distance[slot]! : null });
    }
    return {
      total,
      averageRating: rated > 0 ? (sum + compensation) / rated : null,
      minRateCents,
      maxRateCents,
      cities,
      page,
    };
  }

  #buildGrid() {
    if (!this.#gridStale) return;
    ({ start: this.#cellStart, slots: this.#cellSlots } = gridOf(this.#size, this.#lat, this.#lon));
    this.#gridStale = false;
  }
}
