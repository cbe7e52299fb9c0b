import type { Client } from '@libsql/client';
import { CITIES } from '@spotless/sdk/cities';
import { CleanerSearchQuery } from '@spotless/sdk/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/generate';
import { createRandom } from '../seed/random';
import { createTestContext } from '../test/harness';
import { searchCleaners } from './search.queries';
import { searchCacheFor } from './search-cache';
import { SearchFacts } from './search-facts.sync';

/**
 * Decision 060: a search answered from a server's copy of the cleaners' facts answers exactly what
 * the SQL search answers (every item, every figure), over many random searches, and stays so as
 * cleaners change: rates, ratings, jobs, credentials, services, suspensions, new cleaners,
 * deletions, and a bulk write that goes around the change stamps.
 */

const WORDS = ['kitchen', 'deep clean', 'eco', 'pet', 'garcia', 'maria', 'office', 'window', 'move out', 'jmaes'];
const STATES = ['TX', 'CA', 'NY', 'IL', 'WA', 'ZZ'];

function searches(seed: number, count: number): string[] {
  // Seeded, so every run asks the same searches.
  const { next, pick, chance: maybe } = createRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = new URLSearchParams();
    if (maybe(0.3)) q.set('location', pick(CITIES).name);
    else if (maybe(0.2)) {
      const city = pick(CITIES);
      q.set('latitude', (city.latitude + (next() - 0.5)).toFixed(4));
      q.set('longitude', (city.longitude + (next() - 0.5)).toFixed(4));
    }
    if (maybe(0.4)) q.set('radius', String(1 + Math.floor(next() * 100)));
    if (maybe(0.15)) q.set('state', pick(STATES));
    if (maybe(0.4)) q.set('query', pick(WORDS));
    if (maybe(0.3)) q.set('serviceType', pick(['residential', 'commercial', 'deep', 'moveout', 'all']));
    if (maybe(0.3)) q.set('minRating', String(Math.floor(next() * 10) / 2));
    if (maybe(0.3)) q.set('maxPrice', String(15 + Math.floor(next() * 60)));
    for (const flag of ['isVerified', 'isInsured', 'isBonded']) if (maybe(0.15)) q.set(flag, String(maybe(0.6)));
    if (maybe(0.7)) q.set('sortBy', pick(['rating', 'price', 'distance', 'experience']));
    if (maybe(0.4)) q.set('sortOrder', pick(['asc', 'desc']));
    if (maybe(0.5)) q.set('page', String(1 + Math.floor(next() * 4)));
    if (maybe(0.5)) q.set('pageSize', String(1 + Math.floor(next() * 60)));
    out.push(q.toString());
  }
  return out;
}

