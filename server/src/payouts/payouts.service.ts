import { centsToDollars, DAMAGE_REPORT_HOURS } from '@spotless/sdk/rules';
import { and, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, requireAdmin, requireSystem } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import { bookings, damageReports, ledgerEntries, ledgerLines, payments, payoutAccounts, payouts } from '../db/schema';
import type { Deps } from '../deps';
import { postEntries } from '../ledger/ledger.service';
import { PaymentProviderError } from '../lib/payment-provider';
import { queuePartnerEvent } from '../partners/partner-webhooks.service';
import { type PayoutRow, withRecipients } from './payouts.queries';

/**
 * Money leaving the platform (decision 080): connected accounts, and the payout job that moves
 * each booking's shares to them once they are due — the cleaner's when the job is completed and the
 * damage window has passed without an open report, the partner's commission at the same moment —
 * and takes back what a later refund took from a share already paid out.
 */

type PayoutDeps = Pick<Deps, 'database' | 'clock' | 'payments'> & Partial<Pick<Deps, 'logger'>>;
type Share = (typeof payouts.$inferSelect)['kind'];
type OwnerKind = (typeof payoutAccounts.$inferSelect)['ownerKind'];

/** A transfer claimed but not answered for this long (a crash between the claim and the answer) is asked again. */
const STALE_PENDING_MINUTES = 10;
/** Transfers per run; the next run takes the rest. */
const BATCH = 50;
const HOUR_MS = 3_600_000;

const SHARES: ReadonlyArray<{ kind: Share; owner: OwnerKind; ledgerKind: 'transfer' | 'payout' }> = [
  { kind: 'cleaner_share', owner: 'cleaner', ledgerKind: 'transfer' },
  { kind: 'partner_commission', owner: 'partner', ledgerKind: 'payout' },
];

// ─── When a share is due ────────────────────────────────────────────────────

/** Why a booking's share is not paid out yet, or null when it is due now (the one rule the screens show too). */
export function payoutHold(
  booking: { status: string; endsAt: Date },
  facts: { now: Date; openReport: boolean; accountEnabled: boolean; owedCents: number; disputed?: boolean },
): 'not_completed' | 'damage_window' | 'damage_report' | 'disputed' | 'no_account' | 'nothing_owed' | null {
  // A charge the card holder's bank is disputing may be taken back: nothing of it leaves until it is settled.
  if (facts.disputed && facts.owedCents > 0 && ['completed', 'cancelled'].includes(booking.status)) return 'disputed';
  // A late cancellation's fee is the cleaner's once the booked time has passed (no work, no damage).
  if (booking.status === 'cancelled') {
    if (facts.owedCents <= 0) return 'nothing_owed';
    if (facts.now.getTime() < booking.endsAt.getTime()) return 'not_completed';
    return facts.accountEnabled ? null : 'no_account';
  }
  if (booking.status !== 'completed') return 'not_completed';
  if (facts.owedCents <= 0) return 'nothing_owed';
  if (facts.openReport) return 'damage_report';
  if (facts.now.getTime() < booking.endsAt.getTime() + DAMAGE_REPORT_HOURS * HOUR_MS) return 'damage_window';
  if (!facts.accountEnabled) return 'no_account';
  return null;
}

/** What the ledger says the platform owes `owner` for one booking (credits less debits on their account). */
function owedSql(owner: OwnerKind) {
  return sql<number>`coalesce((select sum(${ledgerLines.creditCents} - ${ledgerLines.debitCents}) from ${ledgerLines} join ${ledgerEntries} on ${ledgerEntries.id} = ${ledgerLines.entryId} where ${ledgerEntries.bookingId} = ${bookings.id} and ${ledgerLines.account} = ${owner}), 0)`;
}

/** The owner of a share on a booking: its cleaner, or the partner that brought it. */
function ownerIdSql(owner: OwnerKind) {
  return owner === 'cleaner' ? bookings.cleanerId : bookings.partnerId;
}

/**
 * Bookings whose share is due now and not claimed: completed, past the damage window, no open
 * report — or cancelled with a fee kept, past its booked time — an enabled account, something owed
 * (the same conditions as `payoutHold`, in SQL).
 */
