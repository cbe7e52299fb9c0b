import { centsToDollars } from '@spotless/sdk/rules';
import {
  AcceptPartnerInviteInput,
  type PartnerBookingPage,
  PartnerInviteInput,
  type PartnerInvitePreview,
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

export function renderPortal(ops: Operations, overview: Overview, previewKey: string): PartnerPortal {
  const { partner } = overview;
  const params = { id: partner.id };
  type Member = PartnerPortal['members'][number];
  type Invite = PartnerPortal['invites'][number];
  return {
    ...partner,
    previewKey,
    previousKeyExpiresAt: partner.previousKeyExpiresAt?.toISOString() ?? null,
    members: overview.members.map((m) => ({
      id: m.id,
      name: [m.firstName, m.lastName].filter(Boolean).join(' '),
      email: m.email,
      isYou: m.isYou,
      actions: m.removable
        ? {
            remove: actionTo(ops, 'remove', 'removePartnerMember', {
              title: m.isYou ? 'Leave' : 'Remove',
              description: m.isYou
                ? 'You lose access to this portal; someone here can invite you again.'
                : 'They lose access to this portal; their account stays.',
              params: { id: partner.id, memberId: m.id },
            }) as NonNullable<Member['actions']['remove']>,
          }
        : {},
    })),
    invites: overview.invites.map((i) => {
      const inviteParams = { id: partner.id, inviteId: i.id };
      return {
        id: i.id,
        email: i.email,
        expiresAt: i.expiresAt.toISOString(),
        actions: {
          resend: actionTo(ops, 'resend', 'resendPartnerInvite', {
            title: 'Resend',
            description: 'A new link, good for 7 days; the one sent before stops working.',
            params: inviteParams,
          }) as Invite['actions']['resend'],
          revoke: actionTo(ops, 'revoke', 'revokePartnerInvite', {
            title: 'Revoke',
            description: 'The link sent stops working.',
            params: inviteParams,
          }) as Invite['actions']['revoke'],
        },
      };
    }),
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

export function renderInvitePreview(
  ops: Operations,
  preview: { partnerName: string; canAccept: boolean },
): PartnerInvitePreview {
  return {
    partnerName: preview.partnerName,
    actions: preview.canAccept
      ? {
          accept: actionTo(ops, 'accept', 'acceptPartnerInvite', {
            title: 'Accept invitation',
            body: AcceptPartnerInviteInput,
          }) as NonNullable<PartnerInvitePreview['actions']['accept']>,
        }
      : {},
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
      bookingAmount: line.bookingAmountCents === null ? null : centsToDollars(line.bookingAmountCents),
      service: line.service,
    })),
    links: {
      self: linkTo(ops, 'getPartnerStatement', { id: partnerId, month: statement.month }),
      statements: linkTo(ops, 'listPartnerStatements', { id: partnerId }),
    },
  };
}
