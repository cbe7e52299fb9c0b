import { z } from 'zod';
import { PHOTO_LIMITS } from '../rules/files';
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

/**
 * `POST /api/damage-reports/:id/photos` as multipart/form-data (docs/product/payouts.md): the
 * server reads it itself, checking each file's bytes; this describes the form for OpenAPI and
 * generated clients.
 */
export const DamageReportPhotoUpload = z
  .object({
    photos: z
      .array(z.file().meta({ description: 'JPEG or PNG (by its bytes), at most 10MB' }))
      .min(1)
      .max(PHOTO_LIMITS.maxPhotos),
  })
  .meta({ id: 'DamageReportPhotoUpload' });

/** One photo of a damage report: its bytes are at `href`, for the reporting customer, the cleaner and administrators. */
export const DamageReportPhoto = z
  .object({
    id: z.number().int(),
    href: z.string().meta({ description: 'the image (getDamageReportPhoto)' }),
  })
  .meta({ id: 'DamageReportPhoto' });
export type DamageReportPhoto = z.infer<typeof DamageReportPhoto>;

export const DamageReport = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    description: z.string(),
    photos: z.array(DamageReportPhoto).meta({ description: 'in the order they were added; at most 5' }),
    status: z.enum(['open', 'released', 'partial_refund', 'full_refund']),
    resolutionReason: z.string().nullable(),
    refund: Money.nullable(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    booking: z
      .object({
        customer: z.string(),
        cleaner: z.string(),
        total: Money.meta({ description: 'what the customer was charged for the booking' }),
        cleanerShareHeld: Money.meta({ description: "the cleaner's share not yet paid out, which the report holds" }),
      })
      .nullable()
      .meta({ description: 'what an administrator needs to decide: for administrators only, null for anyone else' }),
    links: z.object({ self: linkTo('getDamageReport'), booking: linkTo('getBooking') }),
    actions: z.object({
      resolve: actionOf('resolve', 'POST', 'resolveDamageReport')
        .optional()
        .meta({ description: 'administrators, while open: release the payout or refund part or all' }),
      addPhotos: actionOf('addPhotos', 'POST', 'addDamageReportPhotos', 'multipart/form-data')
        .optional()
        .meta({ description: 'the customer who reported it, while it is open and has fewer than 5 photos' }),
    }),
  })
  .meta({ id: 'DamageReport' });
export type DamageReport = z.infer<typeof DamageReport>;

export const DamageReportList = listOf(DamageReport)
  .extend({ links: z.object({ self: linkTo('listDamageReports') }) })
  .meta({ id: 'DamageReportList' });
export type DamageReportList = z.infer<typeof DamageReportList>;
