import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT } from '../rules/chat';
import { MESSAGES } from '../rules/messages';
import { CHAT_STORAGE_KEY, type ChatToast, createChat } from './index';
import { sseParser } from './sse';

const ID = 'abcdefghijklmnopqrstuvwx';
const WELCOME = 'Hi! I am the Spotless assistant.';

interface FakeOptions {
  failSession?: boolean;
  failSuggestions?: boolean;
  failSend?: boolean;
  /** How a message is answered: JSON, events, or events ending in an `error` event. */
  answer?: 'json' | 'sse' | 'sse-error';
  /** The conversations `GET` still knows, and what it answers for the others. */
  known?: string[];
  restoreStatus?: number;
  /** Message replies wait for `release()`. */
  hold?: boolean;
}

/**
 * A fake API answering the chat calls as the server does — except that the conversation's own
 * addresses live under `/v2/conversations/`, so a store that builds them itself fails.
 */
function fakeApi(options: FakeOptions = {}) {
  const calls: Array<{ method: string; url: string; body?: unknown; init: RequestInit }> = [];
  const held: Array<() => void> = [];
  let replies = 0;
  let sessions = 0;
  const session = (id: string) => ({
    sessionId: id,
    welcomeMessage: WELCOME,
    links: { self: { href: `/v2/conversations/${id}` }, suggestions: { href: '/api/chat/suggestions' } },
    actions: {
      sendMessage: { method: 'POST', href: `/v2/conversations/${id}/turns`, fields: [{ name: 'message' }] },
      deleteChat: { method: 'DELETE', href: `/v2/conversations/${id}/all` },
    },
  });
  const page = { rel: 'cleaner', href: '/cleaner/7', title: 'Ana Diaz', type: 'text/html' };
  const message = (id: number, role: 'user' | 'assistant', content: string) => ({
    id,
    role,
    content,
    timestamp: '2026-11-24T15:00:00.000Z',
    links: { pages: role === 'assistant' ? [page] : [] },
    actions: { proposals: [] },
  });
  const reply = (text: string) => ({
    response: text,
    message: message(100 + replies, 'assistant', text),
    links: { ...session(ID).links, pages: [page] },
    actions: { ...session(ID).actions, proposals: [] },
  });
  const stream = (body: string) => {
    const bytes = new TextEncoder().encode(body);
    // Delivered in awkward pieces: inside lines, inside characters, between \r and \n.
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
  };
  const answer = async (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? 'GET';
    if (method === 'POST' && url.endsWith('/api/chat/session')) {
      if (options.failSession) return new Response('{}', { status: 503 });
      sessions += 1;
      return Response.json(session(sessions === 1 ? ID : `${ID}-${sessions}`), { status: 201 });
    }
    if (url.endsWith('/api/chat/suggestions')) {
      if (options.failSuggestions) return new Response('{}', { status: 500 });
      return Response.json({ quickReplies: ['One', 'Two', 'Three', 'Four'] });
    }
    if (method === 'POST' && url.endsWith('/turns')) {
      if (options.hold) await new Promise<void>((resolve) => held.push(resolve));
      if (options.failSend) return new Response('{}', { status: 500 });
      replies += 1;
      const text = `Reply ${replies}: see /cleaner/7.`;
      if ((options.answer ?? 'json') === 'json') return Response.json(reply(text));
      const events =
        options.answer === 'sse-error'
          ? `event: delta\ndata: {"text":"Half a rep"}\n\nevent: error\ndata: {"error":{"code":"internal","message":"x"}}\n\n`
          : // The pieces differ from the final text: the reply event's `response` wins.
            `event: delta\r\ndata: {"text":"Reply ${replies}: "}\r\n\r\nevent: delta\ndata: {"text":"see /clean"}\n\n` +
            `event: reply\ndata: ${JSON.stringify(reply(text))}\n\n`;
      return new Response(stream(events), { headers: { 'content-type': 'text/event-stream' } });
    }
    if (method === 'GET' && url.includes('/v2/conversations/')) {
      const id = url.split('/').at(-1) ?? '';
      if (!options.known?.includes(id)) return new Response('{}', { status: options.restoreStatus ?? 404 });
      const messages = [message(1, 'assistant', WELCOME), message(2, 'user', 'Earlier'), message(3, 'assistant', 'Ok')];
      return Response.json({ ...session(id), createdAt: '2026-11-24T14:00:00.000Z', messages });
    }
    if (method === 'DELETE' && url.endsWith('/all')) return new Response(null, { status: 204 });
    return new Response('{}', { status: 404 });
  };
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      init,
    });
    const signal = init.signal;
    return await new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      answer(url, init).then(resolve, reject);
    });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    sent: () => calls.filter((c) => c.url.endsWith('/turns')).map((c) => (c.body as { message: string }).message),
    count: (method: string, end: string) => calls.filter((c) => c.method === method && c.url.endsWith(end)).length,
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('opening the chat', () => {
  it('starts a session on the first open: the welcome message first, the first three quick replies', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    expect(chat.getState()).toMatchObject({ view: 'closed', sessionId: null, messages: [], subtitle: CHAT.online });
    expect(api.calls).toEqual([]);
    const opening = chat.open();
    expect(chat.getState()).toMatchObject({ view: 'open', starting: true });
    await opening;
    const state = chat.getState();
    expect(state).toMatchObject({ view: 'open', sessionId: ID, starting: false, pending: false });
    expect(state.messages.map((m) => [m.role, m.content])).toEqual([['assistant', WELCOME]]);
    expect(state.quickReplies).toEqual(['One', 'Two', 'Three']);
    chat.minimize();
    chat.close();
    await chat.open();
    expect(api.count('POST', '/api/chat/session')).toBe(1);
    expect(api.count('GET', '/api/chat/suggestions')).toBe(1);
  });

  it('toasts Chat Error when the session cannot start; opening again retries it, but never the quick replies', async () => {
    const toasts: ChatToast[] = [];
    const api = fakeApi({ failSession: true, failSuggestions: true });
    const chat = createChat({ fetch: api.fetch, storage: null, onError: (t) => toasts.push(t) });
    await chat.open();
    expect(toasts).toEqual([{ title: MESSAGES.chat.sessionErrorTitle, description: MESSAGES.chat.sessionError }]);
    expect(toasts[0]).toEqual({ title: 'Chat Error', description: 'Failed to start chat session. Please try again.' });
    expect(chat.getState()).toMatchObject({ sessionId: null, starting: false, quickReplies: [] });
    chat.close();
    await chat.open();
    expect(api.count('POST', '/api/chat/session')).toBe(2);
    expect(api.count('GET', '/api/chat/suggestions')).toBe(1);
    expect(toasts).toHaveLength(2);
  });

  it('sends the base URL, the credentials and extra headers on every call', async () => {
    const api = fakeApi();
    const chat = createChat({
      fetch: api.fetch,
      storage: null,
      stream: false,
      baseUrl: 'https://spotless.example',
      headers: { 'x-spotless-key': 'pk_test' },
    });
    await chat.open();
    await chat.send('hi');
    expect(api.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      'GET https://spotless.example/api/chat/suggestions',
      'POST https://spotless.example/api/chat/session',
      `POST https://spotless.example/v2/conversations/${ID}/turns`,
    ]);
    for (const { init } of api.calls) {
      expect(init.credentials).toBe('include');
      expect(init.headers).toMatchObject({ 'x-spotless-key': 'pk_test', accept: 'application/json' });
    }
    const omit = fakeApi();
    const other = createChat({ fetch: omit.fetch, storage: null, credentials: 'omit' });
    await other.open();
    expect(omit.calls[0]?.init.credentials).toBe('omit');
  });
});

