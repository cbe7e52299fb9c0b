import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { timestamps } from './columns';

/** Applications to become a cleaner, with their documents. */

export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;

export const cleanerApplications = sqliteTable(
  'cleaner_applications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: APPLICATION_STATUSES }).notNull().default('pending'),
    experience: text().notNull(),
    hourlyRateCents: integer().notNull(),
    bio: text().notNull(),
    serviceTypes: text({ mode: 'json' }).notNull().$type<string[]>(),
    coverageAreas: text({ mode: 'json' }).notNull().$type<string[]>(),
    hasInsurance: integer({ mode: 'boolean' }).notNull().default(false),
    hasBond: integer({ mode: 'boolean' }).notNull().default(false),
    previousExperience: text(),
    equipment: text(),
    weeklyAvailability: text({ mode: 'json' }).$type<Record<string, { available: boolean; hours: string }>>(),
    emergencyContact: text({ mode: 'json' }).$type<{ name: string; phone: string; relationship: string }>(),
    references: text({ mode: 'json' }).$type<
      Array<{ name: string; phone: string; email: string; relationship: string }>
    >(),
    adminNotes: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: integer({ mode: 'timestamp_ms' }),
    submittedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('cleaner_applications_user_idx').on(t.userId),
    index('cleaner_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

export const applicationDocuments = sqliteTable(
  'application_documents',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    applicationId: integer()
      .notNull()
      .references(() => cleanerApplications.id, { onDelete: 'cascade' }),
    documentType: text({ enum: ['id', 'insurance', 'bond', 'reference_letter', 'background_check'] }).notNull(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    fileSize: integer().notNull(),
    mimeType: text({ enum: ['application/pdf', 'image/jpeg', 'image/png'] }).notNull(),
    status: text({ enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text(),
    uploadedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('application_documents_application_idx').on(t.applicationId)],
);
