import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatSessions, cleaners, users } from '../db/schema';
import { DEMO_CUSTOMER_EMAIL } from '../seed/demo-accounts';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';
import { purgeOldChats, storedChatId } from './chat.service';

const ctx = await createTestContext();
await seedWorld(ctx);

type Started = {
  sessionId: string;
  welcomeMessage: string;
  actions: { sendMessage: { href: string; method: string }; deleteChat: { href: string } };
  links: { self: { href: string } };
};
type Reply = {
  response: string;
  message: { role: string; content: string };
  links: { pages: Array<{ rel: string; href: string; title: string }> };
  actions: { proposals: unknown[] };
};

async function start(headers: Record<string, string> = { origin: ORIGIN }) {
  const res = await ctx.json<Started>('/api/chat/session', { method: 'POST', headers });
  expect(res.status).toBe(201);
  return res.body;
}

function send(session: Started, message: unknown, headers: Record<string, string> = { origin: ORIGIN }) {
  return ctx.json<Reply>(session.actions.sendMessage.href, { method: 'POST', headers, body: { message } });
}

describe('the chat API for a signed-out visitor', () => {
  it('starts a session with an unguessable id, a welcome message, links and actions', async () => {
    const a = await start();
    const b = await start();
    expect(a.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/); // 18 random bytes: 144 bits
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.welcomeMessage).toMatch(/Spotless assistant/);
    expect(a.actions.sendMessage).toMatchObject({ method: 'POST', href: `/api/chat/${a.sessionId}/message` });
    expect(a.links.self.href).toBe(`/api/chat/${a.sessionId}`);
    // Only the id's hash is stored.
    const rows = await ctx.database.db.select().from(chatSessions).where(eq(chatSessions.id, a.sessionId));
    expect(rows).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(chatSessions)
        .where(eq(chatSessions.id, storedChatId(a.sessionId))),
    ).toHaveLength(1);
  });

  it('offers quick replies', async () => {
    const res = await ctx.json<{ quickReplies: string[] }>('/api/chat/suggestions');
    expect(res.status).toBe(200);
    expect(res.body.quickReplies.length).toBeGreaterThanOrEqual(3);
  });

  it('answers a search with real cleaners, each a /cleaner/{id} link, and the listing', async () => {
    const session = await start();
    const res = await send(session, 'Show me top-rated cleaners');
    expect(res.status).toBe(200);
    const cleanerPages = res.body.links.pages.filter((p) => p.rel === 'cleaner');
    expect(cleanerPages.length).toBeGreaterThan(0);
    for (const page of cleanerPages) {
      expect(res.body.response).toContain(page.href);
      const id = Number(page.href.split('/').at(-1));
      const [row] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, id));
      expect(row?.status).toBe('active');
    }
    expect(res.body.links.pages.find((p) => p.rel === 'listing')?.href).toBe('/cleaners?sortBy=rating');
    const history = await ctx.json<{ messages: Array<{ role: string; content: string }> }>(
      `/api/chat/${session.sessionId}`,
    );
    expect(history.body.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(history.body.messages[2]?.content).toBe(res.body.response);
  });

  it('answers a policy question from the help centre', async () => {
    const res = await send(await start(), 'what is your cancelation polcy?');
    expect(res.status).toBe(200);
    expect(res.body.response).toMatch(/24 or more hours/);
    expect(res.body.links.pages.some((p) => p.href.startsWith('/help-center#'))).toBe(true);
  });

  it('refuses an empty message and one over 2000 characters, naming the field, and stores nothing', async () => {
    const session = await start();
    for (const message of ['   ', 'x'.repeat(10_001), 'x'.repeat(2001)]) {
      const res = await send(session, message);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { fields: { message: expect.any(String) } } });
    }
    const stored = await ctx.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, storedChatId(session.sessionId)));
    expect(stored).toHaveLength(1);
  });

  it('refuses a time zone that is not one, naming the field; takes an IANA one', async () => {
    const session = await start();
    const bad = await ctx.json<{ error: { fields: Record<string, string> } }>(session.actions.sendMessage.href, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: { message: 'hello', timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.timeZone).toMatch(/IANA/);
    const good = await ctx.json(session.actions.sendMessage.href, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: { message: 'hello', timeZone: 'America/Denver' },
    });
    expect(good.status).toBe(200);
  });

  it('refuses a page city Spotless does not serve, naming the field, before anything is stored; takes a served one', async () => {
    const session = await start();
    for (const city of ['Atlantis', ' ', 'x'.repeat(61)]) {
      const bad = await ctx.json<{ error: { fields: Record<string, string> } }>(session.actions.sendMessage.href, {
        method: 'POST',
        headers: { origin: ORIGIN },
        body: { message: 'anyone near here on saturday?', city },
      });
      expect(bad.status, city).toBe(400);
      expect(bad.body.error.fields.city, city).toMatch(/cities Spotless serves/);
    }
    const stored = await ctx.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, storedChatId(session.sessionId)));
    // The welcome message alone.
    expect(stored).toHaveLength(1);
    const good = await ctx.json<{ response: string }>(session.actions.sendMessage.href, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: { message: 'any cleaners near here?', city: 'denver' },
    });
    expect(good.status).toBe(200);
    expect(good.body.response).toContain('/cleaners?location=Denver');
  });

  it('answers 404 for a session that does not exist', async () => {
    const res = await ctx.json('/api/chat/AAAAAAAAAAAAAAAAAAAAAAAA/message', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: { message: 'hello' },
    });
    expect(res.status).toBe(404);
  });

  it('gives the 31st message in a minute 429 with Retry-After', async () => {
    const session = await start();
    for (let i = 0; i < 30; i++) expect((await send(session, 'hello')).status).toBe(200);
    const res = await send(session, 'hello');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('streams the reply as server-sent events ending with the same final text', async () => {
    const session = await start();
    const res = await ctx.app.request(session.actions.sendMessage.href, {
      method: 'POST',
      headers: { origin: ORIGIN, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Show me top-rated cleaners' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
      }));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    const final = events.at(-1);
    expect(final?.event).toBe('reply');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(final?.data.response);
    expect(final?.data.response).toMatch(/\/cleaner\/\d+/);
  });

  it('deletes a conversation for whoever holds its id', async () => {
    const session = await start();
    const res = await ctx.app.request(session.actions.deleteChat.href, {
      method: 'DELETE',
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(204);
    expect((await ctx.json(`/api/chat/${session.sessionId}`)).status).toBe(404);
  });
});

describe('a signed-in person’s conversation', () => {
  it('belongs to them: 404 to a visitor and to anyone else', async () => {
    const owner = await sessionFor(ctx, await createCustomer(ctx, 'Olive'));
    const other = await sessionFor(ctx, await createCustomer(ctx, 'Otto'));
    const session = await start(owner);
    expect(session.welcomeMessage).toMatch(/^Hi Olive!/);
    expect((await send(session, 'hello', owner)).status).toBe(200);
    expect((await send(session, 'hello')).status).toBe(404);
    expect((await send(session, 'hello', other)).status).toBe(404);
    expect((await ctx.json(`/api/chat/${session.sessionId}`, { headers: other })).status).toBe(404);
    expect((await ctx.json(`/api/chat/${session.sessionId}`, { headers: owner })).status).toBe(200);
  });

  it('can be deleted with the whole history, and goes with the account', async () => {
    const userId = await createCustomer(ctx);
    const owner = await sessionFor(ctx, userId);
    await start(owner);
    await start(owner);
    const res = await ctx.json<{ deletedSessions: number }>('/api/chat/history', { method: 'DELETE', headers: owner });
    expect(res.body).toEqual({ deletedSessions: 2 });
    const kept = await start(owner);
    await ctx.database.write((tx) => tx.delete(users).where(eq(users.id, userId)));
    expect(
      await ctx.database.db
        .select()
        .from(chatSessions)
        .where(eq(chatSessions.id, storedChatId(kept.sessionId))),
    ).toEqual([]);
  });

  it('answers when their next cleaning is, from their own bookings', async () => {
    const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    if (!demo) throw new Error('demo customer missing');
    const headers = await sessionFor(ctx, demo.id);
    const res = await send(await start(headers), 'When is my next cleaning?', headers);
    expect(res.body.response).toMatch(/^Your next cleaning is .+ on \w+day, \w+ \d+ at \d+:\d\d [AP]M/);
    expect(res.body.links.pages.some((p) => p.href === '/dashboard')).toBe(true);
  });
});

describe('retention', () => {
  it('deletes anonymous conversations 30 days after their last message, and keeps newer ones', async () => {
    const old = await start();
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 31 * 24 * 3600 * 1000));
    const fresh = await start();
    await purgeOldChats(ctx.deps);
    expect((await ctx.json(`/api/chat/${old.sessionId}`)).status).toBe(404);
    expect((await ctx.json(`/api/chat/${fresh.sessionId}`)).status).toBe(200);
  });
});
