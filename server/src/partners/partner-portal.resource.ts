import { centsToDollars } from '@spotless/sdk/rules';
import {
  type PartnerBookingPage,
  PartnerInviteInput,
  PartnerOriginsInput,
  type PartnerPortal,
  type PartnerPortalList,
  type PartnerStatement,
  type PartnerStatementList,
  RotateKeyInput,
} from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, pageLinksTo } from '../contract/hypermedia';
import type { CommissionRow, PartnerBookingRow, StatementLine } from './partner-portal.queries';
import type { portalOverview } from './partner-portal.service';

type Overview = Awaited<ReturnType<typeof portalOverview>>;

export function renderPortalList(ops: Operations, partners: Array<{ id: number; name: string }>): PartnerPortalList {
  return {
    items: partners.map((p) => ({ ...p, links: { self: linkTo(ops, 'getPartnerPortal', { id: p.id }) } })),
    links: { self: linkTo(ops, 'listMyPartners') },
  };
}

export function renderPortal(
  ops: Operations,
  overview: Overview,
  invites: Array<{ email: string; expiresAt: Date }>,
  previewKey: string,
): PartnerPortal {
  const { partner } = overview;
  const params = { id: partner.id };
  return {
    ...partner,
    previewKey,
    previousKeyExpiresAt: partner.previousKeyExpiresAt?.toISOString() ?? null,
    members: overview.members.map((m) => ({
      name: [m.firstName, m.lastName].filter(Boolean).join(' '),
      email: m.email,
    })),
    invites: invites.map((i) => ({ email: i.email, expiresAt: i.expiresAt.toISOString() })),
    links: {
      self: linkTo(ops, 'getPartnerPortal', params),
      bookings: linkTo(ops, 'listPartnerBookings', params),
      statements: linkTo(ops, 'listPartnerStatements', params),
      webhooks: linkTo(ops, 'listPartnerWebhooks', params),
      deliveries: linkTo(ops, 'listPartnerWebhookDeliveries', params),
      payoutAccount: linkTo(ops, 'getPartnerPayoutAccount', params),
    },
    actions: {
      updateOrigins: actionTo(ops, 'updateOrigins', 'updatePartnerOrigins', {
        title: 'Save origins',
        params,
        body: PartnerOriginsInput,
        values: { allowedOrigins: partner.allowedOrigins },
      }) as PartnerPortal['actions']['updateOrigins'],
      rotateKey: actionTo(ops, 'rotateKey', 'rotatePartnerKey', {
        title: 'Rotate key',
        description: 'A new key; the old one keeps working for the hours you choose (up to a week).',
        params,
        body: RotateKeyInput,
        values: { graceHours: 24 },
      }) as PartnerPortal['actions']['rotateKey'],
      invite: actionTo(ops, 'invite', 'invitePartnerMember', {
        title: 'Invite a colleague',
        params,
        body: PartnerInviteInput,
      }) as PartnerPortal['actions']['invite'],
    },
  };
}

function renderBooking(ops: Operations, partnerId: number, row: PartnerBookingRow) {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    city: row.city,
    service: row.service,
    amount: centsToDollars(row.totalCents),
    status: row.status,
    paymentStatus: row.paymentStatus,
    commission: centsToDollars(row.commissionCents),
    links: { self: linkTo(ops, 'getPartnerBooking', { id: partnerId, bookingId: row.id }) },
  };
}

export { renderBooking as renderPartnerBooking };

export function renderPartnerBookingPage(
  ops: Operations,
  partnerId: number,
  page: { rows: PartnerBookingRow[]; total: number; page: number; pageSize: number },
): PartnerBookingPage {
  return {
    items: page.rows.map((row) => renderBooking(ops, partnerId, row)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    links: pageLinksTo(ops, 'listPartnerBookings', { id: partnerId }, { pageSize: page.pageSize }, page),
  };
}

export function renderStatementList(ops: Operations, partnerId: number, rows: CommissionRow[]): PartnerStatementList {
  return {
    months: rows.map((row) => ({
      month: row.month,
      accrued: centsToDollars(row.accruedCents),
      paid: centsToDollars(row.paidCents),
      payable: centsToDollars(row.accruedCents - row.paidCents),
      links: { self: linkTo(ops, 'getPartnerStatement', { id: partnerId, month: row.month }) },
    })),
    links: {
      self: linkTo(ops, 'listPartnerStatements', { id: partnerId }),
      portal: linkTo(ops, 'getPartnerPortal', { id: partnerId }),
    },
  };
}

export function renderStatement(
  ops: Operations,
  partnerId: number,
  statement: { month: string; accruedCents: number; paidCents: number; lines: StatementLine[] },
): PartnerStatement {
  return {
    month: statement.month,
    accrued: centsToDollars(statement.accruedCents),
    paid: centsToDollars(statement.paidCents),
    payable: centsToDollars(statement.accruedCents - statement.paidCents),
    lines: statement.lines.map((line) => ({
      at: line.at.toISOString(),
      bookingId: line.bookingId,
      kind: line.kind,
      amount: centsToDollars(line.cents),
    })),
    links: {
      self: linkTo(ops, 'getPartnerStatement', { id: partnerId, month: statement.month }),
      statements: linkTo(ops, 'listPartnerStatements', { id: partnerId }),
    },
  };
}