async function dueShares(deps: PayoutDeps, share: (typeof SHARES)[number], now: Date) {
  const ownerId = ownerIdSql(share.owner);
  const owed = owedSql(share.owner);
  return deps.database.db
    .select({
      bookingId: bookings.id,
      ownerId: sql<number>`${ownerId}`,
      owedCents: owed,
      accountId: payoutAccounts.id,
      destination: payoutAccounts.providerAccountId,
    })
    .from(bookings)
    .innerJoin(
      payoutAccounts,
      and(
        eq(payoutAccounts.ownerKind, share.owner),
        sql`${payoutAccounts.ownerId} = ${ownerId}`,
        eq(payoutAccounts.provider, deps.payments.name),
        eq(payoutAccounts.payoutsEnabled, true),
      ),
    )
    .where(
      and(
        or(
          and(
            eq(bookings.status, 'completed'),
            lte(bookings.endsAt, new Date(now.getTime() - DAMAGE_REPORT_HOURS * HOUR_MS)),
            sql`not exists (select 1 from ${damageReports} where ${damageReports.bookingId} = ${bookings.id} and ${damageReports.status} = 'open')`,
          ),
          and(eq(bookings.status, 'cancelled'), lte(bookings.endsAt, now)),
        ),
        sql`not exists (select 1 from ${payouts} where ${payouts.bookingId} = ${bookings.id} and ${payouts.kind} = ${share.kind})`,
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'disputed')`,
        sql`${owed} > 0`,
      ),
    )
    .orderBy(bookings.endsAt)
    .limit(BATCH);
}

// ─── The payout job ─────────────────────────────────────────────────────────

export interface PayoutRun {
  transferred: number;
  failed: number;
  reversed: number;
  providerUnavailable: boolean;
}

/**
 * The payout job: claims each due share with a row unique per booking and share (so two runs at
 * once never pay one twice), then asks the provider for the transfer with that row's idempotency
 * key (so a crash after asking, answered by the next run, still moves the money once), and posts the
 * transfer to the ledger. Then it reverses what refunds took back from shares already paid.
 */
export async function runPayouts(deps: PayoutDeps, actor: Actor): Promise<PayoutRun> {
  requireSystem(actor);
  const run: PayoutRun = { transferred: 0, failed: 0, reversed: 0, providerUnavailable: false };
  const now = deps.clock.now();
  for (const share of SHARES) {
    for (const due of await dueShares(deps, share, now)) {
      const claimed = await deps.database.write((tx) =>
        tx
          .insert(payouts)
          .values({
            bookingId: due.bookingId,
            kind: share.kind,
            ownerKind: share.owner,
            ownerId: Number(due.ownerId),
            payoutAccountId: due.accountId,
            provider: deps.payments.name,
            amountCents: Number(due.owedCents),
            // Stored with the claim, so every retry sends the same key; random, so no other
            // installation on the same Stripe account (or a reset database) can be replayed its transfer.
            idempotencyKey: `payout-${due.bookingId}-${share.kind}-${crypto.randomUUID()}`,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning(),
      );
      const row = claimed[0];
      if (!row) continue;
      const outcome = await transfer(deps, row, due.destination);
      if (outcome === 'paid') run.transferred += 1;
      else run.failed += 1;
      if (outcome === 'unavailable') return { ...run, providerUnavailable: true };
    }
  }
  // Claimed but never answered (the process stopped in between): asked again with the same key.
  const stale = await deps.database.db
    .select({ payout: payouts, destination: payoutAccounts.providerAccountId })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, payouts.payoutAccountId))
    .where(
      and(
        eq(payouts.status, 'pending'),
        eq(payouts.provider, deps.payments.name),
        lt(payouts.updatedAt, new Date(now.getTime() - STALE_PENDING_MINUTES * 60_000)),
      ),
    )
    .limit(BATCH);
  for (const { payout, destination } of stale) {
    const outcome = await transfer(deps, payout, destination);
    if (outcome === 'paid') run.transferred += 1;
    if (outcome === 'unavailable') return { ...run, providerUnavailable: true };
  }
  run.reversed = await reverseRefunded(deps);
  return run;
}

/** Asks the provider for one claimed transfer and records the answer. */
async function transfer(
  deps: PayoutDeps,
  row: typeof payouts.$inferSelect,
  destination: string,
): Promise<'paid' | 'failed' | 'unavailable'> {
  try {
    const made = await deps.payments.createTransfer({
      amountCents: row.amountCents,
      currency: row.currency,
      destination,
      transferGroup: `booking_${row.bookingId}`,
      idempotencyKey: row.idempotencyKey,
      description: `Spotless booking #${row.bookingId}: ${row.kind === 'cleaner_share' ? "cleaner's share" : 'partner commission'}`,
    });
    const now = deps.clock.now();
    await deps.database.write(async (tx) => {
      await tx
        .update(payouts)
        .set({
          status: 'paid',
          providerTransferId: made.providerTransferId,
          failureReason: null,
          attempts: row.attempts + 1,
          paidAt: now,
          updatedAt: now,
        })
        .where(eq(payouts.id, row.id));
      const account = row.ownerKind;
      await postEntries(
        tx,
        [
          {
            key: `${row.kind === 'cleaner_share' ? 'transfer' : 'payout'}:${row.id}`,
            kind: row.kind === 'cleaner_share' ? 'transfer' : 'payout',
            bookingId: row.bookingId,
            payoutId: row.id,
            memo: `to ${destination}`,
            lines: [
              { account, partyId: row.ownerId, debitCents: row.amountCents },
              { account: 'provider_balance', creditCents: row.amountCents },
            ],
          },
        ],
        now,
      );
      // The partner's own systems hear of it (decision 079), with the transfer's figures only.
      if (row.kind === 'partner_commission') {
        await queuePartnerEvent(tx, {
          partnerId: row.ownerId,
          type: 'commission.paid',
          data: { bookingId: row.bookingId, amount: centsToDollars(row.amountCents), currency: row.currency },
          now,
        });
      }
    });
    return 'paid';
  } catch (error) {
    const unavailable = error instanceof PaymentProviderError && error.code === 'provider_unavailable';
    const reason = error instanceof Error ? error.message : String(error);
    deps.logger?.warn('payout transfer failed', { payoutId: row.id, error: reason });
    // Unavailable: stays pending and is asked again with its key; refused: failed, for an administrator.
    const now = deps.clock.now();
    await deps.database.write((tx) =>
      tx
        .update(payouts)
        .set({
          ...(unavailable ? {} : { status: 'failed' as const }),
          failureReason: reason.slice(0, 500),
          attempts: row.attempts + 1,
          updatedAt: now,
        })
        .where(eq(payouts.id, row.id)),
    );
    return unavailable ? 'unavailable' : 'failed';
  }
}

