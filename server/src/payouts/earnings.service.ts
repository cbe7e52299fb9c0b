import { DAMAGE_REPORT_HOURS } from '@spotless/sdk/rules';
import { sql } from 'drizzle-orm';
import type { Actor } from '../contract/actor';
import type { Deps } from '../deps';
import { cleanerOwnAccount, type PayoutAccountState } from './payout-accounts.service';
import { payoutHold } from './payouts.service';

/**
 * A cleaner's earnings (decision 080), read from the ledger: each job's charge, refunds, the
 * platform fee and their share, in one of four states — upcoming (booked), pending (completed,
 * inside the damage window or held by a report), available (due, waiting for the payout job or a
 * payout account) and paid out — and when the next payout is due.
 */

const HOUR_MS = 3_600_000;
/** The payout job's schedule: every 5 minutes. */
const JOB_EVERY_MS = 5 * 60_000;
/** Jobs listed, newest first (the totals count every job). */
const LISTED = 100;

export type EarningState = 'upcoming' | 'pending' | 'available' | 'paid_out' | 'refunded';

export interface EarningJob {
  bookingId: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  service: string;
  status: string;
  chargedCents: number;
  refundedCents: number;
  feeCents: number;
  yoursCents: number;
  paidOutCents: number;
  state: EarningState;
  availableAt: Date | null;
}

export interface EarningsData {
  totals: Record<'upcoming' | 'pending' | 'available' | 'paidOut', number>;
  platformFeeBps: number;
  nextPayoutAt: Date | null;
  /** The cleaner's own time zone: their jobs' clock, and the one the next payout is told on. */
  timeZone: string;
  whenPaid: string;
  account: { status: PayoutAccountState; requirement: string | null };
  jobs: EarningJob[];
}

interface JobRow {
  id: number;
  status: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  service: string;
  charged: number;
  refunded: number;
  yours: number;
  paid_out: number;
  open_report: number;
  disputed: number;
}

export const WHEN_PAID = `Each job is paid out ${DAMAGE_REPORT_HOURS} hours after it ends, unless the customer reports a problem in that time; the money then reaches your bank in about 2 business days. A late cancellation's fee is paid once the booked time has passed.`;

/** The job's state and, while it waits, when it becomes available (the payout rule, `payoutHold`). */
function stateOf(row: JobRow, now: Date, accountEnabled: boolean): { state: EarningState; availableAt: Date | null } {
  const owed = row.yours - row.paid_out;
  if (['pending', 'confirmed', 'in_progress'].includes(row.status)) return { state: 'upcoming', availableAt: null };
  if (owed <= 0) return { state: row.paid_out > 0 ? 'paid_out' : 'refunded', availableAt: null };
  const booking = { status: row.status, endsAt: new Date(row.ends_at) };
  const hold = payoutHold(booking, {
    now,
    openReport: row.open_report === 1,
    disputed: row.disputed === 1,
    accountEnabled,
    owedCents: owed,
  });
  const dueAt =
    row.status === 'completed' ? new Date(row.ends_at + DAMAGE_REPORT_HOURS * HOUR_MS) : new Date(row.ends_at);
  if (hold === 'damage_window') return { state: 'pending', availableAt: dueAt };
  if (hold === 'damage_report' || hold === 'disputed') return { state: 'pending', availableAt: null };
  if (hold === 'not_completed') return { state: 'upcoming', availableAt: dueAt };
  return { state: 'available', availableAt: dueAt };
}

/** The signed-in cleaner's earnings. */
export async function cleanerEarnings(
  deps: Pick<Deps, 'database' | 'payments' | 'clock' | 'config'>,
  actor: Actor,
): Promise<EarningsData> {
  const { cleaner, account } = await cleanerOwnAccount(deps, actor);
  const now = deps.clock.now();
  const rows = await deps.database.db.all<JobRow>(sql`
    select b.id, b.status, b.starts_at, b.ends_at, b.time_zone, s.name as service,
      coalesce(sum(case when e.kind = 'charge' and l.account = 'provider_balance' then l.debit_cents end), 0) as charged,
      coalesce(sum(case when e.kind = 'refund' and l.account = 'provider_balance' then l.credit_cents end), 0) as refunded,
      coalesce(sum(case when l.account = 'cleaner' and e.kind in ('charge', 'platform_fee', 'refund') then l.credit_cents - l.debit_cents end), 0) as yours,
      coalesce(sum(case when l.account = 'cleaner' and e.kind in ('transfer', 'reversal') then l.debit_cents - l.credit_cents end), 0) as paid_out,
      exists (select 1 from damage_reports d where d.booking_id = b.id and d.status = 'open') as open_report,
      exists (select 1 from payments p where p.booking_id = b.id and p.status = 'disputed') as disputed
    from bookings b indexed by bookings_cleaner_time_idx
    cross join ledger_entries e on e.booking_id = b.id
    cross join ledger_lines l on l.entry_id = e.id
    join services s on s.id = b.service_id
    where b.cleaner_id = ${cleaner.cleanerId}
    group by b.id
    order by b.starts_at desc`);
  const [zone] = await deps.database.db.all<{ time_zone: string }>(
    sql`select time_zone from cleaners where id = ${cleaner.cleanerId}`,
  );
  const enabled = account.status === 'enabled';
  const totals = { upcoming: 0, pending: 0, available: 0, paidOut: 0 };
  const jobs: EarningJob[] = [];
  let nextPayoutAt: Date | null = null;
  for (const row of rows) {
    const { state, availableAt } = stateOf(row, now, enabled);
    const owed = Math.max(0, row.yours - row.paid_out);
    totals.paidOut += row.paid_out;
    if (state === 'upcoming') totals.upcoming += owed;
    if (state === 'pending') totals.pending += owed;
    if (state === 'available') totals.available += owed;
    if (enabled && (state === 'available' || (state === 'pending' && availableAt))) {
      // The payout job's next run at or after the moment it is due.
      const due = new Date(
        Math.ceil(Math.max(now.getTime(), availableAt?.getTime() ?? 0) / JOB_EVERY_MS) * JOB_EVERY_MS,
      );
      if (!nextPayoutAt || due < nextPayoutAt) nextPayoutAt = due;
    }
    if (jobs.length < LISTED) {
      const kept = row.charged - row.refunded;
      jobs.push({
        bookingId: row.id,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
        timeZone: row.time_zone,
        service: row.service,
        status: row.status,
        chargedCents: row.charged,
        refundedCents: row.refunded,
        feeCents: kept - row.yours,
        yoursCents: row.yours,
        paidOutCents: row.paid_out,
        state,
        availableAt,
      });
    }
  }
  return {
    totals,
    platformFeeBps: deps.config.platformFeeBps,
    nextPayoutAt,
    timeZone: zone?.time_zone ?? 'UTC',
    whenPaid: WHEN_PAID,
    account,
    jobs,
  };
}
