import { expect, it } from 'vitest';
import type { Json } from './call';
import { eachTarget } from './each-target';

/**
 * The chat assistant on the three targets, with the offline engine (decision 047): a visitor's
 * session and a search answer linking real cleaners, the quick replies, a signed-in person's
 * conversation closed to anyone else (one started signed out too, once they write in it), the
 * reply streamed as server-sent events, and a partner page's city read as "here".
 */
eachTarget((on) => {
  const { call, signIn } = on;

  it('starts a session for a visitor and answers a search with real cleaners', async () => {
    const started = await call('/api/chat/session', { method: 'POST' });
    expect(started.status).toBe(201);
    expect(started.body.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(started.body.welcomeMessage).toMatch(/assistant/);
    const suggestions = await call('/api/chat/suggestions');
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.quickReplies.length).toBeGreaterThanOrEqual(3);

    const reply = await call(`/api/chat/${started.body.sessionId}/message`, {
      method: 'POST',
      body: { message: suggestions.body.quickReplies[0] },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const cleanerPages = (reply.body.links.pages as Json[]).filter((p) => p.rel === 'cleaner');
    expect(cleanerPages.length).toBeGreaterThan(0);
    for (const page of cleanerPages) {
      expect(reply.body.response).toContain(page.href);
      const id = page.href.split('/').at(-1);
      const cleaner = await call(`/api/cleaners/${id}`);
      expect(cleaner.status).toBe(200);
      expect(page.title).toBe(`${cleaner.body.user.firstName} ${cleaner.body.user.lastName}`);
    }
    const history = await call(`/api/chat/${started.body.sessionId}`);
    expect((history.body.messages as Json[]).map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
  });

  it('keeps a signed-in person’s conversation theirs: 404 to a visitor and to another user', async () => {
    const owner = await signIn('customer@example.com');
    const other = await signIn('cleaner@example.com');
    const started = await call('/api/chat/session', { method: 'POST', cookie: owner });
    expect(started.status).toBe(201);
    const path = `/api/chat/${started.body.sessionId}/message`;
    const mine = await call(path, { method: 'POST', cookie: owner, body: { message: 'When is my next cleaning?' } });
    expect(mine.status).toBe(200);
    expect(mine.body.response).toMatch(/^Your next cleaning is /);
    expect((await call(path, { method: 'POST', body: { message: 'hello' } })).status).toBe(404);
    expect((await call(path, { method: 'POST', cookie: other, body: { message: 'hello' } })).status).toBe(404);
  });

  it('makes a conversation started signed out the person’s with their first message in it', async () => {
    const owner = await signIn('customer@example.com');
    const started = await call('/api/chat/session', { method: 'POST' });
    const self = `/api/chat/${started.body.sessionId}`;
    const mine = await call(`${self}/message`, {
      method: 'POST',
      cookie: owner,
      body: { message: 'show my bookings' },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.response).toMatch(/^You have \d+ upcoming cleanings?:/);
    expect((await call(self)).status).toBe(404);
    expect((await call(`${self}/message`, { method: 'POST', body: { message: 'hello' } })).status).toBe(404);
    expect((await call(self, { cookie: owner })).status).toBe(200);
  });

  it('streams a reply as server-sent events ending with the same final text', async () => {
    const started = await call('/api/chat/session', { method: 'POST' });
    const res = await call(`/api/chat/${started.body.sessionId}/message`, {
      method: 'POST',
      headers: { accept: 'text/event-stream' },
      body: { message: 'Show me top-rated cleaners' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = String(res.body.text)
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
      }));
    const final = events.at(-1);
    expect(final?.event).toBe('reply');
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(final?.data.response);
    expect(final?.data.response).toMatch(/\/cleaner\/\d+/);
  });

  it('refuses a message over the limit with 400 naming the field', async () => {
    const started = await call('/api/chat/session', { method: 'POST' });
    const res = await call(`/api/chat/${started.body.sessionId}/message`, {
      method: 'POST',
      body: { message: 'x'.repeat(10_001) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.message).toBeDefined();
  });

  it('reads "near here" as the page’s city, and refuses a city it does not serve naming the field', async () => {
    const started = await call('/api/chat/session', { method: 'POST' });
    const here = await call(`/api/chat/${started.body.sessionId}/message`, {
      method: 'POST',
      body: { message: 'any cleaners near here?', city: 'Austin' },
    });
    expect(here.status, JSON.stringify(here.body)).toBe(200);
    expect(here.body.response).toContain('/cleaners?location=Austin');
    const unknown = await call(`/api/chat/${started.body.sessionId}/message`, {
      method: 'POST',
      body: { message: 'any cleaners near here?', city: 'Atlantis' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.city).toBeDefined();
  });
});
