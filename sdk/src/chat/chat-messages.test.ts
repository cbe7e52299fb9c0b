import { describe, expect, it } from 'vitest';
import { CHAT } from '../rules/chat';
import { fakeApi, ID, settle, WELCOME } from './chat-fake-api';
import { type ChatToast, createChat } from './index';

describe('sending', () => {
  it('sends the asker’s time zone with each message, so "tomorrow" is theirs; none when told not to', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false, timeZone: 'America/Denver' });
    await chat.open();
    await chat.send('anyone free tomorrow?');
    expect(api.calls.at(-1)?.body).toEqual({ message: 'anyone free tomorrow?', timeZone: 'America/Denver' });
    const quiet = fakeApi();
    const without = createChat({ fetch: quiet.fetch, storage: null, stream: false, timeZone: null });
    await without.open();
    await without.send('hello');
    expect(quiet.calls.at(-1)?.body).toEqual({ message: 'hello' });
  });

  it('sends the page’s city with each message when given one, so "near here" is that city', async () => {
    const api = fakeApi();
    const chat = createChat({ fetch: api.fetch, storage: null, stream: false, timeZone: null, city: 'Denver' });
    await chat.open();
    await chat.send('anyone near here?');
    expect(api.calls.at(-1)?.body).toEqual({ message: 'anyone near here?', city: 'Denver' });
  });

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
