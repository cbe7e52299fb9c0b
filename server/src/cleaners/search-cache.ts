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

/** A small LRU of serialised answers, each stamped with the search version it was computed at. */
export class AnswerCache {
  readonly #entries = new Map<string, { version: number; body: string }>();

  constructor(readonly capacity: number) {}

  get(key: string, version: number): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) return undefined;
    this.#entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: number, body: string): void {
    this.#entries.delete(key);
    this.#entries.set(key, { version, body });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  readonly #pending = new Map<string, Promise<string>>();

  /**
   * The cached answer, or one computation shared by every caller asking for the same key and
   * version at once (50 clients missing the same key run the query once, not 50 times).
   */
  async getOrCompute(key: string, version: number, compute: () => Promise<string>): Promise<string> {
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