describe('sending', () => {
  it('sends the trimmed text to the session’s sendMessage href, typing meanwhile', async () => {
    const api = fakeApi({ hold: true });
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    await chat.open();
    const sending = chat.send('  hello there \n');
    // Two messages: the quick replies still show while the reply is on its way.
    expect(chat.getState()).toMatchObject({
      pending: true,
      subtitle: CHAT.typing,
      quickReplies: ['One', 'Two', 'Three'],
    });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'user', content: 'hello there' });
    await settle();
    api.release();
    await sending;
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: `/v2/conversations/${ID}/turns`,
      body: { message: 'hello there' },
    });
    expect(api.calls.at(-1)?.init.headers).toMatchObject({ 'content-type': 'application/json' });
    const state = chat.getState();
    expect(state).toMatchObject({ pending: false, subtitle: CHAT.online, streamingText: null });
    expect(state.messages.map((m) => m.content)).toEqual([WELCOME, 'hello there', 'Reply 1: see /cleaner/7.']);
    expect(state.messages[2]?.pages).toEqual([expect.objectContaining({ href: '/cleaner/7', title: 'Ana Diaz' })]);
    // More than two messages: no quick replies any more.
    expect(state.quickReplies).toEqual([]);
  });

  it('never sends an empty message, one without a session, one while a reply is pending, or one too long', async () => {
    const api = fakeApi({ hold: true });
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    await chat.send('too early');
    await chat.open();
    await chat.send('');
    await chat.send(' \n\t ');
    await chat.send('x'.repeat(CHAT.messageMaxLength + 1));
    expect(chat.getState().messages).toHaveLength(1);
    const first = chat.send('one');
    await chat.send('two while pending');
    chat.sendQuickReply('Two');
    await new Promise((resolve) => setTimeout(resolve, CHAT.quickReplyDelayMs + 20));
    api.release();
    await first;
    const longest = chat.send(`  ${'y'.repeat(CHAT.messageMaxLength)}  `);
    await settle();
    api.release();
    await longest;
    expect(api.sent()).toEqual(['one', 'y'.repeat(CHAT.messageMaxLength)]);
  });

  it('sends a quick reply 100 ms after the click, on the timers it is given', async () => {
    const queue: Array<{ run: () => void; ms: number; id: number }> = [];
    const api = fakeApi();
    const chat = createChat({
      fetch: api.fetch,
      storage: null,
      stream: false,
      setTimeout: (run, ms) => {
        const id = queue.length + 1;
        queue.push({ run, ms, id });
        return id;
      },
      clearTimeout: (id) => {
        const at = queue.findIndex((t) => t.id === id);
        if (at >= 0) queue.splice(at, 1);
      },
    });
    await chat.open();
    chat.sendQuickReply('One');
    expect(api.sent()).toEqual([]);
    expect(queue.map((t) => t.ms)).toEqual([CHAT.quickReplyDelayMs]);
    queue.shift()?.run();
    await settle();
    expect(api.sent()).toEqual(['One']);
  });

  it('toasts Message Error when a send fails, clears the typing state and keeps the person’s message', async () => {
    const toasts: ChatToast[] = [];
    const chat = createChat({
      fetch: fakeApi({ failSend: true }).fetch,
      storage: null,
      onError: (t) => toasts.push(t),
    });
    await chat.open();
    await chat.send('hello');
    expect(toasts).toEqual([{ title: 'Message Error', description: 'Failed to send message. Please try again.' }]);
    expect(chat.getState()).toMatchObject({ pending: false, subtitle: CHAT.online, streamingText: null });
    expect(chat.getState().messages.map((m) => [m.role, m.content])).toEqual([
      ['assistant', WELCOME],
      ['user', 'hello'],
    ]);
    // And the next one goes.
    expect(chat.getState().pending).toBe(false);
  });
});

