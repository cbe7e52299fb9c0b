import { refundSplit, type Split, splitCharge } from '@spotless/sdk/rules';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { CHARGED_STATUSES } from '../bookings/booking-actions';
import type { Database, Queryable, Tx } from '../db/client';
import { bookings, type LEDGER_ACCOUNTS, type LEDGER_KINDS, ledgerEntries, ledgerLines, payments } from '../db/schema';

/**
 * The double-entry ledger (decision 080): every money movement is an entry whose lines debit and
 * credit accounts by the same total. Entries are append-only and keyed, so posting one twice (a
 * webhook redelivered, a job run twice) adds nothing. Accounts, from the platform's side:
 * - `provider_balance`: the money held at the payment provider (an asset: debit = in);
 * - `cleaner`, `partner` (with their id): what the platform owes them (credit = owed);
 * - `platform`: what the platform keeps (credit = earned).
 *
 * A charge credits the cleaner with all of it; the platform fee moves the fee from the cleaner to
 * the platform; the partner's commission moves it from the platform to the partner; a refund takes
 * each share back in proportion (`refundSplit`); a transfer (cleaner) or payout (partner) pays
 * what is owed out of the balance, and a reversal brings it back.
 */

type Kind = (typeof LEDGER_KINDS)[number];
type Account = (typeof LEDGER_ACCOUNTS)[number];

export interface Line {
  account: Account;
  partyId?: number | null;
  debitCents?: number;
  creditCents?: number;
}

export interface Entry {
  key: string;
  kind: Kind;
  bookingId: number | null;
  paymentId?: number | null;
  payoutId?: number | null;
  memo?: string;
  lines: Line[];
}

/** Whether an entry balances: every line one-sided and non-negative, debits equal to credits. */
export function balanced(lines: readonly Line[]): boolean {
  let debits = 0;
  let credits = 0;
  for (const line of lines) {
    const d = line.debitCents ?? 0;
    const c = line.creditCents ?? 0;
    if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0) return false;
    debits += d;
    credits += c;
  }
  return debits === credits;
}

/** Entries per insert statement: well inside SQLite's bound on a statement's parameters. */
const POST_CHUNK = 250;

/**
 * Posts entries in the caller's transaction; an entry whose key is already posted is skipped
 * whole. Lines of zero are left out; an entry with nothing left is not posted.
 */
export async function postEntries(tx: Tx, entries: readonly Entry[], now: Date): Promise<number> {
  const kept = entries.flatMap((entry) => {
    const lines = entry.lines.filter((l) => (l.debitCents ?? 0) !== 0 || (l.creditCents ?? 0) !== 0);
    if (lines.length === 0) return [];
    if (!balanced(lines)) throw new Error(`ledger entry ${entry.key} does not balance`);
    return [{ entry, lines }];
  });
  let posted = 0;
  // A statement for the entries and one for their lines, per chunk (a migration posts thousands).
  for (let i = 0; i < kept.length; i += POST_CHUNK) {
    const chunk = kept.slice(i, i + POST_CHUNK);
    const rows = await tx
      .insert(ledgerEntries)
      .values(
        chunk.map(({ entry, lines }) => ({
          key: entry.key,
          kind: entry.kind,
          bookingId: entry.bookingId,
          paymentId: entry.paymentId ?? null,
          payoutId: entry.payoutId ?? null,
          amountCents: lines.reduce((sum, l) => sum + (l.debitCents ?? 0), 0),
          memo: entry.memo ?? '',
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: ledgerEntries.id, key: ledgerEntries.key });
    if (rows.length === 0) continue;
    const idOf = new Map(rows.map((row) => [row.key, row.id]));
    await tx.insert(ledgerLines).values(
      chunk.flatMap(({ entry, lines }) => {
        const entryId = idOf.get(entry.key);
        return entryId === undefined
          ? []
          : lines.map((l) => ({
              entryId,
              account: l.account,
              partyId: l.partyId ?? null,
              debitCents: l.debitCents ?? 0,
              creditCents: l.creditCents ?? 0,
            }));
      }),
    );
    posted += rows.length;
  }
  return posted;
}

/** What the split of a booking's charge needs from the booking: its parties and the rates it recorded. */
export interface ChargeParties {
  bookingId: number;
  cleanerId: number;
  partnerId: number | null;
  partnerCommissionBps: number | null;
  platformFeeBps: number;
}

/**
 * The split of a booking's charge by the rates it recorded. A booking made before commissions came
 * out of the fee may record a commission above it; it is held to the fee (decision 078).
 */
export function splitOf(parties: ChargeParties, amountCents: number): Split {
  const commission = parties.partnerId === null ? 0 : (parties.partnerCommissionBps ?? 0);
  return splitCharge(amountCents, {
    platformFeeBps: parties.platformFeeBps,
    partnerCommissionBps: Math.min(commission, parties.platformFeeBps),
  });
}

/** The entries a charged payment and what has been refunded of it (`refundedBefore` → `refundedNow`) make. */
export function chargeEntries(
  parties: ChargeParties,
  payment: { id: number; amountCents: number },
  refunded: { before: number; now: number } | null,
  postCharge: boolean,
): Entry[] {
  const split = splitOf(parties, payment.amountCents);
  const { bookingId, cleanerId, partnerId } = parties;
  const base = { bookingId, paymentId: payment.id };
  const entries: Entry[] = [];
  if (postCharge) {
    entries.push(
      {
        ...base,
        key: `charge:${payment.id}`,
        kind: 'charge',
        memo: 'card payment',
        lines: [
          { account: 'provider_balance', debitCents: split.amountCents },
          { account: 'cleaner', partyId: cleanerId, creditCents: split.amountCents },
        ],
      },
      {
        ...base,
        key: `fee:${payment.id}`,
        kind: 'platform_fee',
        memo: `platform fee ${parties.platformFeeBps / 100}%`,
        lines: [
          { account: 'cleaner', partyId: cleanerId, debitCents: split.platformFeeCents },
          { account: 'platform', creditCents: split.platformFeeCents },
        ],
      },
      {
        ...base,
        key: `commission:${payment.id}`,
        kind: 'partner_commission',
        memo: 'partner commission out of the platform fee',
        lines: [
          { account: 'platform', debitCents: split.partnerCommissionCents },
          { account: 'partner', partyId: partnerId, creditCents: split.partnerCommissionCents },
        ],
      },
    );
  }
  if (refunded && refunded.now > refunded.before) {
    const back = refundSplit(split, refunded.before, refunded.now - refunded.before);
    entries.push({
      ...base,
      key: `refund:${payment.id}:${refunded.now}`,
      kind: 'refund',
      memo: 'refund to the card',
      lines: [
        { account: 'cleaner', partyId: cleanerId, debitCents: back.cleanerCents },
        { account: 'partner', partyId: partnerId, debitCents: back.partnerCommissionCents },
        { account: 'platform', debitCents: back.platformNetCents },
        { account: 'provider_balance', creditCents: back.refundCents },
      ],
    });
  }
  return entries;
}

const partiesColumns = {
  bookingId: bookings.id,
  cleanerId: bookings.cleanerId,
  partnerId: bookings.partnerId,
  partnerCommissionBps: bookings.partnerCommissionBps,
  platformFeeBps: bookings.platformFeeBps,
};

/** What the ledger holds as refunded of each payment (the provider balance's credits in its refunds). */
async function ledgerRefunded(
  db: Queryable,
  paymentIds: number[],
): Promise<Map<number, { charged: boolean; refunded: number }>> {
  const rows =
    paymentIds.length === 0
      ? []
      : await db
          .select({
            paymentId: ledgerEntries.paymentId,
            charged: sql<number>`max(case when ${ledgerEntries.kind} = 'charge' then 1 else 0 end)`,
            refunded: sql<number>`coalesce(sum(case when ${ledgerEntries.kind} = 'refund' then ${ledgerEntries.amountCents} end), 0)`,
          })
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.paymentId, paymentIds))
          .groupBy(ledgerEntries.paymentId);
  return new Map(
    rows.map((r) => [Number(r.paymentId), { charged: Number(r.charged) === 1, refunded: Number(r.refunded) }]),
  );
}

