import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { notifications } from '../db/schema';
import type { Deps } from '../deps';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import type { OutboxBacklog } from '../lib/metrics';

export interface NotificationInput {
  type: string;
  recipientEmail: string;
  recipientUserId?: number;
  subject: string;
  body: string;
  payload?: unknown;
  /** When set, a second notification with the same key is silently skipped. */
  dedupeKey?: string;
}

/** Queues a notification in the same transaction as the change that caused it. */
export async function enqueueNotification(tx: Tx, now: Date, input: NotificationInput): Promise<void> {
  await tx
    .insert(notifications)
    .values({ ...input, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing();
}

/**
 * Queues a notification that gathers what happens until `dueAt` (decision 087): the first call with
 * a dedupe key queues it to be sent then; later calls with the same key, while it is still waiting,
 * replace its subject and body (a count that went up). Once sent, the key's window is over.
 */
export async function enqueueBatchedNotification(
  tx: Tx,
  now: Date,
  dueAt: Date,
  input: NotificationInput & { dedupeKey: string },
): Promise<void> {
  await tx
    .insert(notifications)
    .values({ ...input, nextAttemptAt: dueAt, createdAt: now })
    .onConflictDoUpdate({
      target: notifications.dedupeKey,
      set: { subject: input.subject, body: input.body, payload: input.payload },
      setWhere: eq(notifications.status, 'pending'),
    });
}

/**
 * Withdraws messages not sent yet whose dedupe key starts with `keyPrefix` (an invitation revoked
 * or replaced before the job sent it: its link would not work).
 */
export async function withdrawNotifications(tx: Tx, keyPrefix: string): Promise<void> {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        sql`substr(${notifications.dedupeKey}, 1, ${keyPrefix.length}) = ${keyPrefix}`,
      ),
    );
}

export type { Mailer, OutgoingMessage } from '../lib/mailer';

/** Writes each message to the log: the Workers default, where there is no disk. */
export function logMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info('notification', { id: message.id, type: message.type, to: message.to, subject: message.subject });
    },
  };
}

/**
 * Links in these carry a credential (a reset or verification token): once delivered, the stored
 * copy is blanked, so the outbox table is not a list of live links.
 */
const SECRET_BODIES = new Set(['password_reset', 'verify_email', 'guest_link']);
const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const BATCH = 50;

/**
 * Sends what is due, oldest first. Each batch is leased first (its next attempt pushed past the
 * lease), so two processes running the job do not send the same message at once; a failure is
 * retried with exponential backoff, and given up after 8 attempts.
 */
export async function deliverNotifications(
  deps: Pick<Deps, 'database' | 'clock' | 'logger' | 'mailer'>,
): Promise<{ sent: number; failed: number }> {
  const now = deps.clock.now();
  const due = await deps.database.write(async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.status, 'pending'), lte(notifications.nextAttemptAt, now)))
      .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
      .limit(BATCH)
      .all();
    for (const row of rows) {
      await tx
        .update(notifications)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(eq(notifications.id, row.id));
    }
    return rows;
  });
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    try {
      await deps.mailer.send({
        id: row.id,
        type: row.type,
        to: row.recipientEmail,
        subject: row.subject,
        body: row.body,
      });
      await deps.database.write((tx) =>
        tx
          .update(notifications)
          .set({
            status: 'sent',
            sentAt: deps.clock.now(),
            attempts: row.attempts + 1,
            lastError: null,
            ...(SECRET_BODIES.has(row.type) ? { body: '[delivered; link removed]' } : {}),
          })
          .where(eq(notifications.id, row.id)),
      );
      sent++;
    } catch (error) {
      failed++;
      const attempts = row.attempts + 1;
      const backoff = Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));
      deps.logger.warn('notification delivery failed', { id: row.id, attempts, error: String(error) });
      await deps.database.write((tx) =>
        tx
          .update(notifications)
          .set({
            attempts,
            lastError: String(error).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(deps.clock.now().getTime() + backoff),
          })
          .where(eq(notifications.id, row.id)),
      );
    }
  }
  return { sent, failed };
}

/**
 * What is waiting in the outbox, for the metrics scrape: three counts over the outbox's
 * (status, next attempt) index, one round trip.
 */
export async function outboxBacklog(deps: Pick<Deps, 'database' | 'clock'>): Promise<OutboxBacklog> {
  const now = deps.clock.now().getTime();
  const { status, nextAttemptAt } = notifications;
  const row = await deps.database.db.get<{ pending: number; failed: number; oldest_due: number | null }>(sql`select
    (select count(*) from ${notifications} where ${status} = 'pending') as pending,
    (select count(*) from ${notifications} where ${status} = 'failed') as failed,
    (select min(${nextAttemptAt}) from ${notifications} where ${status} = 'pending' and ${nextAttemptAt} <= ${now}) as oldest_due`);
  const oldestDue = row?.oldest_due;
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestDueSeconds: oldestDue == null ? 0 : Math.max(0, (now - Number(oldestDue)) / 1000),
  };
}
