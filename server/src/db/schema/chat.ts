import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt } from './columns';
import { partners, type Utm } from './partners';

/**
 * The assistant chat (decision 047): sessions and their messages. A session's id is a capability
 * the client holds; only its SHA-256 is stored, so a copy of the database opens no conversation.
 * A signed-in person's sessions go with their account.
 */
export const chatSessions = sqliteTable(
  'chat_sessions',
  {
    /** base64url SHA-256 of the session id the client holds. */
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    /** The host page's UTM parameters when a partner widget started the chat. */
    utm: text({ mode: 'json' }).$type<Utm>(),
    /** Messages the person sent, and tokens the replies cost: the per-session budget. */
    turns: integer().notNull().default(0),
    tokens: integer().notNull().default(0),
    lastMessageAt: integer({ mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('chat_sessions_user_idx').on(t.userId), index('chat_sessions_last_idx').on(t.lastMessageAt)],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    sessionId: text()
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant'] }).notNull(),
    content: text().notNull(),
    /** An assistant reply's pages and proposals (`ChatMessage.links` / `actions`), as sent. */
    attachments: text({ mode: 'json' }),
    createdAt,
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);
