import { MESSAGES } from '@spotless/sdk/rules';
import type {
  AdminApplicationListQuery,
  ApplicationDocumentType,
  ApplicationInput,
  ApplicationStatusInput,
  DocumentReviewInput,
} from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import type { Tx } from '../db/client';
import { applicationDocuments, availability, cleanerApplications, cleaners } from '../db/schema';
import type { Deps } from '../deps';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { StoredFile } from '../lib/file-storage';
import { EXTENSION, type ReceivedFile } from '../lib/uploads';
import { enqueueNotification } from '../notifications/outbox';
import {
  type ApplicationCapability,
  type ApplicationFacts,
  type ApplicationStatus,
  type ApplicationViewer,
  applicationActionsFor,
  applyRefusal,
  cityOf,
  type DocumentCapability,
  documentActionsFor,
  documentReviewRefusal,
  mayChangeDocuments,
  maySee,
  relationTo,
  statusRefusal,
  weeklyHours,
} from './application-rules';
import {
  type ApplicationView,
  applicationCounts,
  applicationPage,
  cleanerOfUser,
  type DocumentRow,
  documentsOf,
  findApplicationView,
  findDocument,
  hasOpenApplication,
  insertApplication,
  insertDocument,
  userApplicationViews,
} from './applications.queries';

/**
 * Cleaner applications and their documents: every write and every decision about who may do what.
 * Another user's application or document answers 404, like a missing one (decision 007).
 */

type ApplicationDeps = Pick<Deps, 'database' | 'clock' | 'files' | 'logger'>;
type Input = z.output<typeof ApplicationInput>;
type StatusInput = z.output<typeof ApplicationStatusInput>;
type ReviewInput = z.output<typeof DocumentReviewInput>;
type ListQuery = z.output<typeof AdminApplicationListQuery>;

/** At most this many documents on one application: enough for every type twice over. */
export const MAX_DOCUMENTS = 20;

export interface DocumentAnswer {
  document: DocumentRow;
  relation: 'applicant' | 'admin' | null;
  allowed: ReadonlySet<DocumentCapability>;
}

export interface ApplicationAnswer {
  view: ApplicationView;
  relation: 'applicant' | 'admin' | null;
  allowed: ReadonlySet<ApplicationCapability>;
  documents?: DocumentAnswer[];
}

const applicationNotFound = () => notFound('Application');
const documentNotFound = () => notFound('Document');

const factsOf = (view: ApplicationView): ApplicationFacts => ({
  userId: view.application.userId,
  status: view.application.status,
  coverageAreas: view.application.coverageAreas,
});

function answerOf(view: ApplicationView, viewer: ApplicationViewer, documents?: DocumentRow[]): ApplicationAnswer {
  const facts = factsOf(view);
  return {
    view,
    relation: relationTo(facts, viewer),
    allowed: applicationActionsFor(facts, viewer),
    ...(documents ? { documents: documents.map((d) => documentAnswerOf(d, facts, viewer)) } : {}),
  };
}

function documentAnswerOf(document: DocumentRow, application: ApplicationFacts, viewer: ApplicationViewer) {
  return {
    document,
    relation: relationTo(application, viewer),
    allowed: documentActionsFor(document, application, viewer),
  };
}

async function loadVisible(db: Tx | ApplicationDeps['database']['db'], id: number, viewer: ApplicationViewer) {
  const view = await findApplicationView(db, id);
  if (!view || !maySee(view.application, viewer)) throw applicationNotFound();
  return view;
}

async function loadDocument(db: Tx | ApplicationDeps['database']['db'], id: number, viewer: ApplicationViewer) {
  const document = await findDocument(db, id);
  if (!document) throw documentNotFound();
  const view = await findApplicationView(db, document.applicationId);
  if (!view || !maySee(view.application, viewer)) throw documentNotFound();
  return { document, view };
}

// ─── The applicant ───────────────────────────────────────────────────────────

/** Whether this user may apply now (no open application, not already an active cleaner). */
export async function mayApply(deps: ApplicationDeps, userId: number): Promise<boolean> {
  const { db } = deps.database;
  const cleaner = await cleanerOfUser(db, userId);
  return (
    applyRefusal({
      hasOpenApplication: await hasOpenApplication(db, userId),
      isActiveCleaner: cleaner?.status === 'active',
    }) === null
  );
}

