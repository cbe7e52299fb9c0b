import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';
import { searchCacheFor } from './search-cache';
import { keepSearchFacts } from './search-facts.sync';

/**
 * The search's answers, pinned (decisions 010 and 060): a fixed set of queries over a fixed seeded
 * database (seed 5, 3,000 cleaners, the harness's fixed clock) must answer exactly what
 * `__fixtures__/search-answers.json` holds — the page's ids in order, their distances, the total
 * and the stats. A change to how search is computed (indexes, tables, caching, ranking shortcuts)
 * keeps every answer identical; a change meant to alter answers updates the file on purpose
 * (`npx vitest run --project server src/search/search-answers.test.ts -u`) and says why.
 */

const QUERIES = [
  '',
  'page=2&pageSize=20',
  'location=Austin',
  'location=austin&sortBy=price',
  'location=Denver&radius=10&sortBy=distance',
  'location=Chicago&radius=50&sortBy=rating&sortOrder=asc',
  'city=Seattle',
  'state=TX&sortBy=experience',
  'state=CA&page=3&pageSize=7',
  'zipCode=78&sortBy=price&sortOrder=desc',
  'latitude=40.7128&longitude=-74.006&radius=15',
  'latitude=34.0522&longitude=-118.2437&radius=100&sortBy=distance&page=2',
  'serviceType=deep',
  'serviceType=moveout&minRating=4&sortBy=rating',
  'serviceType=commercial&maxPrice=35&isVerified=true',
  'minRating=4.5&maxPrice=50&isInsured=true&isBonded=true&sortBy=price',
  'isVerified=true&isInsured=true&page=4&pageSize=12',
  'query=kitchen',
  'query=deep%20clean&page=2',
  'query=eco&location=Austin&radius=40',
  'query=pet&minRating=4&sortBy=price',
  'query=maria',
  'query=garcia&sortBy=rating',
  'query=move%20out&serviceType=moveout',
  'query=office&maxPrice=45&sortOrder=asc',
  'query=spotless&isVerified=true&page=2&pageSize=5',
  'query=zzzznotaword',
  'location=Nowhereville',
  'maxPrice=20',
  'location=Phoenix&serviceType=residential&minRating=3.5&maxPrice=60&sortBy=price&page=2&pageSize=10',
];

describe('search answers over a fixed database', () => {
  // Both ways of answering (decision 060) must answer exactly as pinned: in SQL alone, and from a
  // server's copy of the cleaners' facts. The answer cache is off, so each run computes.
  it.each(['sql', 'facts'])(
    'answers every query of the fixed set exactly as pinned (%s)',
    async (mode) => {
      const ctx = await createTestContext();
      await seedDemoData(ctx.database, { cleaners: 3000, now: ctx.clock.now(), demoAccounts: false, seed: 5 });
      searchCacheFor(ctx.database.client).enabled = false;
      if (mode === 'facts') keepSearchFacts(ctx.database.client);
      const answers: Record<string, unknown> = {};
      for (const query of QUERIES) {
        const res = await ctx.json<{
          items: Array<{ id: number; distance?: number }>;
          total: number;
          page: number;
          pageSize: number;
          stats: unknown;
        }>(`/api/cleaners?${query}`);
        expect(res.status, query).toBe(200);
        answers[query] = {
          items: res.body.items.map((c) => (c.distance === undefined ? c.id : [c.id, c.distance])),
          total: res.body.total,
          page: res.body.page,
          pageSize: res.body.pageSize,
          stats: res.body.stats,
        };
      }
      await expect(`${JSON.stringify(answers, null, 1)}\n`).toMatchFileSnapshot('./__fixtures__/search-answers.json');
    },
    120_000,
  );
});