describe('streamed replies', () => {
  it('asks for events, shows the pieces as they come, and ends with the reply’s own text', async () => {
    const api = fakeApi({ answer: 'sse' });
    const chat = createChat({ fetch: api.fetch, storage: null, stream: true });
    await chat.open();
    const partial: Array<string | null> = [];
    chat.subscribe((s) => partial.push(s.streamingText));
    await chat.send('hi');
    expect(api.calls.at(-1)?.init.headers).toMatchObject({ accept: 'text/event-stream' });
    expect(partial).toContain('Reply 1: ');
    expect(partial).toContain('Reply 1: see /clean');
    const state = chat.getState();
    expect(state).toMatchObject({ streamingText: null, pending: false });
    expect(state.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Reply 1: see /cleaner/7.' });
    expect(state.messages.at(-1)?.pages[0]?.href).toBe('/cleaner/7');
  });

  it('treats an error event as a failed send', async () => {
    const toasts: ChatToast[] = [];
    const chat = createChat({
      fetch: fakeApi({ answer: 'sse-error' }).fetch,
      storage: null,
      onError: (t) => toasts.push(t),
    });
    await chat.open();
    await chat.send('hi');
    expect(toasts.map((t) => t.title)).toEqual(['Message Error']);
    expect(chat.getState()).toMatchObject({ pending: false, streamingText: null });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'user', content: 'hi' });
  });

  it('reads a JSON answer when the server does not stream', async () => {
    const chat = createChat({ fetch: fakeApi({ answer: 'json' }).fetch, storage: null, stream: true });
    await chat.open();
    await chat.send('hi');
    expect(chat.getState().messages.at(-1)?.content).toBe('Reply 1: see /cleaner/7.');
  });
});

