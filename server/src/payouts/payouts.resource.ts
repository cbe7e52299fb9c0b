import { centsToDollars } from '@spotless/sdk/rules';
import type {
  CleanerEarnings,
  CleanerPayoutList,
  LedgerReport,
  PartnerCommissionReport,
  PartnerPayoutAccount,
  Payout,
  PayoutAccount,
  PayoutList,
} from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, withFragment } from '../contract/hypermedia';
import type { payouts } from '../db/schema';
import type { CommissionRow } from '../ledger/commission.service';
import type { LedgerReport as LedgerReportData } from '../ledger/ledger-reconcile.service';
import type { EarningsData } from './earnings.service';
import type { PayoutAccountState } from './payout-accounts.service';
import type { CleanerPayoutRow } from './payout-history.service';

export function renderPayoutAccount(
  ops: Operations,
  account: { status: PayoutAccountState; requirement: string | null },
): PayoutAccount {
  return {
    ...account,
    links: { self: linkTo(ops, 'getPayoutAccount') },
    actions:
      account.status === 'enabled'
        ? {}
        : {
            connect: actionTo(ops, 'connect', 'connectPayoutAccount', {
              title: account.status === 'not_connected' ? 'Connect a payout account' : 'Continue setting up payouts',
            }) as PayoutAccount['actions']['connect'],
          },
  };
}

export function renderPayout(ops: Operations, row: typeof payouts.$inferSelect & { recipient: string }): Payout {
  return {
    id: row.id,
    bookingId: row.bookingId,
    kind: row.kind,
    recipient: row.recipient,
    amount: centsToDollars(row.amountCents),
    reversed: centsToDollars(row.reversedCents),
    status: row.status,
    failureReason: row.failureReason,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    links: {
      self: linkTo(ops, 'getPayout', { id: row.id }),
      booking: linkTo(ops, 'getBooking', { id: row.bookingId }),
    },
    actions:
      row.status === 'failed'
        ? {
            retry: actionTo(ops, 'retry', 'retryPayout', {
              title: 'Retry transfer',
              params: { id: row.id },
            }) as Payout['actions']['retry'],
          }
        : {},
  };
}

export function renderPayoutList(
  ops: Operations,
  rows: Array<typeof payouts.$inferSelect & { recipient: string }>,
): PayoutList {
  return {
    items: rows.map((row) => renderPayout(ops, row)),
    total: rows.length,
    links: { self: linkTo(ops, 'listPayouts') },
  };
}

export function renderLedgerReport(ops: Operations, report: LedgerReportData): LedgerReport {
  return {
    debits: centsToDollars(report.debitsCents),
    credits: centsToDollars(report.creditsCents),
    balanced: report.balanced,
    paymentsChecked: report.paymentsChecked,
    transfersChecked: report.transfersChecked,
    providerUnavailable: report.providerUnavailable,
    differences: report.differences.map((d) => ({
      kind: d.kind,
      bookingId: d.bookingId,
      ledger: centsToDollars(d.ledgerCents),
      provider: centsToDollars(d.providerCents),
      detail: d.detail,
    })),
    links: { self: linkTo(ops, 'getLedgerReport'), payouts: linkTo(ops, 'listPayouts') },
  };
}

export function renderCleanerEarnings(ops: Operations, data: EarningsData): CleanerEarnings {
  return {
    totals: {
      upcoming: centsToDollars(data.totals.upcoming),
      pending: centsToDollars(data.totals.pending),
      available: centsToDollars(data.totals.available),
      paidOut: centsToDollars(data.totals.paidOut),
    },
    platformFeePercent: data.platformFeeBps / 100,
    nextPayoutAt: data.nextPayoutAt?.toISOString() ?? null,
    timeZone: data.timeZone,
    whenPaid: data.whenPaid,
    account: renderPayoutAccount(ops, data.account),
    jobs: data.jobs.map((job) => ({
      bookingId: job.bookingId,
      startsAt: job.startsAt.toISOString(),
      timeZone: job.timeZone,
      service: job.service,
      status: job.status,
      charged: centsToDollars(job.chargedCents),
      refunded: centsToDollars(job.refundedCents),
      fee: centsToDollars(job.feeCents),
      yours: centsToDollars(job.yoursCents),
      paidOut: centsToDollars(job.paidOutCents),
      state: job.state,
      availableAt: job.availableAt?.toISOString() ?? null,
    })),
    links: {
      self: linkTo(ops, 'getCleanerEarnings'),
      payoutAccount: linkTo(ops, 'getPayoutAccount'),
      payouts: linkTo(ops, 'listCleanerPayouts'),
    },
  };
}

export function renderCleanerPayouts(ops: Operations, rows: CleanerPayoutRow[]): CleanerPayoutList {
  return {
    items: rows.map((row) => ({
      id: row.id,
      bookingId: row.bookingId,
      amount: centsToDollars(row.amountCents),
      reversed: centsToDollars(row.reversedCents),
      status: row.status,
      reference: row.reference,
      sentAt: row.sentAt?.toISOString() ?? null,
      arrivesBy: row.arrivesBy?.toISOString() ?? null,
      job: { service: row.job.service, startsAt: row.job.startsAt.toISOString(), timeZone: row.job.timeZone },
      links: {
        self: withFragment(linkTo(ops, 'listCleanerPayouts'), `payout-${row.id}`),
        booking: linkTo(ops, 'getBooking', { id: row.bookingId }),
      },
      actions: {},
    })),
    total: rows.length,
    links: { self: linkTo(ops, 'listCleanerPayouts'), earnings: linkTo(ops, 'getCleanerEarnings') },
  };
}

export function renderPartnerCommissions(ops: Operations, rows: CommissionRow[]): PartnerCommissionReport {
  return {
    months: rows.map((row) => ({
      partnerId: row.partnerId,
      partnerName: row.partnerName,
      month: row.month,
      accrued: centsToDollars(row.accruedCents),
      paid: centsToDollars(row.paidCents),
      payable: centsToDollars(row.accruedCents - row.paidCents),
    })),
    links: { self: linkTo(ops, 'listPartnerCommissions'), partners: linkTo(ops, 'listPartners') },
  };
}

export function renderPartnerPayoutAccount(
  ops: Operations,
  partnerId: number,
  account: { status: PayoutAccountState; requirement: string | null },
): PartnerPayoutAccount {
  const params = { id: partnerId };
  return {
    ...account,
    links: { self: linkTo(ops, 'getPartnerPayoutAccount', params) },
    actions:
      account.status === 'enabled'
        ? {}
        : {
            connect: actionTo(ops, 'connect', 'connectPartnerPayoutAccount', {
              title: account.status === 'not_connected' ? 'Connect a payout account' : 'Continue setting up payouts',
              params,
            }) as PartnerPayoutAccount['actions']['connect'],
          },
  };
}
