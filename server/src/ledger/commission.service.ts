import { sql } from 'drizzle-orm';
import { type Actor, requireAdmin } from '../contract/actor';
import type { Deps } from '../deps';

/**
 * Partners' commission per month, from the ledger (decision 080): accrued — commissions less what
 * refunds took back — paid out (payouts less reversals), and the difference, still payable.
 */
export interface CommissionRow {
  partnerId: number;
  partnerName: string;
  month: string;
  accruedCents: number;
  paidCents: number;
}

/** The newest 24 months of every partner (administrators). */
export async function partnerCommissions(deps: Pick<Deps, 'database'>, actor: Actor): Promise<CommissionRow[]> {
  requireAdmin(actor);
  const rows = await deps.database.db.all<{
    partner_id: number;
    name: string;
    month: string;
    accrued: number;
    paid: number;
  }>(sql`
    select l.party_id as partner_id, p.name, strftime('%Y-%m', e.created_at / 1000, 'unixepoch') as month,
      coalesce(sum(case when e.kind in ('partner_commission', 'refund') then l.credit_cents - l.debit_cents end), 0) as accrued,
      coalesce(sum(case when e.kind in ('payout', 'reversal') then l.debit_cents - l.credit_cents end), 0) as paid
    from ledger_lines l
    join ledger_entries e on e.id = l.entry_id
    join partners p on p.id = l.party_id
    where l.account = 'partner'
    group by l.party_id, month
    order by month desc, p.name
    limit 500`);
  return rows.map((r) => ({
    partnerId: Number(r.partner_id),
    partnerName: r.name,
    month: r.month,
    accruedCents: Number(r.accrued),
    paidCents: Number(r.paid),
  }));
}