describe('unread replies', () => {
  it('marks a reply that arrives while the panel is minimized or closed, and opening clears it', async () => {
    const api = fakeApi({ hold: true });
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    await chat.open();
    const first = chat.send('hi');
    chat.minimize();
    await settle();
    api.release();
    await first;
    expect(chat.getState()).toMatchObject({ view: 'minimized', unread: true });
    await chat.open();
    expect(chat.getState().unread).toBe(false);
    const second = chat.send('again');
    chat.close();
    await settle();
    api.release();
    await second;
    expect(chat.getState()).toMatchObject({ view: 'closed', unread: true });
    await chat.open();
    const third = chat.send('and open');
    await settle();
    api.release();
    await third;
    expect(chat.getState().unread).toBe(false);
  });
});

describe('across reloads', () => {
  it('keeps the conversation’s address and restores it, welcome message first, then sends through it', async () => {
    const storage = memoryStorage();
    const first = createChat({ fetch: fakeApi().fetch, storage, stream: false });
    await first.open();
    expect(storage.map.get(CHAT_STORAGE_KEY)).toBe(`/v2/conversations/${ID}`);
    const reloaded = fakeApi({ known: [ID] });
    const again = createChat({ fetch: reloaded.fetch, storage, stream: false });
    await again.open();
    expect(again.getState().sessionId).toBe(ID);
    expect(again.getState().messages.map((m) => [m.role, m.content])).toEqual([
      ['assistant', WELCOME],
      ['user', 'Earlier'],
      ['assistant', 'Ok'],
    ]);
    expect(again.getState().quickReplies).toEqual([]);
    expect(reloaded.count('POST', '/api/chat/session')).toBe(0);
    await again.send('more');
    expect(reloaded.sent()).toEqual(['more']);
  });

  it('starts afresh when the kept conversation is gone (404)', async () => {
    const storage = memoryStorage();
    storage.setItem(CHAT_STORAGE_KEY, '/v2/conversations/expired');
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage, stream: false });
    await chat.open();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /v2/conversations/expired');
    expect(api.count('POST', '/api/chat/session')).toBe(1);
    expect(chat.getState()).toMatchObject({ sessionId: ID });
    expect(storage.map.get(CHAT_STORAGE_KEY)).toBe(`/v2/conversations/${ID}`);
  });

  it('keeps the conversation when the server cannot answer now, toasting Chat Error', async () => {
    const storage = memoryStorage();
    storage.setItem(CHAT_STORAGE_KEY, `/v2/conversations/${ID}`);
    const toasts: ChatToast[] = [];
    const api = fakeApi({ restoreStatus: 503 });
    const chat = createChat({ fetch: api.fetch, storage, onError: (t) => toasts.push(t) });
    await chat.open();
    expect(toasts.map((t) => t.title)).toEqual(['Chat Error']);
    expect(api.count('POST', '/api/chat/session')).toBe(0);
    expect(storage.map.get(CHAT_STORAGE_KEY)).toBe(`/v2/conversations/${ID}`);
  });
});

