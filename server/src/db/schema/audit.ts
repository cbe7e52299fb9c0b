import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt } from './columns';

/** The audit log. */

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text({ enum: ['customer', 'cleaner', 'admin', 'system', 'guest', 'partner'] }).notNull(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    details: text({ mode: 'json' }),
    requestId: text(),
    createdAt,
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId), index('audit_log_created_idx').on(t.createdAt)],
);
