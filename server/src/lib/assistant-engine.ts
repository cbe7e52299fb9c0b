/**
 * The assistant's two engines behind one interface (decision 047): the offline engine (the
 * embedded default) and OpenAI chat completions with tool calls (when `OPENAI_API_KEY` is set),
 * which falls back to the offline engine when its endpoint fails or stalls. An engine only writes
 * text: the chat service derives the reply's links and proposals from that text and from what the
 * tools returned, keeps only links to this site, and removes contact details that are not
 * support's.
 */

/** A read-only operation the assistant may call, described from the operation table. */
export interface ToolSpec {
  /** The operationId, e.g. `searchCleaners`. */
  name: string;
  description: string;
  /** JSON Schema of the arguments: the operation's path and query parameters. */
  parameters: Record<string, unknown>;
}

export type ToolResult = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };

/** The tools, bound to the person chatting: every call runs the services as `assistantFor(them)`. */
export interface Toolbox {
  readonly tools: readonly ToolSpec[];
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
}

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AssistantRequest {
  /** The person's new message, trimmed, at most `CHAT.messageMaxLength` characters. */
  message: string;
  /** Earlier messages of this conversation, oldest first (bounded). */
  history: readonly ConversationTurn[];
  toolbox: Toolbox;
  now: Date;
  /**
   * The asker's IANA time zone (the browser's, sent with the message), for reading "tomorrow" or
   * "Saturday morning"; null when not sent (the engine then uses the named city's zone).
   */
  timeZone?: string | null;
  /**
   * The city the page is about (a partner page's `data-city`), one of the served cities' names: where
   * "near here" or a search naming no place looks; null when not sent.
   */
  city?: string | null;
  /** The conversation is in a partner's widget: a visitor there books as a guest, with no My Bookings. */
  onPartnerSite?: boolean;
  /**
   * The signed-in person chatting — their first name, and whether they chat as a customer or as a
   * cleaner (a cleaner's payouts and jobs are theirs to ask about); null for a visitor.
   */
  person: { firstName: string | null; role?: 'customer' | 'cleaner'; cleanerId?: number } | null;
  /** Aborted when the caller goes away. */
  signal?: AbortSignal;
  /**
   * Where the engine reports what the person does not see (a fallback and its reason): the
   * caller's logger, so the line carries the request's id.
   */
  log?: (event: string, detail: Record<string, unknown>) => void;
}

/**
 * What the engine understood, for tests and the labelled question set (never sent to clients):
 * the intent, the articles it answered from, the search filters it used, and so on.
 */
export interface ReplyTrace {
  intent:
    | 'article'
    | 'search'
    | 'availability'
    | 'bookings'
    | 'services'
    | 'refusal'
    | 'greeting'
    | 'fallback'
    | 'model'
    | 'cleaner'
    | 'price'
    | 'cancellation'
    | 'earnings'
    | 'payouts'
    | 'sign-in'
    | 'clarify';
  /**
   * The engine was not sure what was asked: it asked one clarifying question or offered what it can
   * do, rather than answer confidently and maybe wrongly (scored apart from right and wrong).
   */
  unsure?: boolean;
  /** A time the question named, read in the asker's zone: a search kept only cleaners free then. */
  when?: { date: string; timeOfDay: 'morning' | 'afternoon' | 'evening' | null; after: string | null };
  /** A price answered from the pricing rule: the service type and the totals it gave, in cents. */
  price?: { service: string; cleanerId: number | null; city: string | null; lowCents: number; highCents: number };
  /** A cancellation outcome from the cancellation rule, for hours named or the asker's booking. */
  cancellation?: {
    hoursBefore: number | null;
    bookingId: number | null;
    /** Null when the question named no time: the answer gave both outcomes. */
    free: boolean | null;
    feeCents: number | null;
  };
  /** Help articles answered from, best first (`HELP_ARTICLES` ids). */
  articles?: string[];
  /** The `searchCleaners` arguments used (only filters the person asked for). */
  filters?: Record<string, string | number | boolean>;
  /** Cleaners named in the reply, in order. */
  cleanerIds?: number[];
  availability?: {
    cleanerId: number | null;
    date: string | null;
    timeOfDay: 'morning' | 'afternoon' | 'evening' | null;
  };
  bookings?: { question: 'next' | 'cancel-free' | 'list' | 'last'; bookingIds: number[] };
  /** A cleaner's payout question, answered from their earnings (null figures: not theirs to see). */
  payouts?: { question: PayoutQuestion; cleaner: boolean };
  refusal?: 'off-topic' | 'injection' | 'write' | 'private';
  /** What was taken out of a model's answer: a claimed action, a missing feature, a made-up cleaner. */
  corrections?: Array<'claimed-action' | 'missing-feature' | 'unknown-cleaner'>;
  /** The engine that answered, e.g. `offline`, or `offline (fallback: timeout)`. */
  engine?: string;
}

/** What a cleaner asks about their pay: when, the next payout, the platform's fee, what they earned. */
export type PayoutQuestion = 'when' | 'next' | 'fee' | 'earned';

export interface AssistantReply {
  /** Complete on its own, with relative URLs (`/cleaner/42`). */
  text: string;
  /** Tokens this turn cost (reported by the model, or estimated at 4 characters a token). */
  tokens: number;
  trace: ReplyTrace;
}

export interface AssistantEngine {
  readonly name: string;
  /** Answers one message; `onDelta` receives the text as it is written (for streaming). */
  reply(request: AssistantRequest, onDelta?: (text: string) => void): Promise<AssistantReply>;
}

/** Tokens of a text when the model does not say: about four characters each. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
