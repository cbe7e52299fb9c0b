import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestContext } from '../test/harness';
import {
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

  it('keeps the expiry while 15 days or more remain, then slides it to 30 days from now', async () => {
    const token = generateSessionToken();
    const created = await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    expect(created.expiresAt.getTime()).toBe(t0.getTime() + 30 * DAY_MS);

    const at15 = new Date(t0.getTime() + 15 * DAY_MS); // exactly 15 days left: not yet
    const kept = await validateSessionToken(ctx.database, token, 'user', at15);
    expect(kept?.renewed).toBe(false);
    expect(kept?.session.expiresAt.getTime()).toBe(created.expiresAt.getTime());

    const at16 = new Date(t0.getTime() + 16 * DAY_MS); // 14 days left: extend
    const renewed = await validateSessionToken(ctx.database, token, 'user', at16);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.session.expiresAt.getTime()).toBe(at16.getTime() + 30 * DAY_MS);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(row?.expiresAt.getTime()).toBe(at16.getTime() + 30 * DAY_MS);
  });

  it('deletes an expired session', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId, kind: 'user' }, t0);
    expect(await validateSessionToken(ctx.database, token, 'user', new Date(t0.getTime() + 30 * DAY_MS))).toBeNull();
    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(rows).toEqual([]);
  });

  it('admin sessions last 12 hours and never slide', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: null, kind: 'admin' }, t0);
    const later = new Date(t0.getTime() + 11 * 3_600_000);
    expect((await validateSessionToken(ctx.database, token, 'admin', later))?.renewed).toBe(false);
    expect(
      await validateSessionToken(ctx.database, token, 'admin', new Date(t0.getTime() + 12 * 3_600_000)),
    ).toBeNull();
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
});
