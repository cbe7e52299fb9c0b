import { z } from 'zod';
import { isBase64DataUrl } from '../rules/files';
import { MESSAGES } from '../rules/messages';
import { APPLICATION_STATUSES } from '../rules/statuses';
import { Money, PageQuery, pageOf, ServiceType } from './common';
import { actionOf, linkTo, PageLink, pageLinks } from './hypermedia';

const text = MESSAGES.application;

/** The application statuses (docs/product/cleaners.md); pending and under_review are "open". */
export const ApplicationStatus = z.enum(APPLICATION_STATUSES).meta({ id: 'ApplicationStatus' });
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

/** The experience options, in years (docs/product/cleaners.md). */
export const ApplicationExperience = z.enum(['0-1', '1-3', '3-5', '5-10', '10+']).meta({ id: 'ApplicationExperience' });
export type ApplicationExperience = z.infer<typeof ApplicationExperience>;

/** The document types (docs/product/cleaners.md). */
export const ApplicationDocumentType = z
  .enum(['id', 'insurance', 'bond', 'reference_letter', 'background_check'])
  .meta({ id: 'ApplicationDocumentType' });
export type ApplicationDocumentType = z.infer<typeof ApplicationDocumentType>;

export const ApplicationDocumentStatus = z
  .enum(['pending', 'verified', 'rejected'])
  .meta({ id: 'ApplicationDocumentStatus' });
export type ApplicationDocumentStatus = z.infer<typeof ApplicationDocumentStatus>;

/** The formats the server accepts, decided from the file's first bytes (never its name or declared type). */
export const ApplicationDocumentMimeType = z
  .enum(['application/pdf', 'image/jpeg', 'image/png'])
  .meta({ id: 'ApplicationDocumentMimeType' });

export const APPLICATION_WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** "9:00-17:00" or "09:00 - 17:30": a day's hours on the applicant's clock. */
export const APPLICATION_DAY_HOURS = /^([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-3]):([0-5]\d)$/;

const optionalText = (max: number, name: string) =>
  z.string().trim().max(max, `${name} must be at most ${max} characters`).optional();

const DayAvailability = z.object({
  available: z.boolean(),
  hours: z
    .string()
    .trim()
    .refine((v) => {
      const m = APPLICATION_DAY_HOURS.exec(v);
      return m !== null && Number(m[1]) * 60 + Number(m[2]) < Number(m[3]) * 60 + Number(m[4]);
    }, 'Hours must look like 9:00-17:00, the start before the end')
    .default('9:00-17:00'),
});

/** The form's weekly map: each weekday's `available` and `hours` (default 9:00-17:00). */
export const WeeklyAvailability = z
  .object(
    Object.fromEntries(APPLICATION_WEEKDAYS.map((day) => [day, DayAvailability.optional()])) as {
      [K in (typeof APPLICATION_WEEKDAYS)[number]]: z.ZodOptional<typeof DayAvailability>;
    },
  )
  .strict()
  .meta({ id: 'WeeklyAvailability' });
export type WeeklyAvailability = z.output<typeof WeeklyAvailability>;

export const EmergencyContact = z
  .object({
    name: optionalText(200, 'Name'),
    phone: optionalText(40, 'Phone'),
    relationship: optionalText(100, 'Relationship'),
  })
  .meta({ id: 'EmergencyContact' });

export const ApplicationReference = z
  .object({
    name: optionalText(200, 'Name'),
    phone: optionalText(40, 'Phone'),
    email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address')
      .optional(),
    relationship: optionalText(100, 'Relationship'),
  })
  .meta({ id: 'ApplicationReference' });

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `must be at most ${max} characters`);

/** Drops blanks and repeats (case-insensitively), keeping the first spelling. */
function distinct(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.trim().toLowerCase().replace(/\s+/g, ' ');
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value.trim().replace(/\s+/g, ' '));
  }
  return out;
}

/**
 * The cleaner application (docs/product/cleaners.md): bio, experience, hourly rate (15–100 in steps
 * of 0.50), at least one service type and one coverage area (free text, repeats ignored), plus the
 * form's extra fields. Missing required fields are each named in `fields`.
 */