describe('search from the facts', () => {
  let client: Client;
  let facts: SearchFacts;

  const expectSameAnswers = async (queries: string[]) => {
    let matched = 0;
    for (const query of queries) {
      const input = CleanerSearchQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const fromSql = await searchCleaners(client, input);
      const fromFacts = await searchCleaners(client, input, facts);
      expect(fromFacts, query).toEqual(fromSql);
      if (fromSql.total > 0) matched++;
    }
    // The searches are not all empty answers agreeing with each other.
    expect(matched).toBeGreaterThan(queries.length / 2);
  };

  beforeAll(async () => {
    const ctx = await createTestContext();
    await seedDemoData(ctx.database, { cleaners: 800, now: ctx.clock.now(), demoAccounts: false, seed: 11 });
    client = ctx.database.client;
    searchCacheFor(client).enabled = false;
    facts = new SearchFacts(client, async () => {
      const { rows } = await client.execute('select version from search_state where id = 1');
      return Number(rows[0]![0]);
    });
  }, 60_000);

  it('answers 300 random searches exactly as SQL does', async () => {
    await expectSameAnswers(searches(1, 300));
  }, 60_000);

  it('follows every kind of change to cleaners, made by anyone on the database', async () => {
    await facts.current();
    const ids = (await client.execute("select id from cleaners where status = 'active' order by id")).rows.map((row) =>
      Number(row[0]),
    );
    const { next } = createRandom(2);
    for (const id of ids.filter(() => next() < 0.1)) {
      await client.execute({
        sql: `update cleaners set hourly_rate_cents = ?, rating = ?, review_count = review_count + 1,
                completed_jobs = completed_jobs + 3, is_verified = 1 - is_verified, service_types = ? where id = ?`,
        args: [1500 + Math.floor(next() * 6000), Math.round(next() * 500) / 100, '["deep"]', id],
      });
    }
    const suspended = ids.slice(0, 20);
    await client.execute(`update cleaners set status = 'suspended' where id in (${suspended.join(',')})`);
    // A new cleaner, on a new user, in a city of its own.
    const user = await client.execute(
      "insert into users (email, first_name, last_name, role, created_at, updated_at) values ('facts-new@example.com', 'Nadia', 'Kitchenham', 'cleaner', 0, 0) returning id",
    );
    const created = await client.execute({
      sql: `insert into cleaners (user_id, bio, experience, hourly_rate_cents, rating, service_types, coverage_areas,
              city, state, zip_code, latitude, longitude, time_zone, created_at, updated_at)
            values (?, 'Kitchen specialist', '3 years', 1234, 4.9, '["residential"]', '[]', 'Facts Town', 'TX',
              '73301', 30.2672, -97.7431, 'America/Chicago', 0, 0) returning id`,
      args: [Number(user.rows[0]![0])],
    });
    const newId = Number(created.rows[0]![0]);
    // A cleaner with nothing pointing at them can be deleted outright.
    const free = await client.execute({
      sql: "select id from cleaners where status = 'active' and id <> ? and id not in (select cleaner_id from bookings) order by id desc limit 1",
      args: [newId],
    });
    const deleted = Number(free.rows[0]![0]);
    await client.execute({ sql: 'delete from cleaners where id = ?', args: [deleted] });

    const everyone = CleanerSearchQuery.parse({ pageSize: '100', sortBy: 'price' });
    const all = async () => {
      const pages = [];
      for (let page = 1; ; page++) {
        const result = await searchCleaners(client, { ...everyone, page }, facts);
        pages.push(...result.items.map((item) => item.id));
        if (result.items.length < 100) return pages;
      }
    };
    const shown = new Set(await all());
    expect(shown.has(newId)).toBe(true);
    expect(shown.has(deleted)).toBe(false);
    for (const id of suspended) expect(shown.has(id)).toBe(false);
    expect((await searchCleaners(client, CleanerSearchQuery.parse({ query: 'kitchenham' }), facts)).items[0]?.id).toBe(
      newId,
    );
    await expectSameAnswers(searches(3, 150));
  }, 60_000);

  it("reuses a keyword's matches only until the full-text index changes", async () => {
    const search = (query: string) => searchCleaners(client, CleanerSearchQuery.parse({ query }), facts);
    const before = await search('quokkas');
    expect(before.items.map((item) => item.bio)).not.toContain('Quokkas welcome');
    const [row] = (await client.execute("select id, user_id from cleaners where status = 'active' limit 1")).rows;
    const cleaner = { id: Number(row!.id), user_id: Number(row!.user_id) };
    await client.execute({ sql: "update cleaners set bio = 'Quokkas welcome' where id = ?", args: [cleaner.id] });
    expect((await search('quokkas')).items.map((item) => item.id)).toEqual([cleaner.id]);
    // A rating changes nothing the index holds: the answer follows the facts, the matches stay.
    await client.execute({ sql: 'update cleaners set rating = 1.25 where id = ?', args: [cleaner.id] });
    expect((await search('quokkas')).items.map((item) => item.rating)).toEqual([1.25]);
    // A misspelling's reading is reused too, until the index changes (decision 056).
    expect((await search('wombatsn')).items.map((item) => item.id)).not.toContain(cleaner.id);
    await client.execute({ sql: "update users set last_name = 'Wombatson' where id = ?", args: [cleaner.user_id] });
    expect((await search('wombatson')).items.map((item) => item.id)).toEqual([cleaner.id]);
    expect((await search('wombatsn')).items.map((item) => item.id)).toEqual([cleaner.id]);
    await expectSameAnswers(searches(5, 60));
  }, 60_000);

  it('reads everything again after a write that went around the change stamps', async () => {
    await facts.current();
    const trigger = await client.execute(
      "select sql from sqlite_master where type = 'trigger' and name = 'cleaners_search_update_version'",
    );
    await client.execute('drop trigger cleaners_search_update_version');
    await client.execute("update cleaners set hourly_rate_cents = 100 where status = 'active' and id % 7 = 0");
    await client.execute(String(trigger.rows[0]![0]));
    await client.execute('update search_state set version = version + 1, facts_epoch = facts_epoch + 1 where id = 1');
    const cheapest = await searchCleaners(client, CleanerSearchQuery.parse({ sortBy: 'price', pageSize: '5' }), facts);
    expect(cheapest.items.map((item) => item.hourlyRate)).toEqual(['1.00', '1.00', '1.00', '1.00', '1.00']);
    await expectSameAnswers(searches(4, 60));
  }, 60_000);
});
