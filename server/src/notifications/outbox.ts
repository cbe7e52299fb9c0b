import type { Tx } from '../db/client';
import { notifications } from '../db/schema';

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