export const ApplicationInput = z
  .object({
    bio: requiredText(`${text.missingRequired}: bio`, 2000),
    experience: z
      .enum(ApplicationExperience.options, {
        error: (issue) =>
          issue.input === undefined || issue.input === ''
            ? `${text.missingRequired}: experience`
            : 'Please choose 0-1, 1-3, 3-5, 5-10 or 10+ years',
      })
      .meta({ description: 'years: 0-1, 1-3, 3-5, 5-10 or 10+' }),
    hourlyRate: z
      .union([z.number(), z.string().trim()], { error: `${text.missingRequired}: hourlyRate` })
      .transform((value, ctx) => {
        if (value === '') {
          ctx.addIssue({ code: 'custom', message: `${text.missingRequired}: hourlyRate` });
          return z.NEVER;
        }
        const rate = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
        if (!Number.isFinite(rate) || rate < 15 || rate > 100 || Math.round(rate * 100) % 50 !== 0) {
          ctx.addIssue({ code: 'custom', message: text.hourlyRate });
          return z.NEVER;
        }
        return rate;
      })
      .meta({ description: 'US dollars per hour, 15 to 100 in steps of 0.50' }),
    serviceTypes: z
      .array(ServiceType, { error: `${text.missingRequired}: serviceTypes` })
      .max(10)
      .transform((types) => [...new Set(types)])
      .refine((types) => types.length > 0, `${text.missingRequired}: serviceTypes`),
    coverageAreas: z
      .array(z.string().max(100, 'A coverage area must be at most 100 characters'), {
        error: `${text.missingRequired}: coverageAreas`,
      })
      .max(50, 'At most 50 coverage areas')
      .transform(distinct)
      .refine((areas) => areas.length > 0, `${text.missingRequired}: coverageAreas`)
      .meta({ description: 'free text; repeats and blanks are ignored' }),
    hasInsurance: z.boolean().default(false),
    hasBond: z.boolean().default(false),
    previousExperience: optionalText(2000, 'Previous experience'),
    equipment: optionalText(1000, 'Equipment'),
    availability: WeeklyAvailability.optional().meta({
      description: 'each weekday’s hours; without it, Monday to Friday 9:00-17:00',
    }),
    emergencyContact: EmergencyContact.optional(),
    references: z.array(ApplicationReference).max(2, 'At most two references').optional(),
  })
  .meta({ id: 'ApplicationInput' });
export type ApplicationInput = z.input<typeof ApplicationInput>;

/** An administrator's decision: the new status and notes (a rejection's reason). */
export const ApplicationStatusInput = z
  .object({
    status: ApplicationStatus,
    adminNotes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
    notes: z
      .string()
      .trim()
      .max(1000, 'Notes must be at most 1000 characters')
      .optional()
      .meta({ description: 'the same as adminNotes' }),
  })
  // The applicant is sent the reason of a rejection: there must be one (decision 042).
  .refine((input) => input.status !== 'rejected' || Boolean(input.adminNotes || input.notes), {
    path: ['adminNotes'],
    message: text.rejectReasonRequired,
  })
  .meta({ id: 'ApplicationStatusInput' });
export type ApplicationStatusInput = z.input<typeof ApplicationStatusInput>;

/** An administrator's check of one document: verified, or rejected with a reason. */
export const DocumentReviewInput = z
  .object({
    status: z.enum(['verified', 'rejected']),
    rejectionReason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
  })
  .refine((input) => input.status !== 'rejected' || Boolean(input.rejectionReason), {
    path: ['rejectionReason'],
    message: text.documentRejectReasonRequired,
  })
  .meta({ id: 'DocumentReviewInput' });
export type DocumentReviewInput = z.input<typeof DocumentReviewInput>;

/**
 * The application page's JSON upload (docs/product/cleaners.md): the file as a data URL in
 * `fileUrl`. `fileSize` and `mimeType` are accepted and ignored: the server measures the bytes and
 * reads their type from them. The same upload may be sent as multipart/form-data with a `file` part
 * and `documentType`.
 */
export const DocumentUploadInput = z
  .object({
    applicationId: z.unknown().optional().meta({ description: 'ignored: the path names the application' }),
    documentType: ApplicationDocumentType,
    fileName: z.string().trim().min(1, 'Required').max(255, 'The file name must be at most 255 characters'),
    fileUrl: z
      .string()
      .regex(/^data:[^,]*;base64,/, 'Send the file as a base64 data URL')
      // Past the pattern (what the OpenAPI document shows): bytes a decoder can read.
      .refine(isBase64DataUrl, 'Send the file as a base64 data URL')
      .meta({ description: 'data:<type>;base64,<bytes>' }),
    fileSize: z.unknown().optional().meta({ description: 'ignored: the server measures the file' }),
    mimeType: z.unknown().optional().meta({ description: 'ignored: the type is read from the file’s bytes' }),
  })
  .meta({ id: 'DocumentUploadInput' });
export type DocumentUploadInput = z.input<typeof DocumentUploadInput>;

export const AdminApplicationListQuery = PageQuery.extend({
  status: z.union([ApplicationStatus, z.literal('all')]).optional(),
});
export type AdminApplicationListQuery = z.input<typeof AdminApplicationListQuery>;

export const ApplicationDocumentLinks = z
  .object({
    self: linkTo('getApplicationDocument'),
    file: linkTo('downloadApplicationDocument'),
    application: linkTo('getApplication'),
    page: PageLink,
  })
  .meta({ id: 'ApplicationDocumentLinks' });

export const ApplicationDocumentActions = z
  .object({
    delete: actionOf('delete', 'DELETE', 'deleteApplicationDocument')
      .optional()
      .meta({ description: 'the applicant, while the application is open' }),
    verify: actionOf('verify', 'PATCH', 'reviewApplicationDocument').optional(),
    reject: actionOf('reject', 'PATCH', 'reviewApplicationDocument').optional(),
  })
  .meta({ id: 'ApplicationDocumentActions' });

