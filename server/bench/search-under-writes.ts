/**
 * Distinct searches while cleaners change (decision 060). Another connection to the same
 * database file — as another server would — writes what changes search answers (a review's rating
 * and count, a completed job, a new hourly rate) at `writesPerSecond`, while autocannon sends
 * distinct searches to the server with its answer cache on. Meanwhile, `samples` times, a search's
 * first cleaner gets a new rate, and the server's next answer to that search is compared with a
 * fresh query of the database (ids, rates, ratings, totals): a cached answer that missed the write
 * counts as stale. Random writes pause during each comparison so both sides read the same state.
 */
import { createClient } from '@libsql/client';
import { CleanerSearchQuery } from '@spotless/sdk/schemas';
import { searchCleaners } from '../src/search/search.queries';
import { type Figures, load } from './harness';

export interface UnderWrites extends Figures {
  writes: number;
  writesPerSecond: number;
  samples: number;
  stale: number;
  staleExamples: string[];
}

type Answer = { total: number; items: { id: number; hourlyRate: string; rating: number | null }[] };

const summary = (a: Answer) =>
  JSON.stringify({ total: a.total, items: a.items.map((c) => [c.id, c.hourlyRate, c.rating]) });

export async function searchUnderWrites(
  file: string,
  base: string,
  path: (i: number) => string,
  options: { connections: number; duration: number; writesPerSecond: number; samples: number; cleaners: number },
): Promise<UnderWrites> {
  const writer = createClient({ url: `file:${file}` });
  await writer.execute('PRAGMA busy_timeout = 5000');
  const reader = createClient({ url: `file:${file}` });
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const someCleaner = () => 1 + Math.floor(random() * options.cleaners);

  let writes = 0;
  let paused = false;
  let stopped = false;
  const writeOnce = async () => {
    const id = someCleaner();
    switch (writes % 3) {
      case 0: // a review: the rating moves toward the new stars, the count grows
        await writer.execute({
          sql: `update cleaners set rating = round((coalesce(rating, 0) * review_count + ?) / (review_count + 1), 2),
                  review_count = review_count + 1 where id = ?`,
          args: [1 + Math.floor(random() * 5), id],
        });
        break;
      case 1: // a completed job
        await writer.execute({
          sql: 'update cleaners set completed_jobs = completed_jobs + 1 where id = ?',
          args: [id],
        });
        break;
      default: // a profile edit: a new hourly rate
        await writer.execute({
          sql: 'update cleaners set hourly_rate_cents = ? where id = ?',
          args: [2_500 + Math.floor(random() * 60) * 100, id],
        });
    }
    writes++;
  };
  const writing = (async () => {
    const gap = 1000 / options.writesPerSecond;
    let next = performance.now();
    while (!stopped) {
      // A write due during a comparison waits for it, then the writer catches up.
      while (paused && !stopped) await new Promise((resolve) => setTimeout(resolve, 5));
      if (stopped) break;
      await writeOnce();
      next += gap;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();

  let stale = 0;
  const staleExamples: string[] = [];
  const checking = (async () => {
    const spacing = (options.duration * 1000) / (options.samples + 1);
    for (let s = 0; s < options.samples; s++) {
      await new Promise((resolve) => setTimeout(resolve, spacing));
      const url = path(7_919 * (s + 1));
      paused = true;
      try {
        const before = (await (await fetch(base + url)).json()) as Answer;
        const first = before.items[0];
        if (first) {
          await writer.execute({
            sql: 'update cleaners set hourly_rate_cents = hourly_rate_cents + 100 where id = ?',
            args: [first.id],
          });
          writes++;
        }
        const served = (await (await fetch(base + url)).json()) as Answer;
        const query = Object.fromEntries(new URL(url, base).searchParams);
        const fresh = await searchCleaners(reader, CleanerSearchQuery.parse(query));
        if (summary(served) !== summary(fresh as unknown as Answer)) {
          stale++;
          if (staleExamples.length < 3) staleExamples.push(url);
        }
      } finally {
        paused = false;
      }
    }
  })();

  const started = performance.now();
  const figures = await load(base, 'searches under writes', path, {
    connections: options.connections,
    duration: options.duration,
  });
  await checking;
  stopped = true;
  await writing;
  const seconds = (performance.now() - started) / 1000;
  writer.close();
  reader.close();
  return {
    ...figures,
    writes,
    writesPerSecond: Math.round((writes / seconds) * 10) / 10,
    samples: options.samples,
    stale,
    staleExamples,
  };
}
