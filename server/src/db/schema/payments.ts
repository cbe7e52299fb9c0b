import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { bookings, PAYMENT_STATUSES } from './bookings';
import { createdAt, timestamps } from './columns';

/** Payments, refunds, provider events, and the embedded test-mode provider's own records. */

export const payments = sqliteTable(
  'payments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    customerId: integer().references(() => users.id, { onDelete: 'set null' }),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    failureReason: text(),
    refundedCents: integer().notNull().default(0),
    refundReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    // Holds all a customer's summary cards read, so they never visit the rows (decision 064).
    index('payments_customer_summary_idx').on(t.customerId, t.status, t.amountCents, t.refundedCents),
    index('payments_status_idx').on(t.status, t.updatedAt),
  ],
);

export const refunds = sqliteTable(
  'refunds',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    reason: text(),
    providerRefundId: text(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);

/** Provider webhook events, applied once each by id. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    type: text().notNull(),
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    providerCreatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    payload: text({ mode: 'json' }).notNull(),
    receivedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.providerCreatedAt)],
);

// ─── The embedded test-mode payment provider (decision 037) ─────────────────
// What Stripe keeps on its side, kept here when no Stripe key is configured, so that every server
// process or Workers isolate over the same database sees the same intents. Never read by the
// payments service: it reaches them only through the provider interface.

export const localPaymentIntents = sqliteTable('local_payment_intents', {
  id: text().primaryKey(),
  clientSecret: text().notNull(),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  bookingId: integer().notNull(),
  customerId: integer(),
  succeeded: integer({ mode: 'boolean' }).notNull().default(false),
  failureReason: text(),
  refundedCents: integer().notNull().default(0),
  disputed: integer({ mode: 'boolean' }).notNull().default(false),
  /** Paid with Stripe's test card whose refunds fail (4000 0000 0000 5126). */
  refundFails: integer({ mode: 'boolean' }).notNull().default(false),
  /** The customer the card is saved to for later off-session charges (Stripe's `setup_future_usage`). */
  customerRef: text(),
  saveCard: integer({ mode: 'boolean' }).notNull().default(false),
  /** The card it was paid with (or is charged to, off-session). */
  paymentMethodId: text(),
  offSession: integer({ mode: 'boolean' }).notNull().default(false),
  createdAt,
});

/** Cards saved to a customer at checkout, as Stripe keeps payment methods (decision 088). */
export const localPaymentMethods = sqliteTable('local_payment_methods', {
  id: text().primaryKey(),
  customerRef: text().notNull(),
  last4: text().notNull(),
  /** The test card's number: what a later charge to it does follows Stripe's test cards. */
  testCard: text().notNull(),
  createdAt,
});

/** The provider's customers (Stripe's `cus_…`), made once per idempotency key. */
export const localCustomers = sqliteTable('local_customers', {
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  email: text(),
  createdAt,
});

/** The provider's idempotency keys (Stripe keeps them 24 hours; purge-expired does the same). */
export const localPaymentRequests = sqliteTable(
  'local_payment_requests',
  {
    key: text().primaryKey(),
    fingerprint: text().notNull(),
    result: text({ mode: 'json' }).notNull(),
    createdAt,
  },
  (t) => [index('local_payment_requests_created_idx').on(t.createdAt)],
);

export const localPaymentEvents = sqliteTable(
  'local_payment_events',
  {
    seq: integer().primaryKey({ autoIncrement: true }),
    id: text().notNull().unique(),
    providerPaymentId: text().notNull(),
    event: text({ mode: 'json' }).notNull(),
    createdAt,
  },
  (t) => [index('local_payment_events_intent_idx').on(t.providerPaymentId, t.seq)],
);

/** Values one installation generates once and every process shares (the local webhook secret). */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt,
});

// ─── The embedded test-mode provider's connected accounts and transfers ─────
// What Stripe Connect keeps on its side (decision 080; decision 037's rule: never read by the services).

export const localConnectedAccounts = sqliteTable('local_connected_accounts', {
  id: text().primaryKey(),
  email: text(),
  /** Test bank details entered on the offline onboarding page; payouts are enabled once given. */
  bankLast4: text(),
  payoutsEnabled: integer({ mode: 'boolean' }).notNull().default(false),
  onboardingToken: text().notNull(),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  createdAt,
});

export const localTransfers = sqliteTable(
  'local_transfers',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    destination: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    transferGroup: text(),
    reversedCents: integer().notNull().default(0),
    createdAt,
  },
  (t) => [uniqueIndex('local_transfers_key_unique').on(t.idempotencyKey)],
);

export const localTransferReversals = sqliteTable(
  'local_transfer_reversals',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    transferId: text().notNull(),
    amountCents: integer().notNull(),
    createdAt,
  },
  (t) => [uniqueIndex('local_transfer_reversals_key_unique').on(t.idempotencyKey)],
);
