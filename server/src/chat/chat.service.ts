import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { lookupCity } from '@spotless/sdk/cities';
import { HELP_ARTICLES, policy } from '@spotless/sdk/help';
import { MESSAGES } from '@spotless/sdk/rules';
import { findUserById } from '../auth/users.queries';
import {
  type Actor,
  assistantFor,
  personOf,
  requireChatter,
  requirePersonWriting,
  userIdOf,
  visitor,
} from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Deps } from '../deps';
import type { AssistantEngine, AssistantReply, Toolbox } from '../lib/assistant-engine';
import { estimateTokens } from '../lib/assistant-engine';
import { engineFor } from './assistant';
import {
  type ChatMessageRow,
  type ChatSessionRow,
  chatMessagesOf,
  deleteChatSessionRow,
  deleteChatSessionsOf,
  findChatSession,
  insertChatMessage,
  insertChatSession,
  purgeChatSessions,
  recordChatTurn,
} from './chat.queries';
import { cleanReplyText, type PageRef, type ProposalRef, pagesIn } from './links';
import { toolboxFor } from './tools';

/**
 * The chat assistant's service (decision 047): conversations, their budget, and each turn — the
 * engine answers with the tools bound to the person chatting, the text is cleaned, and the
 * message and reply are stored together.
 */

type ChatDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'logger' | 'assistant' | 'payments'>;

/** A conversation ends at this many messages from the person, or this many tokens (a new one can start). */
export const CHAT_BUDGET = { turns: 60, tokens: 100_000 } as const;
/** Earlier messages an engine sees with each new one. */
const HISTORY_MESSAGES = 12;
/** A reply taking longer than this is abandoned (the OpenAI engine falls back well before). */
const TURN_DEADLINE_MS = 30_000;

const notFoundChat = () => notFound('Chat session');

/** 18 random bytes (144 bits), base64url: what the client holds. */
function newSessionId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/** What the database keys a conversation by: the id's SHA-256, so a copy of the table opens none. */
export function storedChatId(sessionId: string): string {
  return encodeBase64urlNoPadding(sha256(new TextEncoder().encode(sessionId)));
}

/** The first name of the signed-in person behind `actor`, if any. */
async function firstNameOf(deps: ChatDeps, actor: Actor): Promise<string | null> {
  const person = personOf(actor);
  if (!person) return null;
  return (await findUserById(deps.database.db, person.userId))?.firstName?.trim() || null;
}

/** Whom the assistant is talking to, for its greeting and quick replies (decision 085). */
export type ChatRole = 'customer' | 'cleaner' | 'administrator' | 'guest';

export function chatRoleOf(actor: Actor): ChatRole {
  if (actor.kind === 'admin') return 'administrator';
  const person = personOf(actor);
  if (person?.kind === 'cleaner') return 'cleaner';
  return person ? 'customer' : 'guest';
}

const OFFERS: Record<ChatRole, string> = {
  guest:
    "I can find cleaners near you, check when they're free, and answer questions about booking, payments and safety.",
  customer:
    "I can find cleaners near you, check when they're free and tell you about your bookings, and answer questions about booking, payments and safety.",
  cleaner:
    'I can tell you about your upcoming jobs, your earnings and when your next payout is due, and answer questions about how Spotless works.',
  administrator:
    'I can answer questions about how Spotless works for customers and cleaners; the administration pages are on the admin dashboard (/admin-dashboard).',
};

export function welcomeMessage(role: ChatRole | boolean, name: string | null): string {
  const who: ChatRole = typeof role === 'boolean' ? (role ? 'customer' : 'guest') : role;
  const hello = name ? `Hi ${name}! I'm the Spotless assistant.` : "Hi! I'm the Spotless assistant.";
  return `${hello} ${OFFERS[who]} What can I help you with?`;
}

/** The quick replies by whom the assistant talks to: the first three are shown (docs/product/assistant.md). */
const SUGGESTIONS: Record<ChatRole, readonly string[]> = {
  guest: [
    'Show me top-rated cleaners',
    'How does booking work?',
    'What is the cancellation policy?',
    'Are cleaners background-checked?',
  ],
  customer: [
    'When is my next cleaning?',
    'Show me top-rated cleaners',
    'Can I still cancel for free?',
    'How do I reschedule?',
  ],
  cleaner: [
    'When is my next payout?',
    'What are my upcoming jobs?',
    'How much does Spotless keep?',
    'How much have I earned?',
  ],
  administrator: [
    'What is the cancellation policy?',
    'How are cleaners paid?',
    'How are damage reports handled?',
    'Show me top-rated cleaners',
  ],
};

export function chatSuggestions(actor: Actor): string[] {
  return [...SUGGESTIONS[chatRoleOf(actor)]];
}

export interface ChatStarted {
  sessionId: string;
  welcomeMessage: string;
  createdAt: Date;
}