/**
 * Spec 02 §5's submission: one open application per user (409 'already have a pending
 * application'), and at least one coverage area must name a city the marketplace serves, since an
 * approved cleaner is placed there for search and their schedule runs on its clock.
 */
export async function submitApplication(
  deps: ApplicationDeps,
  applicant: { userId: number },
  input: Input,
): Promise<ApplicationAnswer> {
  if (!cityOf(input.coverageAreas)) {
    const message = 'Please include at least one city we serve, for example "Austin, TX"';
    throw badRequest('Invalid request body: coverageAreas', { coverageAreas: message });
  }
  const now = deps.clock.now();
  const viewer = { userId: applicant.userId, isAdmin: false };
  return deps.database.write(async (tx) => {
    const cleaner = await cleanerOfUser(tx, applicant.userId);
    const refusal = applyRefusal({
      hasOpenApplication: await hasOpenApplication(tx, applicant.userId),
      isActiveCleaner: cleaner?.status === 'active',
    });
    if (refusal === 'already_pending') {
      throw new AppError(409, 'application_exists', `${MESSAGES.application.alreadyPending}; we'll contact you soon.`);
    }
    if (refusal === 'already_cleaner') {
      throw new AppError(409, 'already_cleaner', 'You already have an active cleaner profile');
    }
    const row = await insertApplication(tx, {
      userId: applicant.userId,
      status: 'pending',
      experience: input.experience,
      hourlyRateCents: Math.round(input.hourlyRate * 100),
      bio: input.bio,
      serviceTypes: input.serviceTypes,
      coverageAreas: input.coverageAreas,
      hasInsurance: input.hasInsurance,
      hasBond: input.hasBond,
      previousExperience: input.previousExperience || null,
      equipment: input.equipment || null,
      weeklyAvailability: (input.availability as Record<string, { available: boolean; hours: string }>) ?? null,
      emergencyContact: (input.emergencyContact as { name: string; phone: string; relationship: string }) ?? null,
      references:
        (input.references as Array<{ name: string; phone: string; email: string; relationship: string }>) ?? null,
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: applicant.userId,
      actorRole: 'customer',
      action: 'application.submitted',
      entityType: 'cleaner_application',
      entityId: String(row.id),
    });
    const view = await findApplicationView(tx, row.id);
    if (!view) throw new Error('application vanished inside its transaction');
    await enqueueNotification(tx, now, {
      type: 'application_submitted',
      recipientEmail: view.email,
      recipientUserId: applicant.userId,
      subject: 'Application Submitted!',
      body: "Thank you for applying to clean with Spotless. We'll contact you within 2-3 business days. You can add your documents (ID, insurance, bond, references, background check) at /apply-cleaner.",
      payload: { applicationId: row.id },
      dedupeKey: `application_submitted:${row.id}`,
    });
    return answerOf(view, viewer);
  });
}

/** The signed-in user's own applications, newest first, and whether they may apply now. */
export async function listOwnApplications(deps: ApplicationDeps, userId: number) {
  const viewer = { userId, isAdmin: false };
  const views = await userApplicationViews(deps.database.db, userId);
  return { items: views.map((view) => answerOf(view, viewer)), mayApply: await mayApply(deps, userId) };
}

/** One application for its applicant or an administrator; 404 for anyone else. */
export async function getApplication(deps: ApplicationDeps, viewer: ApplicationViewer, id: number) {
  return answerOf(await loadVisible(deps.database.db, id, viewer), viewer);
}

// ─── Documents ───────────────────────────────────────────────────────────────

export async function listApplicationDocuments(
  deps: ApplicationDeps,
  viewer: ApplicationViewer,
  applicationId: number,
) {
  const { db } = deps.database;
  const view = await loadVisible(db, applicationId, viewer);
  return { application: answerOf(view, viewer, await documentsOf(db, applicationId)) };
}

function uploadRefusal(view: ApplicationView, viewer: ApplicationViewer): AppError | null {
  if (mayChangeDocuments(factsOf(view), viewer)) return null;
  if (viewer.userId !== view.application.userId) {
    return new AppError(403, 'forbidden', 'Forbidden: only the applicant uploads documents');
  }
  return new AppError(
    409,
    'application_closed',
    `This application is ${view.application.status.replace('_', ' ')}: documents can no longer be changed`,
  );
}

