import { centsToDollars } from '@spotless/sdk/rules';
import { type DamageReport, type DamageReportList, DamageResolveInput } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations } from '../contract/hypermedia';
import type { DamageAnswer } from './damage.service';
import { MAX_DAMAGE_PHOTOS } from './damage-rules';

type Actions = DamageReport['actions'];

/**
 * A damage report as the API answers it (decision 033): its fields, its photos with the address of
 * each, its links, and the actions its viewer may take now — each listed by the same rule
 * (damage-rules.ts) the services refuse by.
 */
export function renderDamageReport(ops: Operations, answer: DamageAnswer): DamageReport {
  const { row, photos, allowed } = answer;
  const actions: Actions = {};
  if (allowed.has('resolve')) {
    actions.resolve = actionTo(ops, 'resolve', 'resolveDamageReport', {
      title: 'Resolve',
      params: { id: row.id },
      body: DamageResolveInput,
      choices: { outcome: ['release', 'partial_refund', 'full_refund'] },
    }) as Actions['resolve'];
  }
  if (allowed.has('addPhotos')) {
    const left = MAX_DAMAGE_PHOTOS - photos.length;
    actions.addPhotos = actionTo(ops, 'addPhotos', 'addDamageReportPhotos', {
      title: 'Add Photos',
      description: `Up to ${left} more JPEG or PNG photo${left === 1 ? '' : 's'}, each at most 10MB.`,
      params: { id: row.id },
      multipart: [{ name: 'photos', type: 'file', required: true, title: 'JPEG or PNG, at most 10MB each' }],
    }) as Actions['addPhotos'];
  }
  return {
    id: row.id,
    bookingId: row.bookingId,
    description: row.description,
    photos: photos.map((photo) => ({
      id: photo.id,
      href: linkTo(ops, 'getDamageReportPhoto', { id: row.id, photoId: photo.id }).href,
    })),
    status: row.status,
    resolutionReason: row.resolutionReason,
    refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    booking: answer.case
      ? {
          customer: answer.case.customer,
          cleaner: answer.case.cleaner,
          total: centsToDollars(answer.case.totalCents),
          cleanerShareHeld: centsToDollars(answer.case.heldCents),
        }
      : null,
    links: {
      self: linkTo(ops, 'getDamageReport', { id: row.id }),
      booking: linkTo(ops, 'getBooking', { id: row.bookingId }),
    },
    actions,
  };
}

export function renderDamageReportList(ops: Operations, answers: DamageAnswer[]): DamageReportList {
  return {
    items: answers.map((answer) => renderDamageReport(ops, answer)),
    total: answers.length,
    links: { self: linkTo(ops, 'listDamageReports') },
  };
}
