/**
 * `@spotless/sdk/chat`: the chat bubble's state and transport, written once and framework-free
 * (decision 047). The hosted app renders it with React, the partner widget with Preact; both
 * subscribe to the same store. It follows the bubble's rules (docs/product/assistant.md) and the
 * server's actions: only the two entry calls are built here, everything else is an href the server
 * gave.
 */
import { browserTimeZone, CHAT, chatMessageToSend, visibleQuickReplies } from '../rules/chat';
import { MESSAGES } from '../rules/messages';
import type { ChatPageLink, ChatProposal, ChatReply, ChatSession, ChatSessionCreated } from '../schemas/chat';
import { sseParser } from './sse';

export type { ChatPageLink, ChatProposal } from '../schemas/chat';
export { type ReplyLink, type ReplyPart, replyLinks, replyParts } from './reply-links';
export { type SseEvent, sseParser } from './sse';

export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  pages: ChatPageLink[];
  proposals: ChatProposal[];
}

export interface ChatState {
  view: 'closed' | 'open' | 'minimized';
  sessionId: string | null;
  messages: ChatEntry[];
  /** A reply is on its way: the typing indicator shows, input and send are disabled. */
  pending: boolean;
  starting: boolean;
  /** An assistant reply arrived while the panel was not open. */
  unread: boolean;
  /** The quick replies to show now (the first three, none after more than two messages). */
  quickReplies: string[];
  /** 'Typing...' while a reply is pending, else 'Online • Here to help!'. */
  subtitle: typeof CHAT.typing | typeof CHAT.online;
  /** The reply as it streams in, until it is complete. */
  streamingText: string | null;
}

export interface ChatToast {
  title: string;
  description: string;
}

export interface ChatOptions {
  /** Where the API is: '' for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  credentials?: RequestCredentials;
  /** Extra headers on every call (a partner's publishable key). */
  headers?: Record<string, string>;
  /** Keeps the session id across reloads; sessionStorage when the page has one. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Ask for the reply as server-sent events (default: when the browser can read a stream). */
  stream?: boolean;
  /**
   * The asker's IANA time zone, sent with each message so "tomorrow morning" means theirs
   * (default: the browser's; null sends none).
   */
  timeZone?: string | null;
  /** The city the page is about (a partner page's `data-city`), sent with each message: where "near here" looks. */
  city?: string;
  /** The destructive toasts (docs/product/assistant.md): 'Chat Error' when a session cannot start, 'Message Error' when a send fails. */
  onError?: (toast: ChatToast) => void;
  /** The quick reply's delay runs on these (a test's fake clock); the page's by default. */
  setTimeout?(run: () => void, ms: number): unknown;
  clearTimeout?(timer: unknown): void;
}

export interface Chat {
  getState(): ChatState;
  subscribe(listener: (state: ChatState) => void): () => void;
  open(): Promise<void>;
  minimize(): void;
  close(): void;
  send(text: string): Promise<void>;
  /** Sends a quick reply after 100 ms (docs/product/assistant.md). */
  sendQuickReply(text: string): void;
  /** Deletes this conversation and starts a new one. */
  reset(): Promise<void>;
  /**
   * Lets go of this conversation without deleting it, closing the bubble: the next open starts a
   * new one. For signing out — the conversation stays the person's, and nobody else at this
   * browser sees or continues it.
   */
  forget(): void;
  destroy(): void;
}

/** Where the conversation's `links.self` is kept between reloads. */
export const CHAT_STORAGE_KEY = 'spotless.chat.session';

interface Controls {
  send: string;
  remove: string;
}

function defaultStorage(): ChatOptions['storage'] {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked (third-party frame, privacy mode)
  }
}

function entryOf(message: ChatReply['message'] | ChatSession['messages'][number]): ChatEntry {
  return {
    id: String(message.id),
    role: message.role,
    content: message.content,
    timestamp: message.timestamp,
    pages: message.links.pages,
    proposals: message.actions.proposals,
  };
}

/**
 * The chat bubble's store: one conversation with the assistant, its state for any renderer to
 * draw, and the calls behind it. Nothing is requested until the bubble is first opened.
 *
 * @example
 * const chat = createChat({ onError: ({ title, description }) => showToast(title, description) });
 * const stop = chat.subscribe((state) => render(state));
 * await chat.open(); // starts (or restores) the conversation and asks for the quick replies
 * await chat.send('Who cleans in Austin on Saturday?');
 */
