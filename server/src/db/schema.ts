import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * One schema for the whole product. Money is integer cents; instants are UTC milliseconds
 * (`timestamp_ms`); a cleaner's wall-clock rules (weekly hours, time off) are stored as local
 * text with the cleaner's IANA zone beside them.
 */

const timestamps = {
  createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
};
const createdAt = timestamps.createdAt;

// ─── Accounts ────────────────────────────────────────────────────────────────

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    profileImageUrl: text(),
    /** `admin`: a named administrator, who may open an admin session (decision 030). */
    role: text({ enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    /** When the owner of `email` proved it (a link through the outbox, or a provider's word); null until then. */
    emailVerifiedAt: integer({ mode: 'timestamp_ms' }),
    /** TOTP secret (base32) of an administrator's second factor, once confirmed with a code. */
    totpSecret: text(),
    totpEnabledAt: integer({ mode: 'timestamp_ms' }),
    /** The last TOTP time step accepted: a code is good once. */
    totpLastStep: integer(),
    onboardingCompleted: integer({ mode: 'boolean' }).notNull().default(false),
    onboardingStep: integer().notNull().default(0),
    onboardingPreferences: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token, hex; the token itself is never stored. */
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    provider: text({ enum: ['google', 'github'] }).notNull(),
    providerUserId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('oauth_accounts_user_idx').on(t.userId)],
);

/**
 * Single-use links sent through the outbox: e-mail verification and password reset. Only the
 * SHA-256 of the token is stored; `email` is the address the link proves.
 */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password'] }).notNull(),
    email: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters for sign-in, sign-up and admin login throttling. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

// ─── Catalogue and cleaners ──────────────────────────────────────────────────

export const services = sqliteTable(
  'services',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    description: text().notNull(),
    type: text({
      enum: ['regular', 'deep', 'commercial', 'moveout', 'office', 'window', 'carpet', 'post_construction'],
    }).notNull(),
    category: text({ enum: ['residential', 'commercial'] }).notNull(),
    basePriceCents: integer().notNull(),
    durationMinutes: integer().notNull(),
    isActive: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index('services_category_idx').on(t.category, t.type)],
);

export const cleaners = sqliteTable(
  'cleaners',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text().notNull(),
    experience: text().notNull(),
    hourlyRateCents: integer().notNull(),
    /** Average overall rating of published reviews, kept in step with `ratingSum / reviewCount`. */
    rating: real(),
    ratingSum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    completedJobs: integer().notNull().default(0),
    isVerified: integer({ mode: 'boolean' }).notNull().default(false),
    isInsured: integer({ mode: 'boolean' }).notNull().default(false),
    isBonded: integer({ mode: 'boolean' }).notNull().default(false),
    avatarUrl: text(),
    serviceTypes: text({ mode: 'json' }).notNull().$type<string[]>(),
    coverageAreas: text({ mode: 'json' }).notNull().$type<string[]>(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    latitude: real().notNull(),
    longitude: real().notNull(),
    timeZone: text().notNull(),
    status: text({ enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cleaners_user_unique').on(t.userId),
    index('cleaners_rating_idx').on(t.status, t.rating),
    index('cleaners_rate_idx').on(t.status, t.hourlyRateCents),
    index('cleaners_jobs_idx').on(t.status, t.completedJobs),
    index('cleaners_place_idx').on(t.state, t.city),
    index('cleaners_zip_idx').on(t.zipCode),
    index('cleaners_geo_idx').on(t.latitude, t.longitude),
  ],
);

export const favourites = sqliteTable(
  'favourites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.cleanerId] })],
);

// ─── Availability ────────────────────────────────────────────────────────────

/** Weekly hours in the cleaner's zone: dayOfWeek 0 = Sunday, times "HH:MM". */
export const availability = sqliteTable(
  'availability',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    dayOfWeek: integer().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    isAvailable: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index('availability_cleaner_day_idx').on(t.cleanerId, t.dayOfWeek)],
);

/** Days off in the cleaner's zone, inclusive "YYYY-MM-DD"; recurring entries repeat yearly. */
export const timeOff = sqliteTable(
  'time_off',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    startDate: text().notNull(),
    endDate: text().notNull(),
    reason: text(),
    isRecurring: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt,
  },
  (t) => [index('time_off_cleaner_idx').on(t.cleanerId, t.startDate)],
);

