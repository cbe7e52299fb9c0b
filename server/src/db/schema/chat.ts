import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt } from './columns';
import { partners } from './partners';

/** The assistant chat: sessions and their messages. */

export const chatSessions = sqliteTable(
  'chat_sessions',
  {
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    lastMessageAt: integer({ mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('chat_sessions_user_idx').on(t.userId)],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    sessionId: text()
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant', 'tool'] }).notNull(),
    content: text().notNull(),
    toolCalls: text({ mode: 'json' }),
    createdAt,
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);
