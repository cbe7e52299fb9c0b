import { DamageReport, DamageReportInput, DamageReportList, DamageResolveInput, IdParam } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** Damage reports (decision 080): reported by a job's customer, resolved by an administrator. */
export const damageApi = defineOperations({
  reportDamage: {
    method: 'post',
    path: '/bookings/:id/damage-report',
    security: 'user',
    summary: 'Report a problem with a completed job (its customer)',
    description:
      'Within 24 hours of the end of a completed, paid job (the booking’s `actions.reportDamage`): the cleaner is told, and their payout for the job waits until an administrator resolves the report. One report a booking. Refused to the assistant.',
    tags: ['damage'],
    access: 'booking customer',
    responses: {
      201: { description: 'The report', schema: DamageReport },
      404: { description: 'No such booking of yours' },
      409: {
        description: 'Past the 24 hours, not completed or not paid (`report_window_closed`), or already reported',
      },
    },
    request: { param: z.object({ id: IdParam }), json: DamageReportInput },
  },
  listDamageReports: {
    method: 'get',
    path: '/admin/damage-reports',
    security: 'admin',
    summary: 'Damage reports, newest first (administrators)',
    description: 'The latest 200; an open one carries `actions.resolve`.',
    tags: ['damage', 'admin'],
    access: 'admin',
    responses: { 200: { description: 'The reports', schema: DamageReportList } },
  },
  getDamageReport: {
    method: 'get',
    path: '/admin/damage-reports/:id',
    security: 'admin',
    summary: 'One damage report (administrators)',
    description:
      'The customer’s description, its status and, once resolved, the outcome, the refund and the reason; `actions.resolve` while open.',
    tags: ['damage', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The report', schema: DamageReport },
      404: { description: 'No such report' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  resolveDamageReport: {
    method: 'post',
    path: '/admin/damage-reports/:id/resolve',
    security: 'admin',
    summary: 'Resolve a damage report (administrators)',
    description:
      '`release` pays the cleaner as if nothing was reported; `partial_refund` refunds `amount` (dollars); `full_refund` refunds everything not yet refunded. A refund takes back each share in proportion (the money split). Both parties are e-mailed the outcome and the reason; audited.',
    tags: ['damage', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The resolved report', schema: DamageReport },
      400: { description: 'A malformed field, or an amount that does not fit the outcome' },
      404: { description: 'No such report' },
      409: { description: 'Already resolved, or nothing left to refund' },
    },
    request: { param: z.object({ id: IdParam }), json: DamageResolveInput },
  },
});
