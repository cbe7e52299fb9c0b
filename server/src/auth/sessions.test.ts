import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestContext } from '../test/harness';
import {
  absoluteExpiry,
  createSession,
  DAY_MS,
  generateSessionToken,
  invalidateAllSessions,
  invalidateSession,
  sessionIdFromToken,
  validateSessionToken,
} from './sessions';

const ctx = await createTestContext();
const [user] = await ctx.database.write((tx) =>
  tx.insert(users).values({ email: 'sessions@example.com' }).returning({ id: users.id }),
);
const userId = user?.id as number;
const t0 = new Date('2026-06-15T12:00:00Z');

describe('session tokens', () => {
  it('carry 160 random bits as 32 base32 characters, all different', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored only as their SHA-256', async () => {
    const token = generateSessionToken();
    const session = await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    const { createHash } = await import('node:crypto');
    expect(session.id).toBe(createHash('sha256').update(token).digest('hex'));
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.some((r) => r.id === session.id)).toBe(true);
  });
});

describe('validateSessionToken', () => {
  it('finds the user, refuses a tampered token and another kind', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    expect((await validateSessionToken(ctx.database, token, 'user', t0))?.user?.id).toBe(userId);
    const tampered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect(await validateSessionToken(ctx.database, tampered, 'user', t0)).toBeNull();
    expect(await validateSessionToken(ctx.database, token, 'admin', t0)).toBeNull();
    expect(await validateSessionToken(ctx.database, 'x'.repeat(500), 'user', t0)).toBeNull();
  });

  it('ends a user session after 7 idle days, moving the idle expiry at most once a day while used', async () => {
    const token = generateSessionToken();
    const created = await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    expect(created.expiresAt.getTime()).toBe(t0.getTime() + 7 * DAY_MS);

    const hourLater = new Date(t0.getTime() + 3_600_000); // used soon after: no write
    expect((await validateSessionToken(ctx.database, token, 'user', hourLater))?.session.expiresAt).toEqual(
      created.expiresAt,
    );
    const dayLater = new Date(t0.getTime() + DAY_MS + 1); // a day on: idle expiry moves
    const moved = await validateSessionToken(ctx.database, token, 'user', dayLater);
    expect(moved?.session.expiresAt.getTime()).toBe(dayLater.getTime() + 7 * DAY_MS);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(row?.expiresAt.getTime()).toBe(dayLater.getTime() + 7 * DAY_MS);

    const idle = new Date(dayLater.getTime() + 7 * DAY_MS); // 7 days unused: gone
    expect(await validateSessionToken(ctx.database, token, 'user', idle)).toBeNull();
  });

  it('ends a user session 30 days after sign-in however much it is used', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    let last: Date | undefined;
    for (let day = 1; day < 30; day++) {
      const at = new Date(t0.getTime() + day * DAY_MS + 1);
      const valid = await validateSessionToken(ctx.database, token, 'user', at);
      expect(valid, `day ${day}`).not.toBeNull();
      expect(valid?.session.expiresAt.getTime()).toBeLessThanOrEqual(
        absoluteExpiry({ kind: 'user', createdAt: t0 }).getTime(),
      );
      last = at;
    }
    expect(last).toBeDefined();
    expect(await validateSessionToken(ctx.database, token, 'user', new Date(t0.getTime() + 30 * DAY_MS))).toBeNull();
  });

  it('deletes an expired session', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    expect(await validateSessionToken(ctx.database, token, 'user', new Date(t0.getTime() + 7 * DAY_MS))).toBeNull();
    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(rows).toEqual([]);
  });

  it('admin sessions end after 30 idle minutes and 12 hours at most', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: null, kind: 'admin' }, t0);
    const minute = 60_000;
    expect(
      await validateSessionToken(ctx.database, token, 'admin', new Date(t0.getTime() + 29 * minute)),
    ).not.toBeNull();
    expect(await validateSessionToken(ctx.database, token, 'admin', new Date(t0.getTime() + 59 * minute))).toBeNull();

    const busy = generateSessionToken();
    await createSession(ctx.database, busy, { userId: null, kind: 'admin' }, t0);
    for (let m = 20; m < 12 * 60; m += 20) {
      expect(
        await validateSessionToken(ctx.database, busy, 'admin', new Date(t0.getTime() + m * minute)),
        `minute ${m}`,
      ).not.toBeNull();
    }
    expect(await validateSessionToken(ctx.database, busy, 'admin', new Date(t0.getTime() + 12 * 3_600_000))).toBeNull();
  });
});

describe('invalidation', () => {
  it('removes one session, or every session of a user', async () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    const sa = await createSession(ctx.database, a, { userId, kind: 'user' }, t0);
    await createSession(ctx.database, b, { userId, kind: 'user' }, t0);
    await invalidateSession(ctx.database, sa.id);
    expect(await validateSessionToken(ctx.database, a, 'user', t0)).toBeNull();
    expect(await validateSessionToken(ctx.database, b, 'user', t0)).not.toBeNull();
    await invalidateAllSessions(ctx.database, userId);
    expect(await validateSessionToken(ctx.database, b, 'user', t0)).toBeNull();
  });

  it('keeps one session when asked, for the person changing their password or e-mail', async () => {
    const keep = generateSessionToken();
    const other = generateSessionToken();
    const kept = await createSession(ctx.database, keep, { userId, kind: 'user' }, t0);
    await createSession(ctx.database, other, { userId, kind: 'user' }, t0);
    await invalidateAllSessions(ctx.database, userId, kept.id);
    expect(await validateSessionToken(ctx.database, keep, 'user', t0)).not.toBeNull();
    expect(await validateSessionToken(ctx.database, other, 'user', t0)).toBeNull();
  });
});
