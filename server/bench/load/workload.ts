/**
 * The load bench's requests, one after another as autocannon asks for them: the kind from the
 * schedule, then that kind's next request, with the headers of the visitor, customer or
 * conversation it comes from. Customers and conversations come in pools sized before each run so
 * that no limit is reached (see load.bench.ts).
 */
import { CHAT_BUDGET } from '../../src/chat/chat.service';
import { parseConfig } from '../../src/config';
import { rateLimitPolicies } from '../../src/rate-limits/rate-limit';
import type { Customer } from './database';
import {
  address,
  type BookableCleaners,
  bookingBodies,
  type Kind,
  perKind,
  QUESTIONS,
  readPath,
  SCHEDULE,
  SEARCH_KINDS,
  share,
} from './mix';

// The server's limits as it reads them, so that the bench stays under whatever they are.
const defaults = parseConfig({ NODE_ENV: 'test' });
const policies = rateLimitPolicies(defaults);
export const BOOKINGS_PER_CUSTOMER = Math.min(defaults.maxUnpaidBookings, policies.bookingCreate.limit);
export const MESSAGES_PER_CONVERSATION = CHAT_BUDGET.turns - 10;
/** Half the per-conversation limit, so a late answer never puts two minutes' messages in one window. */
export const CONVERSATION_SPACING_MS = (2 * policies.chatMessage.windowMs) / policies.chatMessage.limit;

type Conversation = { id: string; address: string; sent: number; last: number };
export type Request = { kind: Kind; method: string; path: string; body?: string; headers: Record<string, string> };

export function workload(base: string, cleanerIds: number[], bookable: BookableCleaners, customers: Customer[]) {
  const bookingFor = bookingBodies(bookable);
  const conversations: Conversation[] = [];
  const retired: Conversation[] = [];
  let conversationCount = 0;
  /** Where each kind is in its rotation; every run goes on from where the last stopped. */
  const next = perKind(() => 0);
  let sequence = 0;
  const shortfalls = { conversations: 0 };
  const distinct = perKind(() => new Set<string>());
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...headers },
      body: JSON.stringify(body),
    });

  return {
    next,
    distinct,
    shortfalls,
    bookingFor,
    post,
    conversationsStarted: () => conversationCount,

    /** Starts `count` conversations, twenty at a time, each from an address of its own. */
    async startConversations(count: number) {
      const made: Conversation[] = [];
      for (let batch = 0; batch < count; batch += 20) {
        made.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(20, count - batch) }, async () => {
              const from = address(2, conversationCount++);
              const res = await post('/api/chat/session', {}, { 'x-forwarded-for': from });
              if (res.status !== 201) throw new Error(`chat session: ${res.status} ${await res.text()}`);
              const { sessionId } = (await res.json()) as { sessionId: string };
              return { id: sessionId, address: from, sent: 0, last: 0 };
            }),
          )),
        );
      }
      // New ones first: the queue runs from the longest unused.
      conversations.unshift(...made);
    },

    /** Conversations a run of `seconds` at `rate` needs beyond those still open. */
    conversationsFor(rate: number, seconds: number) {
      const messages = share('chat') * rate * seconds;
      const room = conversations.reduce((sum, c) => sum + MESSAGES_PER_CONVERSATION - c.sent, 0);
      const byRoom = Math.ceil((messages * 1.2 - room) / MESSAGES_PER_CONVERSATION);
      const byPace = Math.ceil(share('chat') * rate * (CONVERSATION_SPACING_MS / 1000) * 1.5) - conversations.length;
      return Math.max(0, byRoom, byPace);
    },

    /** The next request of the mix. */
    request(): Request {
      const kind = SCHEDULE[sequence++ % SCHEDULE.length]!;
      const n = next[kind]++;
      if (kind === 'booking') {
        const customer = customers[Math.floor(n / BOOKINGS_PER_CUSTOMER) % customers.length]!;
        return {
          kind,
          method: 'POST',
          path: '/api/bookings',
          body: JSON.stringify(bookingFor(n)),
          headers: {
            'content-type': 'application/json',
            origin: base,
            cookie: customer.cookie,
            'x-forwarded-for': customer.address,
          },
        };
      }
      if (kind === 'chat') {
        const now = Date.now();
        // The longest unused; one used too recently (or none left) is counted, and shows as 429s.
        const conversation = conversations.shift() ?? retired.shift()!;
        if (now - conversation.last < CONVERSATION_SPACING_MS) shortfalls.conversations++;
        conversation.sent++;
        conversation.last = now;
        (conversation.sent < MESSAGES_PER_CONVERSATION ? conversations : retired).push(conversation);
        return {
          kind,
          method: 'POST',
          path: `/api/chat/${conversation.id}/message`,
          body: JSON.stringify({ message: QUESTIONS[n % QUESTIONS.length] }),
          headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': conversation.address },
        };
      }
      const path = readPath(kind, n, cleanerIds);
      if (SEARCH_KINDS.includes(kind)) distinct[kind].add(path);
      return { kind, method: 'GET', path, headers: { 'x-forwarded-for': address(1, n % 4096) } };
    },
  };
}
export type Workload = ReturnType<typeof workload>;
