import { describe, expect, it, vi } from 'vitest';
import { CHAT } from '../rules/chat';
import { type ChatToast, createChat } from './index';
import { sseParser } from './sse';

/** A fake API answering the chat calls as the server does. */
function fakeApi(options: { failSession?: boolean; failSend?: boolean; stream?: boolean; known?: string } = {}) {
  const calls: Array<{ method: string; url: string; body?: unknown; accept?: string }> = [];
  let replies = 0;
  const session = (id: string) => ({
    sessionId: id,
    welcomeMessage: 'Hi! I am the Spotless assistant.',
    links: { self: { href: `/api/chat/${id}` }, suggestions: { href: '/api/chat/suggestions' } },
    actions: {
      sendMessage: { method: 'POST', href: `/api/chat/${id}/message`, fields: [] },
      deleteChat: { method: 'DELETE', href: `/api/chat/${id}`, fields: [] },
    },
  });
  const reply = (text: string) => ({
    response: text,
    message: {
      id: 100 + replies,
      role: 'assistant',
      content: text,
      timestamp: '2026-11-24T15:00:00.000Z',
      links: { pages: [{ rel: 'cleaner', href: '/cleaner/7', title: 'Ana Diaz', type: 'text/html' }] },
      actions: { proposals: [] },
    },
    links: { pages: [] },
    actions: { proposals: [] },
  });
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = init.headers as Record<string, string>;
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, accept: headers.accept });
    if (method === 'POST' && url === '/api/chat/session') {
      if (options.failSession) return new Response('down', { status: 503 });
      return Response.json(session('abcdefghijklmnopqrstuvwx'), { status: 201 });
    }
    if (url === '/api/chat/suggestions') return Response.json({ quickReplies: ['One', 'Two', 'Three', 'Four'] });
    if (method === 'GET' && url.startsWith('/api/chat/')) {
      const id = url.split('/').at(-1) ?? '';
      if (id !== options.known) return new Response('{}', { status: 404 });
      return Response.json({ ...session(id), createdAt: '', messages: [reply('Earlier answer').message] });
    }
    if (method === 'POST' && url.endsWith('/message')) {
      if (options.failSend) return new Response('{}', { status: 500 });
      replies += 1;
      const text = `Reply ${replies}: see /cleaner/7.`;
      if (!options.stream) return Response.json(reply(text));
      const body = `event: delta\r\ndata: {"text":"Reply ${replies}: "}\r\n\r\nevent: delta\ndata: {"text":"see /cleaner/7."}\n\nevent: reply\ndata: ${JSON.stringify(reply(text))}\n\n`;
      const bytes = new TextEncoder().encode(body);
      // Delivered in awkward pieces: inside lines and between \r and \n.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
          controller.close();
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return new Response('{}', { status: 404 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
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

describe('the chat store', () => {
  it('starts a session when first opened, with the welcome message and the first three quick replies', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    expect(chat.getState()).toMatchObject({ view: 'closed', sessionId: null, subtitle: CHAT.online });
    await chat.open();
    const state = chat.getState();
    expect(state.view).toBe('open');
    expect(state.sessionId).toBe('abcdefghijklmnopqrstuvwx');
    expect(state.messages.map((m) => m.role)).toEqual(['assistant']);
    expect(state.quickReplies).toEqual(['One', 'Two', 'Three']);
    await chat.open();
    expect(api.calls.filter((c) => c.url === '/api/chat/session')).toHaveLength(1);
  });

  it('sends trimmed text through the session’s action, typing meanwhile, and hides quick replies after two messages', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    await chat.open();
    const seen: string[] = [];
    chat.subscribe((s) => seen.push(s.subtitle));
    await chat.send('  hello  ');
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/chat/abcdefghijklmnopqrstuvwx/message',
      body: { message: 'hello' },
    });
    expect(seen).toContain(CHAT.typing);
    const state = chat.getState();
    expect(state.pending).toBe(false);
    expect(state.subtitle).toBe(CHAT.online);
    expect(state.messages.map((m) => m.content)).toEqual([
      'Hi! I am the Spotless assistant.',
      'hello',
      'Reply 1: see /cleaner/7.',
    ]);
    expect(state.messages[2]?.pages[0]?.href).toBe('/cleaner/7');
    expect(state.quickReplies).toEqual([]);
  });

  it('never sends an empty message, one without a session, or one while a reply is pending', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    await chat.send('too early');
    await chat.open();
    await chat.send('   ');
    const first = chat.send('one');
    await chat.send('two while pending');
    await first;
    const sent = api.calls
      .filter((c) => c.url.endsWith('/message'))
      .map((c) => (c.body as { message: string }).message);
    expect(sent).toEqual(['one']);
  });

  it('reads a streamed reply split anywhere, and ends with the reply’s own text', async () => {
    const api = fakeApi({ stream: true });
    const chat = createChat({ fetch: api.fetch, storage: null, stream: true });
    await chat.open();
    const partial: Array<string | null> = [];
    chat.subscribe((s) => partial.push(s.streamingText));
    await chat.send('hi');
    expect(api.calls.at(-1)?.accept).toBe('text/event-stream');
    expect(partial).toContain('Reply 1: ');
    expect(chat.getState().streamingText).toBeNull();
    expect(chat.getState().messages.at(-1)?.content).toBe('Reply 1: see /cleaner/7.');
  });

  it('marks a reply unread when the panel is not open, and opening clears it', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
    await chat.open();
    chat.minimize();
    await chat.send('hi');
    expect(chat.getState().unread).toBe(true);
    await chat.open();
    expect(chat.getState().unread).toBe(false);
  });

  it('toasts the spec’s errors: Chat Error when starting fails, Message Error when sending fails', async () => {
    const toasts: ChatToast[] = [];
    const failing = createChat({
      fetch: fakeApi({ failSession: true }).fetch,
      storage: null,
      onError: (t) => toasts.push(t),
    });
    await failing.open();
    expect(toasts).toEqual([{ title: 'Chat Error', description: 'Failed to start chat session. Please try again.' }]);
    const chat = createChat({
      fetch: fakeApi({ failSend: true }).fetch,
      storage: null,
      onError: (t) => toasts.push(t),
    });
    await chat.open();
    await chat.send('hello');
    expect(toasts.at(-1)).toEqual({ title: 'Message Error', description: 'Failed to send message. Please try again.' });
    expect(chat.getState()).toMatchObject({ pending: false, subtitle: CHAT.online });
    expect(chat.getState().messages.at(-1)?.content).toBe('hello');
  });

  it('sends a quick reply after 100 ms, and destroy leaves no timer behind', async () => {
    vi.useFakeTimers();
    try {
      const api = fakeApi();
      const chat = createChat({ fetch: api.fetch, storage: null, stream: false });
      await chat.open();
      chat.sendQuickReply('One');
      await vi.advanceTimersByTimeAsync(99);
      expect(api.calls.some((c) => c.url.endsWith('/message'))).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(api.calls.some((c) => c.url.endsWith('/message'))).toBe(true);
      chat.sendQuickReply('Two');
      chat.destroy();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('restores the conversation after a reload, and starts afresh when it is gone', async () => {
    const storage = memoryStorage();
    const first = createChat({ fetch: fakeApi().fetch, storage, stream: false });
    await first.open();
    expect(storage.map.size).toBe(1);
    const reloaded = fakeApi({ known: 'abcdefghijklmnopqrstuvwx' });
    const again = createChat({ fetch: reloaded.fetch, storage, stream: false });
    await again.open();
    expect(again.getState().messages.map((m) => m.content)).toEqual(['Earlier answer']);
    expect(reloaded.calls.some((c) => c.url === '/api/chat/session')).toBe(false);
    const gone = fakeApi();
    const fresh = createChat({ fetch: gone.fetch, storage, stream: false });
    await fresh.open();
    expect(gone.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/chat/session');
  });
});

describe('the server-sent events parser', () => {
  it('reads events whatever the chunking and line endings', () => {
    const text = 'event: delta\r\ndata: {"a":1}\r\n\r\n: comment\nevent: reply\ndata: x\ndata: y\n\n';
    for (let size = 1; size <= text.length; size++) {
      const events: Array<{ event: string; data: string }> = [];
      const parser = sseParser((e) => events.push(e));
      for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
      parser.end();
      expect(events, `chunks of ${size}`).toEqual([
        { event: 'delta', data: '{"a":1}' },
        { event: 'reply', data: 'x\ny' },
      ]);
    }
  });
});
