/**
 * `@spotless/sdk/chat`: the chat bubble's state and transport, written once and framework-free
 * (decision 047). The hosted app renders it with React, the partner widget with Preact; both
 * subscribe to the same store. It follows the spec's rules (01 §4, §5, §8, §9) and the server's
 * actions: only the two entry calls are built here, everything else is an href the server gave.
 */
import { CHAT, visibleQuickReplies } from '../rules/chat';
import { MESSAGES } from '../rules/messages';
import type { ChatPageLink, ChatProposal, ChatReply, ChatSession, ChatSessionCreated } from '../schemas/chat';
import { sseParser } from './sse';

export type { ChatPageLink, ChatProposal } from '../schemas/chat';
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
  subtitle: string;
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
  onError?: (toast: ChatToast) => void;
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

export interface Chat {
  getState(): ChatState;
  subscribe(listener: (state: ChatState) => void): () => void;
  open(): Promise<void>;
  minimize(): void;
  close(): void;
  send(text: string): Promise<void>;
  /** Sends a quick reply after the spec's 100 ms. */
  sendQuickReply(text: string): void;
  /** Deletes this conversation and starts a new one. */
  reset(): Promise<void>;
  destroy(): void;
}

const STORAGE_KEY = 'spotless.chat.session';

interface Controls {
  self: string;
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

export function createChat(options: ChatOptions = {}): Chat {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const streaming = options.stream ?? typeof ReadableStream !== 'undefined';
  // Called bare, never as methods of an object: browsers refuse `this` other than the window.
  const later = options.timers?.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel = options.timers?.clearTimeout ?? ((timer: ReturnType<typeof setTimeout>) => clearTimeout(timer));
  const listeners = new Set<(state: ChatState) => void>();
  const inflight = new Set<AbortController>();
  const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
  let controls: Controls | null = null;
  let allQuickReplies: string[] = [];
  let suggestionsAsked = false;
  let destroyed = false;
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
      const res = await doFetch(`${base}${path}`, {
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

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { res, controller } = await call(method, path, { body });
    try {
      if (!res.ok) throw Object.assign(new Error(`${res.status}: ${await res.text()}`), { status: res.status });
      return (res.status === 204 ? undefined : await res.json()) as T;
    } finally {
      inflight.delete(controller);
    }
  }

  function adopt(session: ChatSessionCreated | ChatSession) {
    controls = {
      self: session.links.self.href,
      send: session.actions.sendMessage.href,
      remove: session.actions.deleteChat.href,
    };
    storage?.setItem(STORAGE_KEY, JSON.stringify({ self: session.links.self.href }));
  }

  async function restore(): Promise<boolean> {
    const saved = storage?.getItem(STORAGE_KEY);
    if (!saved) return false;
    try {
      const { self } = JSON.parse(saved) as { self: string };
      const session = await json<ChatSession>('GET', self);
      adopt(session);
      set({ sessionId: session.sessionId, messages: session.messages.map(entryOf) });
      return true;
    } catch {
      storage?.removeItem(STORAGE_KEY); // gone (404) or unreadable: start a new one
      return false;
    }
  }

  async function start(): Promise<void> {
    set({ starting: true });
    try {
      if (await restore()) return;
      const session = await json<ChatSessionCreated>('POST', '/api/chat/session');
      adopt(session);
      set({
        sessionId: session.sessionId,
        messages: [
          {
            id: `welcome-${session.sessionId}`,
            role: 'assistant',
            content: session.welcomeMessage,
            timestamp: new Date().toISOString(),
            pages: [],
            proposals: [],
          },
        ],
      });
    } catch {
      if (!destroyed)
        options.onError?.({ title: MESSAGES.chat.sessionErrorTitle, description: MESSAGES.chat.sessionError });
    } finally {
      if (!destroyed) set({ starting: false });
    }
  }

  async function suggestions(): Promise<void> {
    if (suggestionsAsked) return;
    suggestionsAsked = true; // asked once, never retried (spec 01 §7)
    try {
      const answer = await json<{ quickReplies: string[] }>('GET', '/api/chat/suggestions');
      allQuickReplies = answer.quickReplies;
      set({});
    } catch {
      // no quick replies, no toast
    }
  }

  function received(reply: ChatReply) {
    set({
      messages: [...state.messages, entryOf(reply.message)],
      unread: state.view !== 'open',
      streamingText: null,
    });
  }

  async function readStream(res: Response): Promise<ChatReply> {
    let reply: ChatReply | null = null;
    let failure: string | null = null;
    let text = '';
    const parser = sseParser(({ event, data }) => {
      if (event === 'delta') {
        text += (JSON.parse(data) as { text: string }).text;
        set({ streamingText: text });
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
    if (!reply) throw new Error(failure ?? 'the reply ended early');
    return reply;
  }

  async function send(text: string): Promise<void> {
    const message = chatMessage(text);
    if (message === null || !controls) return;
    local += 1;
    const mine: ChatEntry = {
      id: `local-${local}`,
      role: 'user',
      content: message,
      timestamp: new Date().toISOString(),
      pages: [],
      proposals: [],
    };
    set({ messages: [...state.messages, mine], pending: true, streamingText: null });
    try {
      const accept = streaming ? 'text/event-stream' : 'application/json';
      const { res, controller } = await call('POST', controls.send, { body: { message }, accept });
      try {
        if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
        const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream') && res.body;
        received(isStream ? await readStream(res) : ((await res.json()) as ChatReply));
      } finally {
        inflight.delete(controller);
      }
    } catch {
      if (destroyed) return;
      set({ streamingText: null });
      options.onError?.({ title: MESSAGES.chat.messageErrorTitle, description: MESSAGES.chat.messageError });
    } finally {
      if (!destroyed) set({ pending: false });
    }
  }

  function chatMessage(text: string): string | null {
    const message = text.trim();
    if (!message || !state.sessionId || state.pending || message.length > CHAT.messageMaxLength) return null;
    return message;
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
      controls = null;
      storage?.removeItem(STORAGE_KEY);
      set({ sessionId: null, messages: [], pending: false, streamingText: null });
      if (remove) await json('DELETE', remove).catch(() => undefined);
      if (state.view === 'open') await start();
    },
    destroy() {
      destroyed = true;
      for (const timer of pendingTimers) cancel(timer);
      pendingTimers.clear();
      for (const controller of inflight) controller.abort();
      inflight.clear();
      listeners.clear();
    },
  };
}
