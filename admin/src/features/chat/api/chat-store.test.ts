import { CHAT_STORAGE_KEY } from '@spotless/sdk/chat';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatStore, followSignedIn } from './chat-store';

const ID = 'abcdefghijklmnopqrstuvwx';

/** The chat calls as the server answers them, each new conversation with an id of its own. */
let started = 0;
const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
  if (url.endsWith('/api/chat/suggestions')) return Response.json({ quickReplies: ['One', 'Two', 'Three'] });
  if (init.method === 'POST' && url.endsWith('/api/chat/session')) {
    started += 1;
    const id = `${ID}-${started}`;
    return Response.json(
      {
        sessionId: id,
        welcomeMessage: 'Hi! I am the Spotless assistant.',
        links: { self: { href: `/api/chat/${id}` }, suggestions: { href: '/api/chat/suggestions' } },
        actions: {
          sendMessage: { method: 'POST', href: `/api/chat/${id}/message`, fields: [] },
          deleteChat: { method: 'DELETE', href: `/api/chat/${id}`, fields: [] },
        },
      },
      { status: 201 },
    );
  }
  return new Response('{}', { status: 404 });
});
const kept = new Map<string, string>();
const storage = {
  getItem: (key: string) => kept.get(key) ?? null,
  setItem: (key: string, value: string) => void kept.set(key, value),
  removeItem: (key: string) => void kept.delete(key),
};

beforeAll(() => {
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('sessionStorage', storage);
});
afterAll(() => void vi.unstubAllGlobals());

describe('the page’s conversation follows who is signed in', () => {
  it('keeps a visitor’s conversation when they sign in, and lets go of it when they sign out', async () => {
    followSignedIn(null);
    await chatStore().open();
    followSignedIn(7);
    expect(chatStore().getState()).toMatchObject({ view: 'open', sessionId: `${ID}-1` });

    followSignedIn(null);
    expect(chatStore().getState()).toMatchObject({ view: 'closed', sessionId: null, messages: [] });
    expect(kept.has(CHAT_STORAGE_KEY)).toBe(false);
    // Let go, not deleted: it stays the person's on the server.
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);

    await chatStore().open();
    expect(chatStore().getState().sessionId).toBe(`${ID}-2`);
    expect(kept.get(CHAT_STORAGE_KEY)).toBe(`/api/chat/${ID}-2`);
  });

  it('lets go of one person’s conversation when someone else signs in', async () => {
    followSignedIn(7);
    expect(chatStore().getState().sessionId).toBe(`${ID}-2`);
    followSignedIn(8);
    expect(chatStore().getState()).toMatchObject({ view: 'closed', sessionId: null });
    expect(kept.has(CHAT_STORAGE_KEY)).toBe(false);
  });

  it('lets go after a reload too: the header’s sign-out link is a navigation', async () => {
    followSignedIn(9);
    await chatStore().open();
    expect(kept.get(CHAT_STORAGE_KEY)).toBe(`/api/chat/${ID}-3`);
    vi.resetModules();
    const reloaded = await import('./chat-store');
    reloaded.followSignedIn(null);
    expect(kept.has(CHAT_STORAGE_KEY)).toBe(false);
    expect(kept.has(reloaded.SIGNED_IN_KEY)).toBe(false);
    expect(reloaded.chatStore().getState().sessionId).toBeNull();
  });
});
