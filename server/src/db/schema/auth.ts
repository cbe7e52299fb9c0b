import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamps } from './columns';

/** The auth domain: accounts, sessions, sign-in providers, single-use links and throttling. */

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    profileImageUrl: text(),
    /** `admin`: a named administrator, who may open an admin session (decision 030). */
    role: text({ enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    /** When the owner of `email` proved it (a link through the outbox, or a provider's word); null until then. */
    emailVerifiedAt: integer({ mode: 'timestamp_ms' }),
    /** TOTP secret (base32) of an administrator's second factor, once confirmed with a code. */
    totpSecret: text(),
    totpEnabledAt: integer({ mode: 'timestamp_ms' }),
    /** The last TOTP time step accepted: a code is good once. */
    totpLastStep: integer(),
    onboardingCompleted: integer({ mode: 'boolean' }).notNull().default(false),
    onboardingStep: integer().notNull().default(0),
    onboardingPreferences: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token, hex; the token itself is never stored. */
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    provider: text({ enum: ['google', 'github'] }).notNull(),
    providerUserId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('oauth_accounts_user_idx').on(t.userId)],
);

/**
 * Single-use links sent through the outbox: e-mail verification and password reset. Only the
 * SHA-256 of the token is stored; `email` is the address the link proves.
 */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password'] }).notNull(),
    email: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters for sign-in, sign-up and admin login throttling. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export type User = typeof users.$inferSelect;
