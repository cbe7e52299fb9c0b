import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, requireAdmin } from '../contract/actor';
import { ledgerEntries, ledgerLines, payments, payouts } from '../db/schema';
import type { Deps } from '../deps';
import { PaymentProviderError } from '../lib/payment-provider';

/**
 * The ledger against the provider (decision 080): the books must balance, per booking and in
 * total, and say what the provider says — each charged payment's amount and refunds, each
 * transfer's amount and reversals. Every difference is named for administrators (and logged by the
 * reconciliation job), newest money first.
 */

type ReconcileDeps = Pick<Deps, 'database' | 'payments'> & Partial<Pick<Deps, 'logger'>>;

/** Payments and transfers compared per report: the newest, where a difference is likeliest to matter. */
const CHECKED = 200;

export interface LedgerDifference {
  kind: 'unbalanced_booking' | 'charge' | 'refund' | 'transfer' | 'reversal' | 'missing_at_provider';
  bookingId: number | null;
  /** What the ledger holds and what the provider says, in cents. */
  ledgerCents: number;
  providerCents: number;
  detail: string;
}

export interface LedgerReport {
  debitsCents: number;
  creditsCents: number;
  balanced: boolean;
  paymentsChecked: number;
  transfersChecked: number;
  differences: LedgerDifference[];
  /** The provider did not answer: the comparison with it is incomplete. */
  providerUnavailable: boolean;
}

/** Sums of the ledger's entries of one kind per payment or payout, from the provider balance's side. */
async function balanceMoves(deps: ReconcileDeps, column: 'paymentId' | 'payoutId', ids: number[]) {
  if (ids.length === 0) return new Map<string, number>();
  const key = column === 'paymentId' ? ledgerEntries.paymentId : ledgerEntries.payoutId;
  const rows = await deps.database.db
    .select({
      id: key,
      kind: ledgerEntries.kind,
      cents: sql<number>`sum(${ledgerLines.debitCents} + ${ledgerLines.creditCents})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
    .where(and(inArray(key, ids), eq(ledgerLines.account, 'provider_balance')))
    .groupBy(key, ledgerEntries.kind);
  return new Map(rows.map((r) => [`${r.id}:${r.kind}`, Number(r.cents)]));
}

export async function ledgerReport(deps: ReconcileDeps, actor: Actor): Promise<LedgerReport> {
  requireAdmin(actor);
  return compareLedger(deps);
}

/** The comparison itself, for the administrators' report and the reconciliation job alike. */
export async function compareLedger(deps: ReconcileDeps): Promise<LedgerReport> {
  const { db } = deps.database;
  const differences: LedgerDifference[] = [];
  const totals = await db
    .select({
      debits: sql<number>`coalesce(sum(${ledgerLines.debitCents}), 0)`,
      credits: sql<number>`coalesce(sum(${ledgerLines.creditCents}), 0)`,
    })
    .from(ledgerLines)
    .get();
  const unbalanced = await db
    .select({
      bookingId: ledgerEntries.bookingId,
      debits: sql<number>`sum(${ledgerLines.debitCents})`,
      credits: sql<number>`sum(${ledgerLines.creditCents})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
    .groupBy(ledgerEntries.bookingId)
    .having(sql`sum(${ledgerLines.debitCents}) <> sum(${ledgerLines.creditCents})`)
    .limit(CHECKED);
  for (const row of unbalanced) {
    differences.push({
      kind: 'unbalanced_booking',
      bookingId: row.bookingId,
      ledgerCents: Number(row.debits),
      providerCents: Number(row.credits),
      detail: 'debits and credits differ',
    });
  }

  let providerUnavailable = false;
  const charged = await db
    .select()
    .from(payments)
    .where(
      and(inArray(payments.status, ['succeeded', 'refunded', 'disputed']), eq(payments.provider, deps.payments.name)),
    )
    .orderBy(desc(payments.id))
    .limit(CHECKED);
  const moves = await balanceMoves(
    deps,
    'paymentId',
    charged.map((p) => p.id),
  );
  let paymentsChecked = 0;
  for (const payment of charged) {
    let intent: Awaited<ReturnType<Deps['payments']['retrieve']>>;
    try {
      intent = await deps.payments.retrieve(payment.providerPaymentId);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'provider_unavailable') {
        providerUnavailable = true;
        break;
      }
      throw error;
    }
    paymentsChecked += 1;
    const charge = moves.get(`${payment.id}:charge`) ?? 0;
    const refunded = moves.get(`${payment.id}:refund`) ?? 0;
    if (!intent) {
      differences.push({
        kind: 'missing_at_provider',
        bookingId: payment.bookingId,
        ledgerCents: charge,
        providerCents: 0,
        detail: `payment ${payment.providerPaymentId}`,
      });
      continue;
    }
    if (charge !== intent.amountCents)
      differences.push({
        kind: 'charge',
        bookingId: payment.bookingId,
        ledgerCents: charge,
        providerCents: intent.amountCents,
        detail: `payment ${payment.providerPaymentId}`,
      });
    if (refunded !== intent.refundedCents)
      differences.push({
        kind: 'refund',
        bookingId: payment.bookingId,
        ledgerCents: refunded,
        providerCents: intent.refundedCents,
        detail: `payment ${payment.providerPaymentId}`,
      });
  }

  const paid = providerUnavailable
    ? []
    : await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.status, 'paid'), eq(payouts.provider, deps.payments.name)))
        .orderBy(desc(payouts.id))
        .limit(CHECKED);
  const transferMoves = await balanceMoves(
    deps,
    'payoutId',
    paid.map((p) => p.id),
  );
  let transfersChecked = 0;
  for (const payout of paid) {
    if (!payout.providerTransferId) continue;
    let transfer: Awaited<ReturnType<Deps['payments']['retrieveTransfer']>>;
    try {
      transfer = await deps.payments.retrieveTransfer(payout.providerTransferId);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'provider_unavailable') {
        providerUnavailable = true;
        break;
      }
      throw error;
    }
    transfersChecked += 1;
    const sent = transferMoves.get(`${payout.id}:${payout.kind === 'cleaner_share' ? 'transfer' : 'payout'}`) ?? 0;
    const back = transferMoves.get(`${payout.id}:reversal`) ?? 0;
    const detail = `transfer ${payout.providerTransferId}`;
    if (!transfer) {
      differences.push({
        kind: 'missing_at_provider',
        bookingId: payout.bookingId,
        ledgerCents: sent,
        providerCents: 0,
        detail,
      });
      continue;
    }
    if (sent !== transfer.amountCents)
      differences.push({
        kind: 'transfer',
        bookingId: payout.bookingId,
        ledgerCents: sent,
        providerCents: transfer.amountCents,
        detail,
      });
    if (back !== transfer.reversedCents)
      differences.push({
        kind: 'reversal',
        bookingId: payout.bookingId,
        ledgerCents: back,
        providerCents: transfer.reversedCents,
        detail,
      });
  }

  const debitsCents = Number(totals?.debits ?? 0);
  const creditsCents = Number(totals?.credits ?? 0);
  for (const difference of differences) deps.logger?.warn('ledger differs from the provider', { ...difference });
  return {
    debitsCents,
    creditsCents,
    balanced: debitsCents === creditsCents && unbalanced.length === 0,
    paymentsChecked,
    transfersChecked,
    differences,
    providerUnavailable,
  };
}
