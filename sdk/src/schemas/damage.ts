import { z } from 'zod';
import { listOf, Money } from './common';
import { actionOf, linkTo } from './hypermedia';

/** Damage reports (decision 080): a customer's report on a completed job holds the cleaner's payout. */

export const DamageReportInput = z
  .object({
    description: z
      .string()
      .trim()
      .min(10, 'Describe what happened in at least 10 characters')
      .max(2000, 'At most 2000 characters'),
  })
  .strict()
  .meta({ id: 'DamageReportInput' });

export const DamageResolveInput = z
  .object({
    outcome: z.enum(['release', 'partial_refund', 'full_refund']),
    amount: z.string().optional().meta({ description: 'a partial refund, in dollars' }),
    reason: z.string().trim().min(3, 'Give a reason both parties will read').max(500),
  })
  .strict()
  .meta({ id: 'DamageResolveInput' });

export const DamageReport = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    description: z.string(),
    status: z.enum(['open', 'released', 'partial_refund', 'full_refund']),
    resolutionReason: z.string().nullable(),
    refund: Money.nullable(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    links: z.object({ self: linkTo('getDamageReport'), booking: linkTo('getBooking') }),
    actions: z.object({
      resolve: actionOf('resolve', 'POST', 'resolveDamageReport')
        .optional()
        .meta({ description: 'administrators, while open: release the payout or refund part or all' }),
    }),
  })
  .meta({ id: 'DamageReport' });
export type DamageReport = z.infer<typeof DamageReport>;

export const DamageReportList = listOf(DamageReport)
  .extend({ links: z.object({ self: linkTo('listDamageReports') }) })
  .meta({ id: 'DamageReportList' });
export type DamageReportList = z.infer<typeof DamageReportList>;
