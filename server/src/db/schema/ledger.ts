import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { createdAt } from './columns';
import { payments } from './payments';

/** The double-entry ledger (decision 080): every money movement, append-only. */

export const LEDGER_KINDS = [
  'charge',
  'platform_fee',
  'partner_commission',
  'refund',
  'transfer',
  'reversal',
  'payout',
] as const;
/** Whose money a line moves: the provider balance (our cash), the platform, a cleaner, a partner. */
export const LEDGER_ACCOUNTS = ['provider_balance', 'platform', 'cleaner', 'partner'] as const;

/** One money movement: append-only; `key` makes posting it twice a no-op. */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    key: text().notNull(),
    kind: text({ enum: LEDGER_KINDS }).notNull(),
    bookingId: integer().references(() => bookings.id, { onDelete: 'restrict' }),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    payoutId: integer(),
    amountCents: integer().notNull(),
    memo: text().notNull().default(''),
    createdAt,
  },
  (t) => [
    uniqueIndex('ledger_entries_key_unique').on(t.key),
    index('ledger_entries_booking_idx').on(t.bookingId),
    index('ledger_entries_payment_idx').on(t.paymentId, t.kind),
  ],
);

/** The entry's lines: each a debit or a credit of one account; an entry's debits equal its credits. */
export const ledgerLines = sqliteTable(
  'ledger_lines',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    entryId: integer()
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    account: text({ enum: LEDGER_ACCOUNTS }).notNull(),
    /** The cleaner's or partner's id on their accounts; null for the provider balance and the platform. */
    partyId: integer(),
    debitCents: integer().notNull().default(0),
    creditCents: integer().notNull().default(0),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.account, t.partyId, t.entryId),
    check('ledger_lines_one_side', sql`(${t.debitCents} >= 0 and ${t.creditCents} >= 0)`),
  ],
);
