import {
  DamageReport,
  DamageReportInput,
  DamageReportList,
  DamageReportPhotoUpload,
  DamageResolveInput,
  IdParam,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/**
 * Damage reports (decision 080): reported by a job's customer, resolved by an administrator; photos
 * added to an open report by the customer who reported it (decision 082).
 */
export const damageApi = defineOperations({
  reportDamage: {
    method: 'post',
    path: '/bookings/:id/damage-report',
    security: 'user',
    summary: 'Report a problem with a completed job (its customer)',
    description:
      'Within 24 hours of the end of a completed, paid job (the booking’s `actions.reportDamage`): the cleaner is told, and their payout for the job waits until an administrator resolves the report. One report a booking. Photos follow through the report’s `actions.addPhotos`. Refused to the assistant.',
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
  addDamageReportPhotos: {
    method: 'post',
    path: '/damage-reports/:id/photos',
    security: 'user',
    summary: 'Add photos to your damage report (multipart)',
    description:
      'multipart/form-data: `photos` (one or more files). The customer who reported the problem, while the report is open (its `actions.addPhotos`). At most 5 photos per report; each JPEG or PNG as its bytes show (not its name or declared type) and at most 10MB. A body larger than the photos that still fit may be is refused before it is read (413). Each photo is decoded and stored re-encoded, without its metadata (no EXIF, no GPS position); one of more than 16.7 megapixels (4096 × 4096) is 413 `image_too_large` before it is decoded. The cleaner is e-mailed how many photos were attached. Each request counts once against the account’s hourly upload limit (UPLOAD_RATE_LIMIT, shared with review photos and application documents). Refused to the assistant.',
    tags: ['damage'],
    access: 'the customer who reported it',
    body: { contentType: 'multipart/form-data', schema: DamageReportPhotoUpload },
    responses: {
      201: { description: 'The report with its photos', schema: DamageReport },
      400: { description: 'No photos, or a malformed field (`photos`)' },
      403: { description: 'The booking’s cleaner: only the customer who reported it adds photos' },
      404: { description: 'No such report, or not one of yours' },
      409: {
        description: 'More than 5 photos in all (`too_many_photos`), or the report is resolved (`report_closed`)',
      },
      413: {
        description:
          'A photo over 10MB, or a body larger than the photos that fit (`file_too_large`); a photo of more than 16.7 megapixels (`image_too_large`)',
      },
      415: { description: 'Not multipart, or a file that is not a JPEG or PNG image (`invalid_file_type`)' },
      422: { description: 'A photo still decoding at the deadline (`image_too_complex`)' },
      429: { description: 'Too many uploads from this account this hour (Retry-After)' },
      503: { description: 'The image workers are all busy (`images_busy`, Retry-After)' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  getDamageReportPhoto: {
    method: 'get',
    path: '/damage-reports/:id/photos/:photoId',
    security: 'user-or-admin',
    summary: 'A damage report photo’s bytes',
    description:
      'The image, with the type its bytes were found to be (image/jpeg or image/png), `X-Content-Type-Options: nosniff` and a private cache. For the customer who reported it, the booking’s cleaner and administrators; anyone else gets 404.',
    tags: ['damage'],
    access: 'the customer who reported it, the booking’s cleaner, admin',
    responses: {
      200: { description: 'The image bytes' },
      404: { description: 'No such photo, or not a report you may see' },
    },
    request: { param: z.object({ id: IdParam, photoId: IdParam }) },
  },
  listDamageReports: {
    method: 'get',
    path: '/admin/damage-reports',
    security: 'admin',
    summary: 'Damage reports, newest first (administrators)',
    description: 'The latest 200, each with its photos; an open one carries `actions.resolve`.',
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
      'The customer’s description and photos, its status and, once resolved, the outcome, the refund and the reason; `actions.resolve` while open.',
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