export const timeSlots = sqliteTable(
  'time_slots',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    date: text().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    startsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    endsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    isAvailable: integer({ mode: 'boolean' }).notNull().default(true),
    isBooked: integer({ mode: 'boolean' }).notNull().default(false),
    bookingId: integer().references(() => bookings.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('time_slots_cleaner_start_unique').on(t.cleanerId, t.startsAt),
    index('time_slots_booking_idx').on(t.bookingId),
  ],
);

// ─── Partners ────────────────────────────────────────────────────────────────

export const partners = sqliteTable(
  'partners',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    publishableKey: text().notNull(),
    allowedOrigins: text({ mode: 'json' }).notNull().$type<string[]>(),
    contactEmail: text(),
    isActive: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('partners_key_unique').on(t.publishableKey)],
);

// ─── Bookings ────────────────────────────────────────────────────────────────

export const BOOKING_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'refunded', 'disputed'] as const;

export const bookings = sqliteTable(
  'bookings',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    customerId: integer().references(() => users.id, { onDelete: 'restrict' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'restrict' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    status: text({ enum: BOOKING_STATUSES }).notNull().default('pending'),
    startsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    endsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    durationMinutes: integer().notNull(),
    /** The cleaner's zone when booked: the local date and time shown to people derive from it. */
    timeZone: text().notNull(),
    address: text().notNull(),
    specialInstructions: text().notNull().default(''),
    hourlyRateCents: integer().notNull(),
    totalPriceCents: integer().notNull(),
    paymentStatus: text({ enum: ['unpaid', ...PAYMENT_STATUSES] })
      .notNull()
      .default('unpaid'),
    /** Guest checkout from a partner widget: a booking-scoped token hash and contact e-mail. */
    guestEmail: text(),
    guestTokenHash: text(),
    cancellationFeeCents: integer(),
    cancelledAt: integer({ mode: 'timestamp_ms' }),
    cancelReason: text(),
    reminderSentAt: integer({ mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    index('bookings_cleaner_time_idx').on(t.cleanerId, t.startsAt),
    index('bookings_customer_idx').on(t.customerId, t.startsAt),
    index('bookings_status_time_idx').on(t.status, t.startsAt),
  ],
);

export const bookingStatusHistory = sqliteTable(
  'booking_status_history',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: BOOKING_STATUSES }),
    toStatus: text({ enum: BOOKING_STATUSES }).notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text({ enum: ['customer', 'cleaner', 'admin', 'system', 'guest'] }).notNull(),
    note: text(),
    createdAt,
  },
  (t) => [index('booking_status_history_booking_idx').on(t.bookingId, t.createdAt)],
);

/** Stored answers for retried writes (create booking, payment intent, refund). */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: text(),
    createdAt,
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

// ─── Payments ────────────────────────────────────────────────────────────────

export const payments = sqliteTable(
  'payments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    customerId: integer().references(() => users.id, { onDelete: 'set null' }),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    failureReason: text(),
    refundedCents: integer().notNull().default(0),
    refundReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    index('payments_status_idx').on(t.status, t.updatedAt),
  ],
);