/**
 * Paid shares a later refund took money back from (the owner's balance on the booking is below
 * zero): reversed by that much at the provider, once per amount (the key names the total reversed
 * after it), and posted.
 */
async function reverseRefunded(deps: PayoutDeps): Promise<number> {
  let reversed = 0;
  for (const share of SHARES) {
    const owed = owedSql(share.owner);
    const rows = await deps.database.db
      .select({ payout: payouts, owedCents: owed })
      .from(payouts)
      .innerJoin(bookings, eq(bookings.id, payouts.bookingId))
      .where(
        and(
          eq(payouts.kind, share.kind),
          eq(payouts.status, 'paid'),
          eq(payouts.provider, deps.payments.name),
          sql`${payouts.reversedCents} < ${payouts.amountCents}`,
          sql`${owed} < 0`,
        ),
      )
      .limit(BATCH);
    for (const { payout, owedCents } of rows) {
      const amount = Math.min(-Number(owedCents), payout.amountCents - payout.reversedCents);
      if (amount <= 0 || !payout.providerTransferId) continue;
      const after = payout.reversedCents + amount;
      try {
        await deps.payments.reverseTransfer({
          providerTransferId: payout.providerTransferId,
          amountCents: amount,
          idempotencyKey: `${payout.idempotencyKey}-reversal-${after}`,
        });
      } catch (error) {
        deps.logger?.warn('payout reversal failed', {
          payoutId: payout.id,
          error: error instanceof Error ? error.message : String(error),
        });
        continue;
      }
      const now = deps.clock.now();
      await deps.database.write(async (tx) => {
        await tx
          .update(payouts)
          .set({ reversedCents: after, updatedAt: now })
          .where(and(eq(payouts.id, payout.id), eq(payouts.reversedCents, payout.reversedCents)));
        await postEntries(
          tx,
          [
            {
              key: `reversal:${payout.id}:${after}`,
              kind: 'reversal',
              bookingId: payout.bookingId,
              payoutId: payout.id,
              memo: 'refunded after it was paid out',
              lines: [
                { account: 'provider_balance', debitCents: amount },
                { account: share.owner, partyId: payout.ownerId, creditCents: amount },
              ],
            },
          ],
          now,
        );
      });
      reversed += 1;
    }
  }
  return reversed;
}

/** An administrator asks again for a transfer that failed (same key: the provider makes it once). */
export async function retryPayout(deps: PayoutDeps, actor: Actor, id: number) {
  const admin = requireAdmin(actor);
  const found = await deps.database.db
    .select({ payout: payouts, destination: payoutAccounts.providerAccountId, enabled: payoutAccounts.payoutsEnabled })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, payouts.payoutAccountId))
    .where(eq(payouts.id, id))
    .get();
  if (!found) throw notFound('Payout');
  if (found.payout.status !== 'failed')
    throw new AppError(409, 'not_failed', 'Only a failed payout can be retried', {
      id: `It is ${found.payout.status}`,
    });
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    await tx.update(payouts).set({ status: 'pending', updatedAt: now }).where(eq(payouts.id, id));
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: admin.adminUserId,
      actorRole: 'admin',
      action: 'payout.retried',
      entityType: 'payout',
      entityId: String(id),
      details: { amountCents: found.payout.amountCents },
    });
  });
  await transfer(deps, { ...found.payout, status: 'pending' }, found.destination);
  return getPayout(deps, actor, id);
}

/** One transfer, with whom it went to: administrators only. */
export async function getPayout(deps: Pick<Deps, 'database'>, actor: Actor, id: number) {
  requireAdmin(actor);
  const row = await deps.database.db.select().from(payouts).where(eq(payouts.id, id)).get();
  if (!row) throw notFound('Payout');
  const [named] = await withRecipients(deps, [row]);
  return named as PayoutRow & { recipient: string };
}

/** The latest transfers, newest first, with whom each went to: administrators only. */
export async function listPayouts(deps: Pick<Deps, 'database'>, actor: Actor) {
  requireAdmin(actor);
  return withRecipients(deps, await deps.database.db.select().from(payouts).orderBy(desc(payouts.id)).limit(200));
}