describe('reset and destroy', () => {
  it('reset deletes the conversation through its deleteChat action and starts a new one', async () => {
    const storage = memoryStorage();
    const toasts: ChatToast[] = [];
    const api = fakeApi({ hold: true });
    const chat = createChat({ fetch: api.fetch, storage, stream: false, onError: (t) => toasts.push(t) });
    await chat.open();
    const sending = chat.send('about to be forgotten');
    await settle();
    await chat.reset();
    await sending;
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/v2/conversations/${ID}/all`]);
    const state = chat.getState();
    expect(state).toMatchObject({ sessionId: `${ID}-2`, pending: false });
    expect(state.messages.map((m) => m.content)).toEqual([WELCOME]);
    expect(storage.map.get(CHAT_STORAGE_KEY)).toBe(`/v2/conversations/${ID}-2`);
    // The abandoned send is dropped without a toast.
    expect(toasts).toEqual([]);
  });

  it('forget lets go of the conversation without deleting it, and the next open starts a new one', async () => {
    const storage = memoryStorage();
    const toasts: ChatToast[] = [];
    const api = fakeApi({ hold: true });
    const chat = createChat({ fetch: api.fetch, storage, stream: false, onError: (t) => toasts.push(t) });
    await chat.open();
    const sending = chat.send('show my bookings');
    await settle();
    chat.forget();
    await sending;
    expect(chat.getState()).toMatchObject({ view: 'closed', sessionId: null, messages: [], pending: false });
    expect(storage.map.has(CHAT_STORAGE_KEY)).toBe(false);
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(toasts).toEqual([]);

    // Opening again starts afresh (nothing to restore) and asks for the quick replies anew.
    await chat.open();
    expect(api.calls.filter((c) => c.method === 'GET' && c.url.includes('/v2/conversations/'))).toEqual([]);
    expect(chat.getState()).toMatchObject({ view: 'open', sessionId: `${ID}-2` });
    expect(chat.getState().messages.map((m) => m.content)).toEqual([WELCOME]);
    expect(api.count('GET', '/api/chat/suggestions')).toBe(2);
    expect(storage.map.get(CHAT_STORAGE_KEY)).toBe(`/v2/conversations/${ID}-2`);
  });

  it('destroy cancels a waiting quick reply and aborts the calls under way, leaving no timer', async () => {
    vi.useFakeTimers();
    const toasts: ChatToast[] = [];
    const api = fakeApi({ hold: true });
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false, onError: (t) => toasts.push(t) });
    await chat.open();
    const listener = vi.fn();
    chat.subscribe(listener);
    chat.sendQuickReply('One');
    await vi.advanceTimersByTimeAsync(CHAT.quickReplyDelayMs);
    const inFlight = api.calls.at(-1)?.init.signal;
    expect(inFlight?.aborted).toBe(false);
    chat.sendQuickReply('Two');
    expect(vi.getTimerCount()).toBe(1);
    listener.mockClear();
    chat.destroy();
    expect(vi.getTimerCount()).toBe(0);
    expect(inFlight?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.sent()).toEqual(['One']);
    expect(listener).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});

describe('the server-sent events parser', () => {
  const text =
    'event: delta\r\ndata: {"a":1}\r\n\r\n: a comment\nevent: reply\ndata: x\ndata:y\n\ndata: plain\r\rdata: last';
  const expected = [
    { event: 'delta', data: '{"a":1}' },
    { event: 'reply', data: 'x\ny' },
    { event: 'message', data: 'plain' },
    { event: 'message', data: 'last' },
  ];

  it('reads the same events whatever the chunk size and line endings (LF, CRLF, CR)', () => {
    for (let size = 1; size <= text.length; size++) {
      const events: Array<{ event: string; data: string }> = [];
      const parser = sseParser((e) => events.push(e));
      for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
      parser.end();
      expect(events, `chunks of ${size}`).toEqual(expected);
    }
  });

  it('reads them split at every pair of places', () => {
    for (let a = 1; a < text.length; a++) {
      for (let b = a; b < text.length; b++) {
        const events: Array<{ event: string; data: string }> = [];
        const parser = sseParser((e) => events.push(e));
        parser.push(text.slice(0, a));
        parser.push(text.slice(a, b));
        parser.push(text.slice(b));
        parser.end();
        expect(events).toEqual(expected);
      }
    }
  });

  it('does not take a \\r at the end of a chunk for a whole line break', () => {
    const events: Array<{ event: string; data: string }> = [];
    const parser = sseParser((e) => events.push(e));
    parser.push('data: a\r');
    parser.push('\n\r');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toEqual([{ event: 'message', data: 'a' }]);
  });
});