/** Starts a conversation; a signed-in person's belongs to them. The welcome message is its first message. */
export async function startChat(deps: ChatDeps, actor: Actor): Promise<ChatStarted> {
  requireChatter(actor);
  const sessionId = newSessionId();
  const now = deps.clock.now();
  const welcome = welcomeMessage(chatRoleOf(actor), await firstNameOf(deps, actor));
  await deps.database.write(async (tx) => {
    const id = storedChatId(sessionId);
    const partner = actor.kind === 'partner' ? actor : null;
    await insertChatSession(tx, {
      id,
      userId: userIdOf(actor),
      partnerId: partner?.partnerId ?? null,
      utm: partner?.utm ?? null,
      createdAt: now,
    });
    await insertChatMessage(tx, { sessionId: id, role: 'assistant', content: welcome, createdAt: now });
  });
  return { sessionId, welcomeMessage: welcome, createdAt: now };
}

/** The conversation, if this actor may open it: an anonymous one by its id alone, a person's only by them. */
async function sessionFor(deps: ChatDeps, actor: Actor, sessionId: string): Promise<ChatSessionRow> {
  const row = await findChatSession(deps.database.db, storedChatId(sessionId));
  if (!row) throw notFoundChat();
  if (row.userId !== null && row.userId !== userIdOf(actor)) throw notFoundChat();
  return row;
}

export interface ChatView {
  sessionId: string;
  welcomeMessage: string;
  createdAt: Date;
  messages: ChatMessageRow[];
}

export async function getChat(deps: ChatDeps, actor: Actor, sessionId: string): Promise<ChatView> {
  requireChatter(actor);
  const row = await sessionFor(deps, actor, sessionId);
  const messages = await chatMessagesOf(deps.database.db, row.id);
  return {
    sessionId,
    welcomeMessage: messages[0]?.role === 'assistant' ? messages[0].content : welcomeMessage(false, null),
    createdAt: row.createdAt,
    messages,
  };
}

export async function deleteChat(deps: ChatDeps, actor: Actor, sessionId: string): Promise<void> {
  requireChatter(actor);
  const row = await sessionFor(deps, actor, sessionId);
  await deps.database.write((tx) => deleteChatSessionRow(tx, row.id));
}

/** Deletes every conversation of the signed-in person. */
export async function deleteChatHistory(deps: ChatDeps, actor: Actor): Promise<{ deletedSessions: number }> {
  const { userId } = requirePersonWriting(actor);
  return { deletedSessions: await deps.database.write((tx) => deleteChatSessionsOf(tx, userId)) };
}

/** The scheduled purge: conversations past their retention (the privacy policy states both). */
export async function purgeOldChats(deps: Pick<Deps, 'database' | 'clock'>): Promise<number> {
  const now = deps.clock.now().getTime();
  const day = 24 * 60 * 60 * 1000;
  return deps.database.write((tx) =>
    purgeChatSessions(tx, {
      anonymousBefore: new Date(now - policy.anonymousChatRetentionDays * day),
      signedInBefore: new Date(now - policy.accountChatRetentionDays * day),
    }),
  );
}

/** A turn about to be answered: the conversation is theirs (or nobody's) and within its budget. */
export interface OpenTurn {
  sessionId: string;
  row: ChatSessionRow;
  actor: Actor;
  /**
   * Whose the conversation is once the turn is stored: the signed-in user's — a conversation that
   * is nobody's becomes theirs, in the write that stores the reply the assistant read their data
   * for — else nobody's (a visitor, a partner's widget).
   */
  owner: number | null;
  /** The messages before this one that the engine sees. */
  history: Array<{ role: ChatMessageRow['role']; content: string }>;
}

/** Opens a turn, before anything streams: 404 for a conversation that is not theirs, 409 past its budget. */
export async function openTurn(deps: ChatDeps, actor: Actor, sessionId: string): Promise<OpenTurn> {
  requireChatter(actor);
  // Read before the conversation is checked: had someone else claimed it in the meantime, the
  // check sees it, so the engine never reads another person's messages.
  const history = await chatMessagesOf(deps.database.db, storedChatId(sessionId), HISTORY_MESSAGES);
  const row = await sessionFor(deps, actor, sessionId);
  if (row.turns >= CHAT_BUDGET.turns || row.tokens >= CHAT_BUDGET.tokens) {
    throw new AppError(
      409,
      'chat_limit_reached',
      'This conversation is long enough: please start a new chat to keep going.',
    );
  }
  return {
    sessionId,
    row,
    actor,
    owner: userIdOf(actor),
    history: history.map((m) => ({ role: m.role, content: m.content })),
  };
}

export interface ChatTurn {
  userMessage: ChatMessageRow;
  reply: ChatMessageRow;
  text: string;
  pages: PageRef[];
  proposals: ProposalRef[];
  trace: AssistantReply['trace'];
}

const ARTICLE_TITLES: ReadonlyMap<string, string> = new Map(HELP_ARTICLES.map((a) => [a.id, a.title]));