export const refunds = sqliteTable(
  'refunds',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    reason: text(),
    providerRefundId: text(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);

/** Provider webhook events, applied once each by id. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    type: text().notNull(),
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    providerCreatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    payload: text({ mode: 'json' }).notNull(),
    receivedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.providerCreatedAt)],
);

// ─── The embedded test-mode payment provider (decision 037) ─────────────────
// What Stripe keeps on its side, kept here when no Stripe key is configured, so that every server
// process or Workers isolate over the same database sees the same intents. Never read by the
// payments service: it reaches them only through the provider interface.

export const localPaymentIntents = sqliteTable('local_payment_intents', {
  id: text().primaryKey(),
  clientSecret: text().notNull(),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  bookingId: integer().notNull(),
  customerId: integer(),
  succeeded: integer({ mode: 'boolean' }).notNull().default(false),
  failureReason: text(),
  refundedCents: integer().notNull().default(0),
  disputed: integer({ mode: 'boolean' }).notNull().default(false),
  createdAt,
});

/** The provider's idempotency keys (Stripe keeps them 24 hours; purge-expired does the same). */
export const localPaymentRequests = sqliteTable(
  'local_payment_requests',
  {
    key: text().primaryKey(),
    fingerprint: text().notNull(),
    result: text({ mode: 'json' }).notNull(),
    createdAt,
  },
  (t) => [index('local_payment_requests_created_idx').on(t.createdAt)],
);

export const localPaymentEvents = sqliteTable(
  'local_payment_events',
  {
    seq: integer().primaryKey({ autoIncrement: true }),
    id: text().notNull().unique(),
    providerPaymentId: text().notNull(),
    event: text({ mode: 'json' }).notNull(),
    createdAt,
  },
  (t) => [index('local_payment_events_intent_idx').on(t.providerPaymentId, t.seq)],
);

/** Values one installation generates once and every process shares (the local webhook secret). */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt,
});

// ─── Reviews ─────────────────────────────────────────────────────────────────

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => users.id, { onDelete: 'set null' }),
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    overallRating: integer().notNull(),
    qualityRating: integer(),
    punctualityRating: integer(),
    professionalismRating: integer(),
    communicationRating: integer(),
    title: text(),
    comment: text().notNull(),
    pros: text(),
    cons: text(),
    serviceAreas: text({ mode: 'json' }).notNull().$type<string[]>(),
    timeSpent: text(),
    wouldRecommend: integer({ mode: 'boolean' }).notNull().default(true),
    wouldRebook: integer({ mode: 'boolean' }).notNull().default(true),
    isVerified: integer({ mode: 'boolean' }).notNull().default(true),
    helpfulVotes: integer().notNull().default(0),
    status: text({ enum: ['published', 'hidden'] })
      .notNull()
      .default('published'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_cleaner_idx').on(t.cleanerId, t.status, t.createdAt),
    index('reviews_customer_idx').on(t.customerId),
  ],
);

export const reviewPhotos = sqliteTable(
  'review_photos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    fileUrl: text().notNull(),
    caption: text(),
    displayOrder: integer().notNull().default(0),
    createdAt,
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.displayOrder)],
);

export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: text({ enum: ['helpful', 'not_helpful'] }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const reviewResponses = sqliteTable(
  'review_responses',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    response: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('review_responses_review_unique').on(t.reviewId)],
);

export const reviewReports = sqliteTable(
  'review_reports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    description: text(),
    status: text({ enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt,
  },
  (t) => [
    uniqueIndex('review_reports_unique').on(t.reviewId, t.reporterId),
    index('review_reports_status_idx').on(t.status),
  ],
);

// ─── Cleaner applications ────────────────────────────────────────────────────

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

// ─── Chat ────────────────────────────────────────────────────────────────────

export const chatSessions = sqliteTable(
  'chat_sessions',
  {
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    lastMessageAt: integer({ mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('chat_sessions_user_idx').on(t.userId)],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    sessionId: text()
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant', 'tool'] }).notNull(),
    content: text().notNull(),
    toolCalls: text({ mode: 'json' }),
    createdAt,
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);

// ─── Contact, notifications, audit ───────────────────────────────────────────

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: text({ enum: ['new', 'answered', 'closed'] })
      .notNull()
      .default('new'),
    createdAt,
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
);

/** Outbox: every notification is written here in the same transaction as its cause, then sent. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    type: text().notNull(),
    recipientUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    payload: text({ mode: 'json' }),
    /** Stops the same reminder or receipt from being queued twice. */
    dedupeKey: text(),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: 'timestamp_ms' }).notNull(),
    sentAt: integer({ mode: 'timestamp_ms' }),
    lastError: text(),
    createdAt,
  },
  (t) => [
    index('notifications_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('notifications_dedupe_unique').on(t.dedupeKey),
  ],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text({ enum: ['customer', 'cleaner', 'admin', 'system', 'guest'] }).notNull(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    details: text({ mode: 'json' }),
    requestId: text(),
    createdAt,
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId), index('audit_log_created_idx').on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type CleanerRow = typeof cleaners.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
