import { centsToDollars } from '@spotless/sdk/rules';
import type { Payout, PayoutAccount, PayoutList } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations } from '../contract/hypermedia';
import type { payouts } from '../db/schema';
import type { PayoutAccountState } from './payout-accounts.service';

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

export function renderPayout(ops: Operations, row: typeof payouts.$inferSelect): Payout {
  return {
    id: row.id,
    bookingId: row.bookingId,
    kind: row.kind,
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

export function renderPayoutList(ops: Operations, rows: Array<typeof payouts.$inferSelect>): PayoutList {
  return {
    items: rows.map((row) => renderPayout(ops, row)),
    total: rows.length,
    links: { self: linkTo(ops, 'listPayouts') },
  };
}
