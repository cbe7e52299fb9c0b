import { type Actor, requireAdmin } from '../contract/actor';
import type { Deps } from '../deps';
import { type CommissionRow, commissionRows } from '../partners/partner-portal.queries';

export type { CommissionRow };

/** Every partner's commission months, newest first (administrators; decision 080). */
export async function partnerCommissions(deps: Pick<Deps, 'database'>, actor: Actor): Promise<CommissionRow[]> {
  requireAdmin(actor);
  return commissionRows(deps.database.db, null);
}