/** An application document (docs/product/cleaners.md). `fileUrl` downloads it (the applicant and administrators only). */
export const ApplicationDocument = z
  .object({
    id: z.number().int(),
    applicationId: z.number().int(),
    documentType: ApplicationDocumentType,
    fileName: z.string(),
    fileUrl: z.string(),
    fileSize: z.number().int().meta({ description: 'bytes' }),
    mimeType: ApplicationDocumentMimeType,
    status: ApplicationDocumentStatus,
    rejectionReason: z.string().nullable(),
    uploadedAt: z.string(),
    links: ApplicationDocumentLinks,
    actions: ApplicationDocumentActions,
  })
  .meta({ id: 'ApplicationDocument' });
export type ApplicationDocument = z.infer<typeof ApplicationDocument>;

export const ApplicationDocumentList = z
  .object({
    items: z.array(ApplicationDocument),
    total: z.number().int(),
    links: z.object({ self: linkTo('listApplicationDocuments'), application: linkTo('getApplication') }),
    actions: z.object({
      upload: actionOf('upload', 'POST', 'uploadApplicationDocument')
        .optional()
        .meta({ description: 'the applicant, while the application is open; also as multipart/form-data' }),
    }),
  })
  .meta({ id: 'ApplicationDocumentList' });
export type ApplicationDocumentList = z.infer<typeof ApplicationDocumentList>;

export const ApplicationLinks = z
  .object({
    self: linkTo('getApplication'),
    documents: linkTo('listApplicationDocuments'),
    review: linkTo('getAdminApplication').optional().meta({ description: 'administrators: with documents' }),
    cleaner: linkTo('getCleaner').optional().meta({ description: 'once approved: the public profile' }),
    page: PageLink,
  })
  .meta({ id: 'ApplicationLinks' });

export const ApplicationActions = z
  .object({
    startReview: actionOf('startReview', 'PATCH', 'setApplicationStatus').optional(),
    approve: actionOf('approve', 'PATCH', 'setApplicationStatus').optional(),
    reject: actionOf('reject', 'PATCH', 'setApplicationStatus').optional(),
    uploadDocument: actionOf('uploadDocument', 'POST', 'uploadApplicationDocument')
      .optional()
      .meta({ description: 'the applicant, while the application is open; also as multipart/form-data' }),
  })
  .meta({ id: 'ApplicationActions' });

const DayHours = z.object({ available: z.boolean(), hours: z.string() });

/** A cleaner application (docs/product/cleaners.md), with the form's extra fields. */
export const Application = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    status: ApplicationStatus,
    user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
    experience: z.string(),
    hourlyRate: Money,
    bio: z.string(),
    serviceTypes: z.array(ServiceType),
    coverageAreas: z.array(z.string()),
    hasInsurance: z.boolean(),
    hasBond: z.boolean(),
    previousExperience: z.string().nullable(),
    equipment: z.string().nullable(),
    availability: z.record(z.string(), DayHours).nullable(),
    emergencyContact: z
      .object({ name: z.string().optional(), phone: z.string().optional(), relationship: z.string().optional() })
      .nullable(),
    references: z
      .array(
        z.object({
          name: z.string().optional(),
          phone: z.string().optional(),
          email: z.string().optional(),
          relationship: z.string().optional(),
        }),
      )
      .nullable(),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    adminNotes: z.string().nullable(),
    cleanerId: z.number().int().nullable().meta({ description: 'once approved: the cleaner profile' }),
    documents: z
      .array(ApplicationDocument)
      .optional()
      .meta({ description: 'in the administrator’s detailed view (getAdminApplication)' }),
    links: ApplicationLinks,
    actions: ApplicationActions.meta({
      description: 'what the caller may do to this application now, each present only when it would succeed',
    }),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof Application>;

export const ApplicationList = z
  .object({
    items: z.array(Application),
    total: z.number().int(),
    links: z.object({ self: linkTo('listApplications'), page: PageLink }),
    actions: z.object({
      apply: actionOf('apply', 'POST', 'submitApplication')
        .optional()
        .meta({ description: 'without an open application and without an active cleaner profile' }),
    }),
  })
  .meta({ id: 'ApplicationList' });
export type ApplicationList = z.infer<typeof ApplicationList>;

export const ApplicationCounts = z
  .object({
    pending: z.number().int(),
    under_review: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'ApplicationCounts' });

/** The admin dashboard: one page of applications (newest first) and the counts per status. */
export const AdminApplicationPage = pageOf(Application)
  .extend({
    counts: ApplicationCounts,
    links: pageLinks('listAdminApplications').extend({ page: PageLink }),
  })
  .meta({ id: 'AdminApplicationPage' });
export type AdminApplicationPage = z.infer<typeof AdminApplicationPage>;
