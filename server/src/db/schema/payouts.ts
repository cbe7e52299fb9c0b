import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { timestamps } from './columns';

/**
 * Money leaving the platform (decision 080): connected payout accounts and transfers to them.
 */

export const PAYOUT_OWNER_KINDS = ['cleaner', 'partner'] as const;

/** A cleaner's or partner's connected account at the payment provider, and whether it can be paid. */
export const payoutAccounts = sqliteTable(
  'payout_accounts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ownerKind: text({ enum: PAYOUT_OWNER_KINDS }).notNull(),
    ownerId: integer().notNull(),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    providerAccountId: text().notNull(),
    payoutsEnabled: integer({ mode: 'boolean' }).notNull().default(false),
    /** Why it cannot be paid yet, in words for its owner; null once it can. */
    requirement: text(),
    /** The provider's time of the state held here: an older `account.updated` changes nothing. */
    stateAt: integer({ mode: 'timestamp_ms' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payout_accounts_owner_unique').on(t.ownerKind, t.ownerId, t.provider),
    uniqueIndex('payout_accounts_provider_unique').on(t.provider, t.providerAccountId),
  ],
);

export const PAYOUT_KINDS = ['cleaner_share', 'partner_commission'] as const;
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;

/** One transfer of a booking's share to its connected account: at most one per booking and share. */
export const payouts = sqliteTable(
  'payouts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    kind: text({ enum: PAYOUT_KINDS }).notNull(),
    ownerKind: text({ enum: PAYOUT_OWNER_KINDS }).notNull(),
    ownerId: integer().notNull(),
    payoutAccountId: integer()
      .notNull()
      .references(() => payoutAccounts.id, { onDelete: 'restrict' }),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default('pending'),
    providerTransferId: text(),
    /** Sent with every attempt: the provider makes one transfer however many times it is asked. */
    idempotencyKey: text().notNull(),
    failureReason: text(),
    attempts: integer().notNull().default(0),
    reversedCents: integer().notNull().default(0),
    paidAt: integer({ mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payouts_booking_kind_unique').on(t.bookingId, t.kind),
    index('payouts_owner_idx').on(t.ownerKind, t.ownerId, t.createdAt),
    index('payouts_status_idx').on(t.status, t.updatedAt),
  ],
);