/**
 * Checked before the upload's body is read, so a stranger's 10 MB is never taken in: 404 for
 * someone else's application, 403 for an administrator, 409 once it is decided.
 */
export async function assertMayUpload(deps: ApplicationDeps, viewer: ApplicationViewer, applicationId: number) {
  const refusal = uploadRefusal(await loadVisible(deps.database.db, applicationId, viewer), viewer);
  if (refusal) throw refusal;
}

function randomName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Stores an uploaded document: the bytes under a key the server chooses, then the row naming it.
 * If the row cannot be written the bytes are deleted again, so a refused upload leaves nothing.
 */
export async function uploadDocument(
  deps: ApplicationDeps,
  viewer: ApplicationViewer,
  applicationId: number,
  upload: { documentType: ApplicationDocumentType; file: ReceivedFile },
): Promise<DocumentAnswer> {
  await assertMayUpload(deps, viewer, applicationId);
  const { file } = upload;
  const key = `documents/${applicationId}/${randomName()}.${EXTENSION[file.type]}`;
  await deps.files.put(key, file.bytes, { contentType: file.type });
  try {
    return await deps.database.write(async (tx) => {
      const now = deps.clock.now();
      const view = await loadVisible(tx, applicationId, viewer);
      const refusal = uploadRefusal(view, viewer);
      if (refusal) throw refusal;
      if ((await documentsOf(tx, applicationId)).length >= MAX_DOCUMENTS) {
        throw new AppError(409, 'too_many_documents', `An application holds at most ${MAX_DOCUMENTS} documents`);
      }
      const document = await insertDocument(tx, {
        applicationId,
        documentType: upload.documentType,
        fileName: file.fileName,
        storageKey: key,
        fileSize: file.bytes.byteLength,
        mimeType: file.type,
        status: 'pending',
        uploadedAt: now,
      });
      await recordAudit(tx, {
        createdAt: now,
        actorUserId: viewer.userId,
        actorRole: 'customer',
        action: 'application_document.uploaded',
        entityType: 'application_document',
        entityId: String(document.id),
        details: { applicationId, documentType: upload.documentType, fileSize: document.fileSize, mimeType: file.type },
      });
      return documentAnswerOf(document, factsOf(view), viewer);
    });
  } catch (error) {
    await deps.files.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function getDocument(deps: ApplicationDeps, viewer: ApplicationViewer, id: number) {
  const { document, view } = await loadDocument(deps.database.db, id, viewer);
  return documentAnswerOf(document, factsOf(view), viewer);
}

/** The document's bytes, for its applicant and administrators only. */
export async function openDocumentFile(
  deps: ApplicationDeps,
  viewer: ApplicationViewer,
  id: number,
): Promise<{ document: DocumentRow; file: StoredFile }> {
  const { document } = await loadDocument(deps.database.db, id, viewer);
  const file = await deps.files.get(document.storageKey);
  if (!file) {
    deps.logger.error('document bytes missing', { documentId: id, key: document.storageKey });
    throw new AppError(404, 'not_found', 'The file of this document is missing');
  }
  return { document, file };
}

/** The applicant removes a document while the application is open; its bytes go with it. */
export async function deleteDocument(deps: ApplicationDeps, viewer: ApplicationViewer, id: number) {
  const removed = await deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const { document, view } = await loadDocument(tx, id, viewer);
    const refusal = uploadRefusal(view, viewer);
    if (refusal) throw refusal;
    await tx.delete(applicationDocuments).where(eq(applicationDocuments.id, id));
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: viewer.userId,
      actorRole: 'customer',
      action: 'application_document.deleted',
      entityType: 'application_document',
      entityId: String(id),
      details: { applicationId: document.applicationId, documentType: document.documentType },
    });
    return { document, view };
  });
  try {
    await deps.files.delete(removed.document.storageKey);
  } catch (error) {
    deps.logger.warn('document bytes not deleted', { key: removed.document.storageKey, error: String(error) });
  }
  return answerOf(removed.view, viewer);
}

// ─── Administrators ──────────────────────────────────────────────────────────

