import type { FavouriteList } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { favourites, users } from '../db/schema';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext();
let cookie = '';
let otherCookie = '';
let userId = 0;

async function signIn(email: string) {
  const [user] = await ctx.database.write((tx) =>
    tx.insert(users).values({ email, firstName: 'Fav', lastName: 'User' }).returning({ id: users.id }),
  );
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: user!.id, kind: 'user' }, ctx.clock.now());
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

beforeAll(async () => {
  await seedDemoData(ctx.database, { cleaners: 10, now: ctx.clock.now(), demoAccounts: false, seed: 5 });
  const me = await signIn('fav@test.example');
  userId = me.id;
  cookie = me.cookie;
  otherCookie = (await signIn('other@test.example')).cookie;
});

const send = (method: string, path: string, who = cookie) =>
  ctx.json<FavouriteList & { error?: { code: string } }>(path, {
    method,
    headers: { cookie: who, origin: 'http://localhost' },
  });

describe('/api/favourites', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.json('/api/favourites')).status).toBe(401);
    expect(
      (await ctx.json('/api/favourites/1', { method: 'PUT', headers: { origin: 'http://localhost' } })).status,
    ).toBe(401);
  });

  it('saves idempotently, lists only the user’s own, and removes idempotently', async () => {
    expect((await send('PUT', '/api/favourites/3')).status).toBe(200);
    expect((await send('PUT', '/api/favourites/3')).status).toBe(200);
    expect((await send('PUT', '/api/favourites/5')).status).toBe(200);
    const rows = await ctx.database.db.select().from(favourites).where(eq(favourites.userId, userId));
    expect(rows.map((r) => r.cleanerId).sort()).toEqual([3, 5]);
    const list = await send('GET', '/api/favourites');
    expect(list.body.items.map((i) => i.cleanerId).sort()).toEqual([3, 5]);
    expect((await send('GET', '/api/favourites', otherCookie)).body.total).toBe(0);
    expect((await send('DELETE', '/api/favourites/3')).status).toBe(200);
    expect((await send('DELETE', '/api/favourites/3')).status).toBe(200);
    expect((await send('GET', '/api/favourites')).body.items.map((i) => i.cleanerId)).toEqual([5]);
  });

  it('answers 404 for an unknown cleaner and 400 for a bad id', async () => {
    expect((await send('PUT', '/api/favourites/999999')).status).toBe(404);
    expect((await send('PUT', '/api/favourites/abc')).status).toBe(400);
  });
});
