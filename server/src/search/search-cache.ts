import type { Client } from '@libsql/client';

/**
 * Reads `search_state.version`, which triggers bump on every change that can alter a search
 * answer (docs/decisions/010). Concurrent callers share reads, but a caller only ever joins a read
 * that starts after it asked, so it never sees a version older than its own arrival.
 */
export class SearchVersion {
  #current: Promise<number> | undefined;
  #queued: Promise<number> | undefined;

  constructor(private readonly read: () => Promise<number>) {}

  get(): Promise<number> {
    if (!this.#current) return this.#start();
    this.#queued ??= this.#current.then(
      () => this.#startQueued(),
      () => this.#startQueued(),
    );
    return this.#queued;
  }

  #startQueued(): Promise<number> {
    this.#queued = undefined;
    return this.#start();
  }

  #start(): Promise<number> {
    const read = this.read();
    this.#current = read;
    const clear = () => {
      if (this.#current === read) this.#current = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}

/**
 * A small LRU of answers, each stamped with the version it was computed at: serialised search
 * answers here, and the keyword matches a server reuses (search-facts.sync.ts). Bounded by entries
 * and by bytes: a page can be large (100 cleaners with bios), and keys are chosen by whoever sends
 * the query, so the count alone would not bound memory (SECURITY.md).
 */
export class AnswerCache<T = string> {
  readonly #entries = new Map<string, { version: number; body: T; bytes: number }>();
  #bytes = 0;

  constructor(
    readonly capacity: number,
    readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** Memory an entry holds: UTF-16 code units of the key and the body, two bytes each. */
  static sizeOf(key: string, body: string): number {
    return (key.length + body.length) * 2;
  }

  get(key: string, version: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#delete(key);
    if (entry.version !== version) return undefined;
    this.#insert(key, entry);
    return entry.body;
  }

  /** `bytes`: what the entry holds, when the body is not a string. */
  set(key: string, version: number, body: T, bytes = AnswerCache.sizeOf(key, String(body))): void {
    this.#delete(key);
    if (bytes > this.maxBytes) return;
    this.#insert(key, { version, body, bytes });
    while (this.#entries.size > this.capacity || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
  }

  #insert(key: string, entry: { version: number; body: T; bytes: number }) {
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
  }

  #delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Memory held by the cached answers (see `sizeOf`). */
  get bytes(): number {
    return this.#bytes;
  }

  readonly #pending = new Map<string, Promise<T>>();

  /**
   * The cached answer, or one computation shared by every caller asking for the same key and
   * version at once (50 clients missing the same key run the query once, not 50 times).
   */
  async getOrCompute(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.get(key, version);
    if (hit !== undefined) return hit;
    const pendingKey = `${version}:${key}`;
    let pending = this.#pending.get(pendingKey);
    if (!pending) {
      pending = compute().then((body) => {
        this.set(key, version, body);
        return body;
      });
      const settled = () => this.#pending.delete(pendingKey);
      pending.then(settled, settled);
      this.#pending.set(pendingKey, pending);
    }
    return pending;
  }
}

export interface SearchCache {
  version: SearchVersion;
  answers: AnswerCache;
  /** The benchmark turns it off to measure the uncached path. */
  enabled: boolean;
}

const caches = new WeakMap<Client, SearchCache>();

/** One cache per database client (tests run several apps in one process). */
export function searchCacheFor(client: Client): SearchCache {
  let cache = caches.get(client);
  if (!cache) {
    cache = {
      version: new SearchVersion(async () => {
        const result = await client.execute('select version from search_state where id = 1');
        return Number(result.rows[0]?.[0] ?? 0);
      }),
      answers: new AnswerCache(2000),
      enabled: true,
    };
    caches.set(client, cache);
  }
  return cache;
}
