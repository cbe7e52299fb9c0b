import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import type { Customer } from '../contract/actor';
import { visitor } from '../contract/actor';
import { chatMessages, chatSessions, users } from '../db/schema';
import { DEMO_CUSTOMER_EMAIL } from '../seed/demo-accounts';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';
import { answerTurn, openTurn, startChat, storedChatId } from './chat.service';

/**
 * A conversation started signed out is opened by its id alone; the first message a signed-in
 * person sends in it makes it theirs, in the same write as the reply the assistant read their
 * data for (decision 047). From then on the id alone opens nothing.
 */
const ctx = await createTestContext();
await seedWorld(ctx);

const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
if (!demo) throw new Error('demo customer missing');
const owner = await sessionFor(ctx, demo.id);
const other = await sessionFor(ctx, await createCustomer(ctx, 'Otto'));
const signedOut = { origin: ORIGIN };

type Reply = { response: string; links: { pages: Array<{ rel: string; href: string }> } };

async function startSignedOut(): Promise<string> {
  const res = await ctx.json<{ sessionId: string }>('/api/chat/session', { method: 'POST', headers: signedOut });
  expect(res.status).toBe(201);
  return res.body.sessionId;
}

const send = (sessionId: string, message: string, headers: Record<string, string>) =>
  ctx.json<Reply>(`/api/chat/${sessionId}/message`, { method: 'POST', headers, body: { message } });
const read = (sessionId: string, headers: Record<string, string> = {}) =>
  ctx.json<{ messages: Array<{ role: string; content: string }> }>(`/api/chat/${sessionId}`, { headers });

async function ownerOf(sessionId: string): Promise<number | null | undefined> {
  const [row] = await ctx.database.db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.id, storedChatId(sessionId)));
  return row?.userId;
}

async function storedMessages(sessionId: string): Promise<number> {
  const rows = await ctx.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, storedChatId(sessionId)));
  return rows.length;
}

/** The person's own bookings, as the offline engine lists them for the demo customer. */
function listsBookings(reply: Reply): void {
  expect(reply.response).toMatch(/^You have \d+ upcoming cleanings?:\n• /);
}

describe('a conversation started signed out, continued signed in', () => {
  it('becomes the person’s with their first message: 404 signed out and to anyone else, 200 to them', async () => {
    const sessionId = await startSignedOut();
    expect((await send(sessionId, 'hello', signedOut)).status).toBe(200);
    const mine = await send(sessionId, 'show my bookings', owner);
    expect(mine.status).toBe(200);
    listsBookings(mine.body);

    expect((await read(sessionId)).status).toBe(404);
    expect((await read(sessionId, other)).status).toBe(404);
    expect(await ownerOf(sessionId)).toBe(demo.id);
    const theirs = await read(sessionId, owner);
    expect(theirs.status).toBe(200);
    expect(theirs.body.messages.map((m) => m.content)).toContain(mine.body.response);

    const before = await storedMessages(sessionId);
    expect((await send(sessionId, 'show my bookings', signedOut)).status).toBe(404);
    expect((await send(sessionId, 'show my bookings', other)).status).toBe(404);
    expect(await storedMessages(sessionId)).toBe(before);
    const deleted = await ctx.app.request(`/api/chat/${sessionId}`, { method: 'DELETE', headers: signedOut });
    expect(deleted.status).toBe(404);
  });

  it('becomes theirs when the reply is streamed too', async () => {
    const sessionId = await startSignedOut();
    const res = await ctx.app.request(`/api/chat/${sessionId}/message`, {
      method: 'POST',
      headers: { ...owner, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'show my bookings' }),
    });
    expect(res.status).toBe(200);
    const final = (await res.text()).split('\n\n').filter(Boolean).at(-1) ?? '';
    expect(final).toMatch(/^event: reply$/m);
    listsBookings(JSON.parse(/^data: (.*)$/m.exec(final)?.[1] ?? 'null'));
    expect((await read(sessionId)).status).toBe(404);
    expect((await read(sessionId, other)).status).toBe(404);
    expect(await ownerOf(sessionId)).toBe(demo.id);
    expect((await read(sessionId, owner)).status).toBe(200);

    const visitorStream = await ctx.app.request(`/api/chat/${sessionId}/message`, {
      method: 'POST',
      headers: { ...signedOut, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'show my bookings' }),
    });
    expect(visitorStream.status).toBe(404);
  });

  it('stays open by its id while only visitors and a partner’s widget write in it', async () => {
    const sessionId = await startSignedOut();
    expect((await send(sessionId, 'Show me top-rated cleaners', signedOut)).status).toBe(200);
    expect((await read(sessionId, owner)).status).toBe(200); // reading it claims nothing
    expect(await ownerOf(sessionId)).toBeNull();
    expect((await read(sessionId)).status).toBe(200);
  });
});

describe('a claim someone else won', () => {
  const customer = (userId: number): Customer => ({ kind: 'customer', userId });

  it('stores nothing and answers 404, and the winner keeps their conversation', async () => {
    const loserId = await createCustomer(ctx, 'Lou');
    const { sessionId } = await startChat(ctx.deps, visitor);
    // Both turns were opened while the conversation was nobody's; the first to store wins it.
    const winning = await openTurn(ctx.deps, customer(demo.id), sessionId);
    const losing = await openTurn(ctx.deps, customer(loserId), sessionId);
    const late = await openTurn(ctx.deps, visitor, sessionId);
    await answerTurn(ctx.deps, winning, 'show my bookings', { siteOrigin: ORIGIN });
    const stored = await storedMessages(sessionId);

    await expect(answerTurn(ctx.deps, losing, 'show my bookings', { siteOrigin: ORIGIN })).rejects.toMatchObject({
      status: 404,
    });
    await expect(answerTurn(ctx.deps, late, 'hello', { siteOrigin: ORIGIN })).rejects.toMatchObject({ status: 404 });
    expect(await storedMessages(sessionId)).toBe(stored);
    expect(await ownerOf(sessionId)).toBe(demo.id);
  });
});

describe('a partner widget’s conversation', () => {
  it('is nobody’s: the key’s turns claim nothing and the id still opens it', async () => {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
    const admin = { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };
    const host = 'https://widget-host.example';
    const partner = await ctx.json<{ publishableKey: string }>('/api/admin/partners', {
      method: 'POST',
      headers: admin,
      body: { name: 'Widget Homes', allowedOrigins: [host] },
    });
    expect(partner.status).toBe(201);
    const widget = { 'x-spotless-key': partner.body.publishableKey, origin: host };
    const started = await ctx.json<{ sessionId: string }>('/api/chat/session', { method: 'POST', headers: widget });
    expect(started.status).toBe(201);
    const sessionId = started.body.sessionId;
    expect((await send(sessionId, 'Show me top-rated cleaners', widget)).status).toBe(200);
    expect(await ownerOf(sessionId)).toBeNull();
    expect((await read(sessionId, widget)).status).toBe(200);
  });
});
