import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT } from '../rules/chat';
import { MESSAGES } from '../rules/messages';
import { fakeApi, ID, memoryStorage, settle, WELCOME } from './chat-fake-api';
import { CHAT_STORAGE_KEY, type ChatToast, createChat } from './index';

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
