import { MESSAGES } from '@spotless/sdk/rules';
import type { AdminApplicationListQuery, ApplicationInput, ApplicationStatusInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import { addHoursIfNone } from '../availability/availability.queries';
import { suspendCleanerOfUser, upsertCleanerProfile } from '../cleaners/cleaners.queries';
import { type Actor, personOf } from '../contract/actor';
import { AppError, badRequest } from '../contract/errors';
import type { Tx } from '../db/client';
import { cleanerApplications } from '../db/schema';
import type { Deps } from '../deps';
import { applicationDecisionEmail, applicationSubmittedEmail } from '../notifications/cleaner-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import {
  type ApplicationAnswer,
  answerOf,
  applicantOf,
  factsOf,
  loadVisible,
  readerOf,
  reviewerOf,
} from './application-access.service';
import { type ApplicationStatus, applyRefusal, cityOf, statusRefusal, weeklyHours } from './application-rules';
import {
  type ApplicationView,
  applicationCounts,
  applicationPage,
  cleanerOfUser,
  documentsOf,
  findApplicationView,
  hasOpenApplication,
  insertApplication,
  userApplicationViews,
} from './applications.queries';

/**
 * Cleaner applications: applying, the applicant's own list, and the administrators' review and
 * decision. Documents are in `documents.service.ts`.
 */

type ApplicationDeps = Pick<Deps, 'database' | 'clock' | 'files' | 'logger' | 'config' | 'requestUrl'>;
type Input = z.output<typeof ApplicationInput>;
type StatusInput = z.output<typeof ApplicationStatusInput>;
type ListQuery = z.output<typeof AdminApplicationListQuery>;

export type { ApplicationAnswer, DocumentAnswer } from './application-access.service';

// ─── The applicant ───────────────────────────────────────────────────────────

/** Whether this user may apply now (no open application, not already an active cleaner). */
export async function mayApply(deps: Pick<Deps, 'database'>, actor: Actor): Promise<boolean> {
  const person = personOf(actor);
  if (person === null || actor.kind === 'assistant') return false;
  const { userId } = person;
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
 * The application's submission (docs/product/cleaners.md): one open application per user (409
 * 'already have a pending application'), and at least one coverage area must name a city the
 * marketplace serves, since an approved cleaner is placed there for search and their schedule runs
 * on its clock.
 */
export async function submitApplication(deps: ApplicationDeps, actor: Actor, input: Input): Promise<ApplicationAnswer> {
  const applicant = applicantOf(actor, true);
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
      ...applicationSubmittedEmail(siteOf(deps), { firstName: view.firstName }),
      payload: { applicationId: row.id },
      dedupeKey: `application_submitted:${row.id}`,
    });
    return answerOf(view, viewer);
  });
}

/** The signed-in user's own applications, newest first, and whether they may apply now. */
export async function listOwnApplications(deps: ApplicationDeps, actor: Actor) {
  const { userId } = applicantOf(actor, false);
  const viewer = { userId, isAdmin: false };
  const views = await userApplicationViews(deps.database.db, userId);
  return { items: views.map((view) => answerOf(view, viewer)), mayApply: await mayApply(deps, actor) };
}

/** One application for its applicant or an administrator; 404 for anyone else. */
export async function getApplication(deps: ApplicationDeps, actor: Actor, id: number) {
  const viewer = readerOf(actor);
  return answerOf(await loadVisible(deps.database.db, id, viewer), viewer);
}

// ─── Administrators ──────────────────────────────────────────────────────────

/** The admin dashboard: a page of applications (optionally of one status) and the counts per status. */
export async function listAdminApplications(deps: ApplicationDeps, actor: Actor, query: ListQuery) {
  const viewer = reviewerOf(actor);
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
export async function getApplicationForReview(deps: ApplicationDeps, actor: Actor, id: number) {
  const viewer = reviewerOf(actor);
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
  const cleanerId = await upsertCleanerProfile(tx, application.userId, profile, now);
  await addHoursIfNone(tx, cleanerId, weeklyHours(application.weeklyAvailability), now);
  return cleanerId;
}

/**
 * An administrator's decision on an application. Approving creates or activates the cleaner
 * profile (the user becomes a cleaner); rejecting an approved application suspends it. The change,
 * the audit entry naming the administrator and the applicant's notification are one transaction.
 */
export async function setApplicationStatus(
  deps: ApplicationDeps,
  actor: Actor,
  id: number,
  input: StatusInput,
): Promise<ApplicationAnswer> {
  const viewer = reviewerOf(actor);
  const notes = input.adminNotes ?? input.notes;
  return deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const view = await loadVisible(tx, id, viewer);
    const from = view.application.status;
    const refusal = statusRefusal(factsOf(view), input.status, viewer);
    if (refusal) throw statusError(refusal, from, input.status);
    let cleanerId: number | null = null;
    if (input.status === 'approved') cleanerId = await activateCleaner(tx, view, now);
    if (input.status === 'rejected' && from === 'approved')
      await suspendCleanerOfUser(tx, view.application.userId, now);
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
      await enqueueNotification(tx, now, {
        type: `application_${input.status}`,
        recipientEmail: view.email,
        recipientUserId: view.application.userId,
        ...applicationDecisionEmail(siteOf(deps), {
          firstName: view.firstName,
          status: input.status,
          reason: input.status === 'rejected' && notes ? notes : null,
        }),
        payload: { applicationId: id, status: input.status, ...(cleanerId !== null ? { cleanerId } : {}) },
      });
    }
    const updated = await findApplicationView(tx, id);
    if (!updated) throw new Error('application vanished inside its transaction');
    return answerOf(updated, viewer, await documentsOf(tx, id));
  });
}
