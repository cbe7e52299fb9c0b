import { asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import {
  localCustomers,
  localPaymentEvents,
  localPaymentIntents,
  localPaymentMethods,
  localPaymentRequests,
  serverSecrets,
} from '../db/schema';
import type { Clock } from '../deps';
import type { ProviderEvent } from '../lib/payment-provider';
import type { IdempotentResult, IntentRecord, LocalProviderStore, PaymentMethodRecord } from './local-provider-records';

const WEBHOOK_SECRET = 'local_payment_webhook_secret';

type IntentRow = typeof localPaymentIntents.$inferSelect;

function toRecord(row: IntentRow): IntentRecord {
  const { createdAt: _createdAt, ...record } = row;
  return record;
}

async function intentIn(db: Queryable, id: string): Promise<IntentRecord | undefined> {
  const row = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)).get();
  return row ? toRecord(row) : undefined;
}

async function paymentMethodIn(db: Queryable, id: string): Promise<PaymentMethodRecord | undefined> {
  const row = await db.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, id)).get();
  if (!row) return undefined;
  const { createdAt: _createdAt, ...record } = row;
  return record;
}

function toEvent(stored: unknown): ProviderEvent {
  const event = stored as Omit<ProviderEvent, 'createdAt'> & { createdAt: string };
  return { ...event, createdAt: new Date(event.createdAt) };
}

/**
 * The local provider's records in the database (decision 037): what Stripe keeps on its side, here
 * so that every process and Workers isolate over one database agrees. Each provider operation is
 * one write transaction, so a refund can never exceed what is left even when two run at once.
 */
export function databaseLocalStore(database: Database, clock: Clock): LocalProviderStore {
  return {
    transaction: (fn) =>
      database.write((tx) =>
        fn({
          intent: (id) => intentIn(tx, id),
          async saveIntent(record, isNew) {
            if (isNew) await tx.insert(localPaymentIntents).values({ ...record, createdAt: clock.now() });
            else await tx.update(localPaymentIntents).set(record).where(eq(localPaymentIntents.id, record.id));
          },
          async request(key) {
            const row = await tx
              .select({ result: localPaymentRequests.result })
              .from(localPaymentRequests)
              .where(eq(localPaymentRequests.key, key))
              .get();
            return row ? (row.result as IdempotentResult) : undefined;
          },
          async saveRequest(key, result) {
            await tx
              .insert(localPaymentRequests)
              .values({ key, fingerprint: result.fingerprint, result, createdAt: clock.now() });
          },
          async appendEvent(event) {
            await tx.insert(localPaymentEvents).values({
              id: event.id,
              providerPaymentId: event.providerPaymentId,
              event: { ...event, createdAt: event.createdAt.toISOString() },
              createdAt: event.createdAt,
            });
          },
          paymentMethod: (id) => paymentMethodIn(tx, id),
          async savePaymentMethod(record) {
            await tx.insert(localPaymentMethods).values({ ...record, createdAt: clock.now() });
          },
          async customer(id) {
            const row = await tx.select().from(localCustomers).where(eq(localCustomers.id, id)).get();
            if (!row) return undefined;
            const { createdAt: _createdAt, ...record } = row;
            return record;
          },
          async customerByKey(key) {
            const row = await tx.select().from(localCustomers).where(eq(localCustomers.idempotencyKey, key)).get();
            if (!row) return undefined;
            const { createdAt: _createdAt, ...record } = row;
            return record;
          },
          async saveCustomer(record) {
            await tx.insert(localCustomers).values({ ...record, createdAt: clock.now() });
          },
        }),
      ),
    intent: (id) => intentIn(database.db, id),
    paymentMethod: (id) => paymentMethodIn(database.db, id),
    async events(providerPaymentId) {
      const rows = await database.db
        .select({ event: localPaymentEvents.event })
        .from(localPaymentEvents)
        .where(
          providerPaymentId === undefined ? undefined : eq(localPaymentEvents.providerPaymentId, providerPaymentId),
        )
        .orderBy(asc(localPaymentEvents.seq));
      return rows.map((row) => toEvent(row.event));
    },
    async webhookSecret(make) {
      // The first process to ask makes it; every later one (and every concurrent one) reads that one.
      await database.write((tx) =>
        tx
          .insert(serverSecrets)
          .values({ name: WEBHOOK_SECRET, value: make(), createdAt: clock.now() })
          .onConflictDoNothing(),
      );
      const row = await database.db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, WEBHOOK_SECRET))
        .get();
      if (!row) throw new Error('local webhook secret missing after insert');
      return row.value;
    },
  };
}
