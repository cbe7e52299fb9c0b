import type { Client, InValue } from '@libsql/client';
import { AnswerCache, searchCacheFor } from './search-cache';
import { type Candidates, CleanerFacts, type FactRow } from './search-facts';

/**
 * Keeps a server's `CleanerFacts` in step with the database (decision 060). Every change to a
 * cleaner bumps `search_state.version` and stamps the cleaner's row in `cleaner_changes` with it
 * (migration 0010), so a copy at version v catches up by reading the cleaners stamped after v,
 * together with the version itself, in one read transaction. A search first asks for the version
 * the database has now (the answer cache's shared read), so what it answers is never older than
 * its own arrival, whichever server or process made the change.
 */

/** Rows read per statement while loading everything, so a million cleaners never sit in one string. */
const LOAD_CHUNK = 50_000;

/**
 * One cleaner as a JSON array. Reals go through printf's 17 significant digits: SQLite's JSON
 * writes only 15, which would not give back the stored double (a distance must equal the SQL one).
 */
const real = (column: string) => `case when ${column} is null then null else printf('%!.17g', ${column}) end`;
const factJson = (id: string) =>
  `json_array(${id}, c.status = 'active', ${real('c.rating')}, c.review_count, c.hourly_rate_cents, c.completed_jobs,
    c.is_verified, c.is_insured, c.is_bonded, c.service_types, c.city, c.state, ${real('c.latitude')}, ${real('c.longitude')})`;

type FactJson = [
  number,
  number,
  string | null,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
  string,
  string,
  string,
];

function toFact(json: FactJson): FactRow {
  const [id, active, rating, reviewCount, rateCents, completedJobs, verified, insured, bonded, services] = json;
  // A deleted cleaner arrives as its id and nulls: not active.
  if (active !== 1) return { id, active: false } as FactRow;
  return {
    id,
    active: true,
    rating: rating === null ? null : Number(rating),
    reviewCount,
    rateCents,
    completedJobs,
    isVerified: verified === 1,
    isInsured: insured === 1,
    isBonded: bonded === 1,
    serviceTypes: JSON.parse(services) as string[],
    city: json[10],
    state: json[11],
    latitude: Number(json[12]),
    longitude: Number(json[13]),
  };
}

const STATE = 'select version, facts_epoch, text_version from search_state where id = 1';

/** Bounds on the keyword matches kept: a broad word's 25,000 matches and ranks take 300 KB. */
const WORDS_MAX_ENTRIES = 500;
const WORDS_MAX_BYTES = 32 * 1024 * 1024;

export class SearchFacts {
  #facts = new CleanerFacts();
  #version = -1;
  #epoch = -1;
  #textVersion = -1;
  #refreshing: Promise<void> | undefined;
  /** Which cleaners a keyword matched (and their ranks), at the text version they were read at. */
  readonly #words = new AnswerCache<unknown>(WORDS_MAX_ENTRIES, WORDS_MAX_BYTES);

  /** `currentVersion` answers the database's search version now (search-cache.ts's shared read). */
  constructor(
    private readonly client: Client,
    private readonly currentVersion: () => Promise<number>,
    /** The benchmark turns it off to measure keywords never asked before. */
    private readonly reuseWords = true,
  ) {}

