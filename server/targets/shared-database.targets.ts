import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallInit, call, type Json } from './call';
import { startLibsqlServer, startNode, startWorker, type Target } from './targets';

/**
 * Two servers over one libSQL server (decision 010): a Node server and the Workers runtime, as a
 * deployment with several instances has them. Each keeps its own search answer cache; a write
 * through one must never leave the other answering from a stale cache. The demo customer reviews
 * the demo cleaner through the Node server, and the very search the worker had just answered (and
 * cached) now shows the cleaner's new rating and review count — the same answer the Node server
 * gives, and the same as a search the worker never saw before. Then another process changes the
 * cleaner on the database, and the Node server's copy of the cleaners' facts (decision 060) follows.
 */

describe('two servers over one libSQL server', () => {
  let database: Awaited<ReturnType<typeof startLibsqlServer>>;
  let node: Target;
  let worker: Target;
  beforeAll(async () => {
    database = await startLibsqlServer();
    [node, worker] = await Promise.all([
      startNode('Node + libSQL server', database.url),
      startWorker('Workers runtime + libSQL server', database.url),
    ]);
  });
  afterAll(async () => {
    await node?.stop();
    await worker?.stop();
    await database?.stop();
  });

  const on = (target: Target) => (path: string, init?: CallInit) => call(target.url, path, init);

  it('never answers a search from a cache or a copy of the facts that another writer made stale', async () => {
    const viaNode = on(node);
    const viaWorker = on(worker);
    const signIn = async (email: string) => {
      const login = await viaNode('/api/auth/login', { method: 'POST', body: { email, password: 'demo-password' } });
      expect(login.status, email).toBe(200);
      return `spotless_session=${login.session}`;
    };
    const customer = await signIn('customer@example.com');
    const cleanerCookie = await signIn('cleaner@example.com');
    const profile = (await viaNode('/api/cleaners/profile', { cookie: cleanerCookie })).body;
    const cleanerId = profile.id as number;

    // The search that lists the demo cleaner, answered twice by the worker: the second from its cache.
    const search = `/api/cleaners?city=${encodeURIComponent(profile.city)}&pageSize=100`;
    const listed = (body: Json) => (body.items as Json[]).find((c) => c.id === cleanerId);
    const first = await viaWorker(search);
    expect(first.status).toBe(200);
    const before = listed(first.body);
    expect(before, 'the demo cleaner in its city’s search').toBeDefined();
    expect((await viaWorker(search)).body).toEqual(first.body);

    // A review of one of the demo customer's completed, unreviewed jobs with the demo cleaner.
    const review = async (via: typeof viaNode, overallRating: number) => {
      const completed = await via('/api/bookings?status=completed&limit=50', { cookie: customer });
      const booking = (completed.body.items as Json[]).find((b) => b.cleanerId === cleanerId && b.actions.review);
      expect(booking, 'a completed, unreviewed demo booking with the demo cleaner').toBeDefined();
      const action = booking?.actions.review as Json;
      const body: Json = {};
      for (const field of action.fields as Json[]) if (field.value !== undefined) body[field.name] = field.value;
      Object.assign(body, { overallRating, title: 'Missed the kitchen', comment: 'Came late and left early.' });
      const answer = await via(action.href, { method: action.method, body, cookie: customer });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    };

    // The write, through the Node server: a one-star review.
    await review(viaNode, 1);

    // The worker's cached search now has the new figures, as a search it never saw and the Node server's.
    const after = await viaWorker(search);
    expect(listed(after.body)?.reviewCount).toBe(before?.reviewCount + 1);
    expect(listed(after.body)?.rating).not.toBe(before?.rating);
    const fresh = await viaWorker(`${search}&page=1`);
    expect(listed(fresh.body)).toEqual(listed(after.body));
    expect((await viaNode(search)).body.items).toEqual(after.body.items);
    expect(after.body.stats).toEqual((await viaNode(search)).body.stats);

    // And a write by another process on the database (a job, a script, a third server). The Node
    // server answers searches from its own copy of the cleaners' facts (decision 060), which must
    // follow it: the cleaner's new rate decides the order, then a suspension takes them out, with
    // the same page and stats as the worker's SQL answer.
    const other = createClient({ url: database.url });
    const byPrice = `${search}&sortBy=price`;
    try {
      await other.execute({ sql: 'update cleaners set hourly_rate_cents = 100 where id = ?', args: [cleanerId] });
      const cheapest = await viaNode(byPrice);
      expect((cheapest.body.items as Json[])[0]?.id).toBe(cleanerId);
      expect(cheapest.body).toEqual((await viaWorker(byPrice)).body);
      await other.execute({ sql: "update cleaners set status = 'suspended' where id = ?", args: [cleanerId] });
      const without = await viaNode(byPrice);
      expect(listed(without.body)).toBeUndefined();
      expect(without.body.total).toBe(cheapest.body.total - 1);
      expect(without.body).toEqual((await viaWorker(byPrice)).body);
    } finally {
      other.close();
    }
  });
});
