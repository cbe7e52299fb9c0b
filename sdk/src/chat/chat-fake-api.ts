import { vi } from 'vitest';

/** The chat store's tests' shared set-up: a fake chat API, a storage in memory, and a wait for promises. */

export const ID = 'abcdefghijklmnopqrstuvwx';
export const WELCOME = 'Hi! I am the Spotless assistant.';

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
export function fakeApi(options: FakeOptions = {}) {
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

export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

/** Lets every settled promise's callbacks run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
