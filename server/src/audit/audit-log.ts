import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * The append-only audit log (docs/product/administration.md): every state change that matters, with
 * who made it and when. An infrastructure store (decision 043): each domain's service records its
 * own entries through this one function, inside the transaction that makes the change.
 */
export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>;

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
