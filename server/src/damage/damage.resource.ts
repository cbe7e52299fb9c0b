import { centsToDollars } from '@spotless/sdk/rules';
import { type DamageReport, type DamageReportList, DamageResolveInput } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations } from '../contract/hypermedia';
import type { DamageReportRow } from './damage.service';

export function renderDamageReport(ops: Operations, row: DamageReportRow, admin: boolean): DamageReport {
  return {
    id: row.id,
    bookingId: row.bookingId,
    description: row.description,
    status: row.status,
    resolutionReason: row.resolutionReason,
    refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    links: {
      self: linkTo(ops, 'getDamageReport', { id: row.id }),
      booking: linkTo(ops, 'getBooking', { id: row.bookingId }),
    },
    actions:
      admin && row.status === 'open'
        ? {
            resolve: actionTo(ops, 'resolve', 'resolveDamageReport', {
              title: 'Resolve',
              params: { id: row.id },
              body: DamageResolveInput,
              choices: { outcome: ['release', 'partial_refund', 'full_refund'] },
            }) as DamageReport['actions']['resolve'],
          }
        : {},
  };
}

export function renderDamageReportList(ops: Operations, rows: DamageReportRow[]): DamageReportList {
  return {
    items: rows.map((row) => renderDamageReport(ops, row, true)),
    total: rows.length,
    links: { self: linkTo(ops, 'listDamageReports') },
  };
}
