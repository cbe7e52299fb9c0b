import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt } from './columns';
import { partners } from './partners';

/**
 * A partner's own people (decision 081): members of a partner sign in as themselves and manage
 * that partner in its portal; invitations bring the first one (from an administrator) and their
 * colleagues (from a member).
 */

export const partnerMembers = sqliteTable(
  'partner_members',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('partner_members_unique').on(t.partnerId, t.userId),
    index('partner_members_user_idx').on(t.userId),
  ],
);

export const partnerInvites = sqliteTable(
  'partner_invites',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** SHA-256 (hex) of the invitation's token; the token itself is only in the e-mail. */
    tokenHash: text().notNull(),
    /** Null when an administrator (the shared password) invited. */
    invitedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer({ mode: 'timestamp_ms' }),
    acceptedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('partner_invites_token_unique').on(t.tokenHash),
    index('partner_invites_partner_idx').on(t.partnerId, t.createdAt),
  ],
);