function assertAdmin(viewer: ApplicationViewer) {
  if (!viewer.isAdmin) throw new AppError(403, 'forbidden', 'Forbidden: administrators only');
}

/** The admin dashboard: a page of applications (optionally of one status) and the counts per status. */
export async function listAdminApplications(deps: ApplicationDeps, viewer: ApplicationViewer, query: ListQuery) {
  assertAdmin(viewer);
  const { db } = deps.database;
  const status = query.status === 'all' ? undefined : query.status;
  const page = await applicationPage(db, { status, page: query.page, pageSize: query.pageSize });
  const counts = await applicationCounts(db);
  const total = counts.pending + counts.under_review + counts.approved + counts.rejected;
  return {
    items: page.rows.map((view) => answerOf(view, viewer)),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    counts: { ...counts, total },
  };
}

/** The detailed review: the application with its documents. */
export async function getApplicationForReview(deps: ApplicationDeps, viewer: ApplicationViewer, id: number) {
  assertAdmin(viewer);
  const { db } = deps.database;
  const view = await loadVisible(db, id, viewer);
  return answerOf(view, viewer, await documentsOf(db, id));
}

function statusError(refusal: NonNullable<ReturnType<typeof statusRefusal>>, from: ApplicationStatus, to: string) {
  switch (refusal) {
    case 'forbidden':
      return new AppError(403, 'forbidden', 'Forbidden: administrators only');
    case 'same_status':
      return new AppError(409, 'same_status', `This application is already ${from.replace('_', ' ')}`);
    case 'unknown_city':
      return new AppError(
        409,
        'unknown_city',
        'None of the coverage areas names a city we serve, so the cleaner cannot be placed; reject it with a note instead',
      );
    default:
      return new AppError(
        409,
        'illegal_transition',
        `A ${from.replace('_', ' ')} application cannot become ${to.replace('_', ' ')}`,
      );
  }
}

/**
 * Creates the cleaner profile of an approved application, or activates and updates the one the user
 * already has: placed in the first coverage area's city (coordinates and time zone), starting with
 * the application's weekly hours when the profile has none.
 */
async function activateCleaner(tx: Tx, view: ApplicationView, now: Date): Promise<number> {
  const { application } = view;
  const city = cityOf(application.coverageAreas);
  if (!city) throw new Error('approval without a known city');
  const profile = {
    bio: application.bio,
    experience: `${application.experience} years`,
    hourlyRateCents: application.hourlyRateCents,
    serviceTypes: application.serviceTypes,
    coverageAreas: application.coverageAreas,
    city: city.name,
    state: city.state,
    zipCode: city.zipCode,
    latitude: city.latitude,
    longitude: city.longitude,
    timeZone: city.timeZone,
    isInsured: application.hasInsurance,
    isBonded: application.hasBond,
    isVerified: true,
    status: 'active' as const,
    updatedAt: now,
  };
  const existing = await cleanerOfUser(tx, application.userId);
  let cleanerId: number;
  if (existing) {
    await tx.update(cleaners).set(profile).where(eq(cleaners.id, existing.id));
    cleanerId = existing.id;
  } else {
    const [row] = await tx
      .insert(cleaners)
      .values({ ...profile, userId: application.userId, createdAt: now })
      .returning({ id: cleaners.id });
    if (!row) throw new Error('cleaner insert returned no row');
    cleanerId = row.id;
  }
  const [hours] = await tx
    .select({ id: availability.id })
    .from(availability)
    .where(eq(availability.cleanerId, cleanerId))
    .limit(1);
  if (!hours) {
    const rows = weeklyHours(application.weeklyAvailability);
    if (rows.length > 0) {
      await tx
        .insert(availability)
        .values(rows.map((r) => ({ ...r, cleanerId, isAvailable: true, createdAt: now, updatedAt: now })));
    }
  }
  return cleanerId;
}

const DECISION_TEXT: Record<Exclude<ApplicationStatus, 'pending'>, { subject: string; body: string }> = {
  under_review: {
    subject: 'Your cleaner application is under review',
    body: 'An administrator is reviewing your application and documents. Reviews take 2-3 business days.',
  },
  approved: {
    subject: 'Welcome to Spotless: your cleaner application is approved',
    body: 'Your cleaner profile is live. Check your weekly hours and time off in the cleaner dashboard (/cleaner-dashboard); customers can now book you.',
  },
  rejected: {
    subject: 'About your cleaner application',
    body: 'We are sorry: we cannot approve your application at this time.',
  },
};