/** A toolbox that remembers the cleaners its answers named, to title the reply's links. */
function recording(toolbox: Toolbox, names: Map<number, string>): Toolbox {
  const remember = (value: unknown, depth: number): void => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) remember(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'number' && typeof record.name === 'string' && typeof record.profile === 'string') {
      names.set(record.id, record.name);
    }
    for (const nested of Object.values(record)) remember(nested, depth + 1);
  };
  return {
    tools: toolbox.tools,
    async call(name, args) {
      const result = await toolbox.call(name, args);
      if (result.ok) remember(result.data, 0);
      return result;
    },
  };
}

/**
 * Streams cleaned text: only up to the last line or sentence break, so an address or a number
 * is whole before it is checked; `finish` sends what is left of the final text, so the pieces
 * always join to exactly the reply's `response`.
 */
function cleanStream(onDelta: (text: string) => void, origin: string | null) {
  let raw = '';
  let sent = '';
  return {
    push(piece: string) {
      raw += piece;
      const cut = Math.max(raw.lastIndexOf('\n'), raw.lastIndexOf('. '), raw.lastIndexOf('! '), raw.lastIndexOf('? '));
      if (cut < 0) return;
      const clean = cleanReplyText(raw.slice(0, cut + 1), origin);
      if (clean.startsWith(sent) && clean.length > sent.length) {
        onDelta(clean.slice(sent.length));
        sent = clean;
      }
    },
    /** The final text: the rest of it when it continues what was sent, else all of it marked as a restart. */
    finish(text: string) {
      if (text.startsWith(sent)) {
        if (text.length > sent.length) onDelta(text.slice(sent.length));
      }
      sent = text;
    },
  };
}

/**
 * Answers one message: the engine replies with the tools bound to the person chatting (the
 * assistant reads as them and writes nothing), the text is cleaned, and the message and reply are
 * stored with the turn's cost in one transaction — which claims a conversation that was nobody's
 * for a signed-in person, or answers 404 and stores nothing if someone else claimed it first.
 */
export async function answerTurn(
  deps: ChatDeps,
  turn: OpenTurn,
  message: string,
  options: {
    siteOrigin: string | null;
    onDelta?: (text: string) => void;
    signal?: AbortSignal;
    engine?: AssistantEngine;
    /** The asker's IANA time zone, as their browser sent it (checked by the message schema). */
    timeZone?: string | null;
    /** The city the page is about (a partner page's `data-city`): one Spotless serves, else 400. */
    city?: string | null;
  },
): Promise<ChatTurn> {
  const { database, clock } = deps;
  const city = options.city ? lookupCity(options.city) : undefined;
  if (options.city && !city) throw badRequest(MESSAGES.chat.cityUnknown, { city: MESSAGES.chat.cityUnknown });
  // As the person only in their own conversation: `openTurn` let through one that is theirs or
  // nobody's, and the write below claims the latter or stores nothing.
  const person = personOf(turn.actor);
  const assistant = assistantFor(person ?? visitor, turn.row.id);
  const names = new Map<number, string>();
  const toolbox = recording(toolboxFor(deps, assistant), names);
  const { history } = turn;
  const deadline = AbortSignal.timeout(TURN_DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const engine = options.engine ?? engineFor(deps);
  const startedAt = clock.now();
  const stream = options.onDelta ? cleanStream(options.onDelta, options.siteOrigin) : undefined;
  const reply = await engine.reply(
    {
      message,
      history,
      toolbox,
      now: startedAt,
      timeZone: options.timeZone ?? null,
      city: city?.name ?? null,
      onPartnerSite: turn.actor.kind === 'partner',
      person: person
        ? {
            firstName: await firstNameOf(deps, turn.actor),
            role: person.kind,
            ...(person.kind === 'cleaner' ? { cleanerId: person.cleanerId } : {}),
          }
        : null,
      signal,
      log: (event, detail) => deps.logger.warn(event, detail),
    },
    stream ? (piece) => stream.push(piece) : undefined,
  );
  const text = cleanReplyText(reply.text, options.siteOrigin);
  stream?.finish(text);
  const { pages, proposals } = pagesIn(text, { cleaners: names, articles: ARTICLE_TITLES });
  const tokens = reply.tokens + estimateTokens(message);
  const now = clock.now();
  const stored = await database.write(async (tx) => {
    if (!(await recordChatTurn(tx, turn.row.id, { owner: turn.owner, tokens, at: now }))) throw notFoundChat();
    const userMessage = await insertChatMessage(tx, {
      sessionId: turn.row.id,
      role: 'user',
      content: message,
      createdAt: startedAt,
    });
    const answer = await insertChatMessage(tx, {
      sessionId: turn.row.id,
      role: 'assistant',
      content: text,
      attachments: { pages, proposals },
      createdAt: now,
    });
    return { userMessage, answer };
  });
  deps.logger.debug('chat turn', { engine: reply.trace.engine ?? engine.name, intent: reply.trace.intent, tokens });
  return { userMessage: stored.userMessage, reply: stored.answer, text, pages, proposals, trace: reply.trace };
}
