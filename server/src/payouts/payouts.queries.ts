import { eq, inArray } from 'drizzle-orm';
import { cleaners, partners, type payouts, users } from '../db/schema';
import type { Deps } from '../deps';

export type PayoutRow = typeof payouts.$inferSelect;

/** Each payout with whom it went to, by name: the cleaner's, or the partner's. */
export async function withRecipients(deps: Pick<Deps, 'database'>, rows: PayoutRow[]) {
  const idsOf = (kind: PayoutRow['ownerKind']) => [
    ...new Set(rows.filter((r) => r.ownerKind === kind).map((r) => r.ownerId)),
  ];
  const cleanerIds = idsOf('cleaner');
  const partnerIds = idsOf('partner');
  const [cleanerNames, partnerNames] = await Promise.all([
    cleanerIds.length === 0
      ? []
      : deps.database.db
          .select({ id: cleaners.id, first: users.firstName, last: users.lastName })
          .from(cleaners)
          .innerJoin(users, eq(users.id, cleaners.userId))
          .where(inArray(cleaners.id, cleanerIds)),
    partnerIds.length === 0
      ? []
      : deps.database.db
          .select({ id: partners.id, name: partners.name })
          .from(partners)
          .where(inArray(partners.id, partnerIds)),
  ]);
  const names = new Map<string, string>([
    ...cleanerNames.map((c): [string, string] => [`cleaner:${c.id}`, `${c.first ?? ''} ${c.last ?? ''}`.trim()]),
    ...partnerNames.map((p): [string, string] => [`partner:${p.id}`, p.name]),
  ]);
  return rows.map((row) => ({
    ...row,
    recipient:
      names.get(`${row.ownerKind}:${row.ownerId}`) ||
      `${row.ownerKind === 'cleaner' ? 'Cleaner' : 'Partner'} #${row.ownerId}`,
  }));
}