/**
 * An administrator's decision on an application. Approving creates or activates the cleaner
 * profile (the user becomes a cleaner); rejecting an approved application suspends it. The change,
 * the audit entry naming the administrator and the applicant's notification are one transaction.
 */
export async function setApplicationStatus(
  deps: ApplicationDeps,
  viewer: ApplicationViewer,
  id: number,
  input: StatusInput,
): Promise<ApplicationAnswer> {
  assertAdmin(viewer);
  const notes = input.adminNotes ?? input.notes;
  return deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const view = await loadVisible(tx, id, viewer);
    const from = view.application.status;
    const refusal = statusRefusal(factsOf(view), input.status, viewer);
    if (refusal) throw statusError(refusal, from, input.status);
    let cleanerId: number | null = null;
    if (input.status === 'approved') cleanerId = await activateCleaner(tx, view, now);
    if (input.status === 'rejected' && from === 'approved') {
      await tx
        .update(cleaners)
        .set({ status: 'suspended', updatedAt: now })
        .where(eq(cleaners.userId, view.application.userId));
    }
    await tx
      .update(cleanerApplications)
      .set({
        status: input.status,
        ...(notes !== undefined ? { adminNotes: notes || null } : {}),
        reviewedBy: viewer.userId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(cleanerApplications.id, id));
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: viewer.userId,
      actorRole: 'admin',
      action: `application.${input.status}`,
      entityType: 'cleaner_application',
      entityId: String(id),
      details: { from, to: input.status, notes: notes ?? null, ...(cleanerId !== null ? { cleanerId } : {}) },
    });
    if (input.status !== 'pending') {
      const text = DECISION_TEXT[input.status];
      const reason = input.status === 'rejected' && notes ? ` Reason: ${notes}` : '';
      await enqueueNotification(tx, now, {
        type: `application_${input.status}`,
        recipientEmail: view.email,
        recipientUserId: view.application.userId,
        subject: text.subject,
        body: `${text.body}${reason}`,
        payload: { applicationId: id, status: input.status, ...(cleanerId !== null ? { cleanerId } : {}) },
      });
    }
    const updated = await findApplicationView(tx, id);
    if (!updated) throw new Error('application vanished inside its transaction');
    return answerOf(updated, viewer, await documentsOf(tx, id));
  });
}

/** An administrator verifies a document, or rejects it with a reason (required) the applicant is sent. */
export async function reviewDocument(
  deps: ApplicationDeps,
  viewer: ApplicationViewer,
  id: number,
  input: ReviewInput,
): Promise<DocumentAnswer> {
  assertAdmin(viewer);
  const reason = input.rejectionReason?.trim() ?? '';
  return deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const { document, view } = await loadDocument(tx, id, viewer);
    const refusal = documentReviewRefusal(document, input.status, viewer);
    if (refusal === 'same_status') {
      throw new AppError(409, 'same_status', `This document is already ${input.status}`);
    }
    const [updated] = await tx
      .update(applicationDocuments)
      .set({ status: input.status, rejectionReason: input.status === 'rejected' ? reason : null })
      .where(eq(applicationDocuments.id, id))
      .returning();
    if (!updated) throw new Error('document update returned no row');
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: viewer.userId,
      actorRole: 'admin',
      action: `application_document.${input.status}`,
      entityType: 'application_document',
      entityId: String(id),
      details: { applicationId: document.applicationId, from: document.status, reason: reason || null },
    });
    if (input.status === 'rejected') {
      await enqueueNotification(tx, now, {
        type: 'application_document_rejected',
        recipientEmail: view.email,
        recipientUserId: view.application.userId,
        subject: 'A document of your cleaner application needs attention',
        body: `Your document "${document.fileName}" was not accepted. Reason: ${reason}. You can upload another at /apply-cleaner.`,
        payload: { applicationId: document.applicationId, documentId: id },
      });
    }
    return documentAnswerOf(updated, factsOf(view), viewer);
  });
}