/**
 * Brings the ledger up to a payment's state in the caller's transaction: its charge, fee and
 * commission once it is charged, and a refund entry for whatever the provider has refunded
 * (`refundedCents`, confirmed refunds only) beyond what the ledger holds. Called by the payment
 * records each time a payment is recomputed, so the order events arrive in does not matter.
 */
export async function syncPaymentLedger(
  tx: Tx,
  payment: { id: number; bookingId: number; amountCents: number; status: string },
  refundedCents: number,
  now: Date,
): Promise<void> {
  if (!CHARGED_STATUSES.has(payment.status)) return;
  const parties = await tx.select(partiesColumns).from(bookings).where(eq(bookings.id, payment.bookingId)).get();
  if (!parties) return;
  const held = (await ledgerRefunded(tx, [payment.id])).get(payment.id);
  const refunded = Math.min(refundedCents, payment.amountCents);
  await postEntries(
    tx,
    chargeEntries(parties, payment, { before: held?.refunded ?? 0, now: refunded }, !held?.charged),
    now,
  );
}

/** Charged payments per batch when the ledger catches up with payments made before it. */
const BACKFILL_BATCH = 1000;

/**
 * Gives every charged payment the ledger does not hold yet its entries: the migration that brought
 * the ledger runs it for bookings made before it (and the demo data after loading). Refunds count
 * as confirmed: the payment's refunded total less refunds still pending, or the refunds that
 * succeeded if they say more. Idempotent: a second run
 * finds nothing to do.
 */
export async function backfillLedger(database: Database, now: Date): Promise<number> {
  let posted = 0;
  // Each batch reads on from the last payment the one before read (by id): from the start each
  // time, every batch would walk again past every payment already posted.
  let after = 0;
  for (;;) {
    const rows = await database.db
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        pendingRefunds: sql<number>`(select coalesce(sum(amount_cents), 0) from refunds where refunds.payment_id = ${payments.id} and refunds.status = 'pending')`,
        succeededRefunds: sql<number>`(select coalesce(sum(amount_cents), 0) from refunds where refunds.payment_id = ${payments.id} and refunds.status = 'succeeded')`,
        ...partiesColumns,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(
        and(
          gt(payments.id, after),
          inArray(payments.status, [...CHARGED_STATUSES] as Array<'succeeded' | 'refunded' | 'disputed'>),
          sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.key} = 'charge:' || ${payments.id})`,
        ),
      )
      .orderBy(payments.id)
      .limit(BACKFILL_BATCH);
    if (rows.length === 0) return posted;
    after = rows[rows.length - 1]?.id ?? after;
    const entries = rows.flatMap((row) =>
      chargeEntries(
        row,
        row,
        {
          before: 0,
          now: Math.min(
            row.amountCents,
            Math.max(0, row.refundedCents - Number(row.pendingRefunds), Number(row.succeededRefunds)),
          ),
        },
        true,
      ),
    );
    posted += await database.write((tx) => postEntries(tx, entries, now));
  }
}