  /** The facts, caught up with every change the database held when this was called. */
  async current(): Promise<CleanerFacts> {
    const wanted = await this.currentVersion();
    // A refresh already under way may have read an older version: at most one more is needed.
    for (let round = 0; round < 2 && this.#version < wanted; round++) {
      this.#refreshing ??= this.#refresh().finally(() => {
        this.#refreshing = undefined;
      });
      await this.#refreshing;
    }
    return this.#facts;
  }

  /**
   * The cleaners an FTS query matches, read by `read` or reused: a match and its bm25 rank change
   * only when the full-text index does (`search_state.text_version`, migration 0010), never with
   * a rating, a price or a job. Call after `current()`, whose version this reads at.
   */
  candidates(key: string, read: () => Promise<Candidates>): Promise<Candidates> {
    return this.#fromText(`matches ${key}`, read, (c) => c.ids.length * 4 + (c.ranks?.length ?? 0) * 8);
  }

  /** What misspelt words read as (search-typos.ts): the index's terms decide it, so it is reused likewise. */
  async correction(query: string, read: () => Promise<string | undefined>): Promise<string | undefined> {
    // A search matched in SQL alone has not brought the copy's text version up to date.
    await this.current();
    return (
      (await this.#fromText(
        `typos ${query}`,
        async () => (await read()) ?? null,
        (c) => (c?.length ?? 0) * 2,
      )) ?? undefined
    );
  }

  async #fromText<T>(key: string, read: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
    if (!this.reuseWords) return read();
    const textVersion = this.#textVersion;
    const kept = this.#words.get(key, textVersion);
    if (kept !== undefined) return kept as T;
    const value = await read();
    // Stored under the version the copy had when asked: the read is at least as new.
    if (textVersion === this.#textVersion) this.#words.set(key, textVersion, value, key.length * 2 + sizeOf(value));
    return value;
  }

  async #refresh(): Promise<void> {
    if (this.#version < 0) return this.#load();
    const [state, changes] = await this.client.batch(
      [
        { sql: STATE, args: [] },
        {
          sql: `select json_group_array(${factJson('ch.cleaner_id')}) from cleaner_changes ch
                left join cleaners c on c.id = ch.cleaner_id where ch.seq > ?`,
          args: [this.#version],
        },
      ],
      'read',
    );
    const version = Number(state!.rows[0]![0]);
    // A new epoch (a bulk load) or a version gone back (a restored database): read everything.
    if (Number(state!.rows[0]![1]) !== this.#epoch || version < this.#version) return this.#load();
    for (const json of JSON.parse(String(changes!.rows[0]![0])) as FactJson[]) this.#facts.put(toFact(json));
    this.#version = version;
    this.#textVersion = Number(state!.rows[0]![2]);
  }

  /**
   * Reads every cleaner, in chunks by id. Changes made while it reads are stamped after the
   * version read with the first chunk, so reading them afterwards makes the copy whole.
   */
  async #load(): Promise<void> {
    const facts = new CleanerFacts();
    const chunk = (after: number) => ({
      sql: `select json_group_array(${factJson('c.id')}), max(c.id)
            from (select * from cleaners where id > ? order by id limit ?) c`,
      args: [after, LOAD_CHUNK] as InValue[],
    });
    const [state, first] = await this.client.batch([{ sql: STATE, args: [] }, chunk(0)], 'read');
    const version = Number(state!.rows[0]![0]);
    const epoch = Number(state!.rows[0]![1]);
    let rows = first!.rows[0]!;
    for (;;) {
      const batch = JSON.parse(String(rows[0])) as FactJson[];
      for (const json of batch) facts.put(toFact(json));
      if (batch.length < LOAD_CHUNK) break;
      rows = (await this.client.execute(chunk(Number(rows[1])))).rows[0]!;
    }
    this.#facts = facts;
    this.#epoch = epoch;
    this.#version = version;
    this.#textVersion = Number(state!.rows[0]![2]);
    // Whatever changed during the chunks after the first.
    if (rows !== first!.rows[0]) await this.#refresh();
  }
}

/**
 * This server's copy of the facts searches filter, sort and count by (decision 060), per database
 * client, when the entry keeps one (`keepSearchFacts`): Node, where one process lives long. Workers
 * isolates answer searches in SQL.
 */
const kept = new WeakMap<Client, SearchFacts>();

/** Answers this client's searches from a copy of the cleaners' facts kept in step with the database. */
export function keepSearchFacts(client: Client, options: { reuseWords?: boolean } = {}): SearchFacts {
  let facts = kept.get(client);
  if (!facts) {
    const cache = searchCacheFor(client);
    facts = new SearchFacts(client, () => cache.version.get(), options.reuseWords);
    kept.set(client, facts);
  }
  return facts;
}

/** The facts this client's searches are answered from, if the entry keeps them; else searches use SQL. */
export const searchFactsOf = (client: Client): SearchFacts | undefined => kept.get(client);