export function createChat(options: ChatOptions = {}): Chat {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const streaming = options.stream ?? typeof ReadableStream !== 'undefined';
  const timeZone = options.timeZone === undefined ? browserTimeZone() : options.timeZone;
  // Called bare, never as methods of `options`: browsers refuse a `this` other than the window.
  const later = options.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const cancel = options.clearTimeout ?? ((timer: unknown) => clearTimeout(timer as number));
  const listeners = new Set<(state: ChatState) => void>();
  const inflight = new Set<AbortController>();
  const pendingTimers = new Set<unknown>();
  let controls: Controls | null = null;
  let allQuickReplies: string[] = [];
  let suggestionsAsked = false;
  let destroyed = false;
  /** Bumped by `reset`: an answer to a call made before it is dropped. */
  let epoch = 0;
  const stale = (at: number) => destroyed || at !== epoch;
  let local = 0;
  let state: ChatState = {
    view: 'closed',
    sessionId: null,
    messages: [],
    pending: false,
    starting: false,
    unread: false,
    quickReplies: [],
    subtitle: CHAT.online,
    streamingText: null,
  };

  function set(patch: Partial<ChatState>) {
    const next = { ...state, ...patch };
    next.quickReplies = visibleQuickReplies(allQuickReplies, next.messages.length);
    next.subtitle = next.pending ? CHAT.typing : CHAT.online;
    state = next;
    for (const listener of listeners) listener(state);
  }

  async function call(method: string, path: string, init: { body?: unknown; accept?: string } = {}) {
    const controller = new AbortController();
    inflight.add(controller);
    try {
      const headers: Record<string, string> = { accept: init.accept ?? 'application/json', ...options.headers };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await doFetch(/^https?:/.test(path) ? path : `${base}${path}`, {
        method,
        headers,
        credentials: options.credentials ?? 'include',
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
      });
      return { res, controller };
    } catch (error) {
      inflight.delete(controller);
      throw error;
    }
  }

  async function json<T>(method: string, path: string): Promise<T> {
    const { res, controller } = await call(method, path);
    try {
      if (!res.ok) throw Object.assign(new Error(`${res.status}`), { status: res.status });
      return (res.status === 204 ? undefined : await res.json()) as T;
    } finally {
      inflight.delete(controller);
    }
  }

  function adopt(session: ChatSessionCreated | ChatSession) {
    controls = {
      send: session.actions.sendMessage.href,
      remove: session.actions.deleteChat.href,
    };
    storage?.setItem(CHAT_STORAGE_KEY, session.links.self.href);
  }

  /** The conversation kept from before a reload, or null when there is none any more. */
  async function restore(): Promise<ChatSession | null> {
    const self = storage?.getItem(CHAT_STORAGE_KEY);
    if (!self) return null;
    try {
      return await json<ChatSession>('GET', self);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      // Gone (404: expired, deleted, or someone else's since signing out): start a new one. Any
      // other failure keeps it, to try again on the next open.
      if (status < 400 || status >= 500 || status === 429) throw error;
      storage?.removeItem(CHAT_STORAGE_KEY);
      return null;
    }
  }

  async function start(): Promise<void> {
    const at = epoch;
    set({ starting: true });
    try {
      const restored = await restore();
      if (stale(at)) return;
      if (restored) {
        adopt(restored);
        set({ sessionId: restored.sessionId, messages: restored.messages.map(entryOf) });
        return;
      }
      const session = await json<ChatSessionCreated>('POST', '/api/chat/session');
      if (stale(at)) return;
      adopt(session);
      set({ sessionId: session.sessionId, messages: [said('assistant', session.welcomeMessage)] });
    } catch {
      if (!stale(at))
        options.onError?.({ title: MESSAGES.chat.sessionErrorTitle, description: MESSAGES.chat.sessionError });
    } finally {
      if (!stale(at)) set({ starting: false });
    }
  }

  async function suggestions(): Promise<void> {
    if (suggestionsAsked) return;
    suggestionsAsked = true; // asked once, never retried (docs/product/assistant.md)
    try {
      const answer = await json<{ quickReplies: string[] }>('GET', '/api/chat/suggestions');
      allQuickReplies = answer.quickReplies;
      set({});
    } catch {
      // no quick replies, no toast
    }
  }

  function received(reply: ChatReply) {
    // The reply's `response` is the whole text, whatever was streamed before it.
    const entry = { ...entryOf(reply.message), content: reply.response };
    set({
      messages: [...state.messages, entry],
      unread: state.view !== 'open',
      streamingText: null,
    });
  }

  async function readStream(res: Response, at: number): Promise<ChatReply> {
    let reply: ChatReply | null = null;
    let failure: string | null = null;
    let text = '';
    const parser = sseParser(({ event, data }) => {
      if (event === 'delta') {
        text += (JSON.parse(data) as { text: string }).text;
        if (!stale(at)) set({ streamingText: text });
      } else if (event === 'reply') reply = JSON.parse(data) as ChatReply;
      else if (event === 'error') failure = data;
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.end();
    if (!reply) throw new Error(failure ?? 'cut short');
    return reply;
  }

  async function send(text: string): Promise<void> {
    const message = chatMessageToSend(text, { hasSession: state.sessionId !== null, pending: state.pending });
    if (message === null || message.length > CHAT.messageMaxLength || !controls) return;
    const at = epoch;
    const mine = said('user', message);
    set({ messages: [...state.messages, mine], pending: true, streamingText: null });
    try {
      const accept = streaming ? 'text/event-stream' : 'application/json';
      const { res, controller } = await call('POST', controls.send, {
        body: { message, ...(timeZone ? { timeZone } : {}), ...(options.city ? { city: options.city } : {}) },
        accept,
      });
      try {
        if (!res.ok) throw new Error(`${res.status}`);
        const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream') && res.body;
        const reply = isStream ? await readStream(res, at) : ((await res.json()) as ChatReply);
        if (!stale(at)) received(reply);
      } finally {
        inflight.delete(controller);
        controller.abort(); // a stream left unread after a bad event is closed
      }
    } catch {
      if (stale(at)) return;
      set({ streamingText: null });
      options.onError?.({ title: MESSAGES.chat.messageErrorTitle, description: MESSAGES.chat.messageError });
    } finally {
      if (!stale(at)) set({ pending: false });
    }
  }

  /** A message written here: the welcome message, or the person's own before the server has it. */
  function said(role: ChatEntry['role'], content: string): ChatEntry {
    local += 1;
    return { id: `local-${local}`, role, content, timestamp: new Date().toISOString(), pages: [], proposals: [] };
  }

  /** Drops the quick replies waiting to be sent and aborts every call under way. */
  function stop() {
    for (const timer of pendingTimers) cancel(timer);
    pendingTimers.clear();
    for (const controller of inflight) controller.abort();
    inflight.clear();
  }

  /** Lets go of the conversation here (an answer to a call made before is dropped). */
  function drop(patch?: Partial<ChatState>) {
    epoch += 1;
    stop();
    controls = null;
    storage?.removeItem(CHAT_STORAGE_KEY);
    set({
      sessionId: null,
      messages: [],
      pending: false,
      starting: false,
      unread: false,
      streamingText: null,
      ...patch,
    });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async open() {
      set({ view: 'open', unread: false });
      if (!state.sessionId && !state.starting) {
        await Promise.all([start(), suggestions()]);
      }
    },
    minimize: () => set({ view: 'minimized' }),
    close: () => set({ view: 'closed' }),
    send,
    sendQuickReply(text) {
      const timer = later(() => {
        pendingTimers.delete(timer);
        void send(text);
      }, CHAT.quickReplyDelayMs);
      pendingTimers.add(timer);
    },
    async reset() {
      const remove = controls?.remove;
      drop();
      if (remove) await json('DELETE', remove).catch(() => undefined);
      if (state.view === 'open' && !state.sessionId && !state.starting) await start();
    },
    forget() {
      // The quick replies are per person ("When is my next cleaning?"): asked again on the next
      // open (a call under way is aborted with the rest).
      allQuickReplies = [];
      suggestionsAsked = false;
      drop({ view: 'closed' });
    },
    destroy() {
      destroyed = true;
      stop();
      listeners.clear();
    },
  };
}
