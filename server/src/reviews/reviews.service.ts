import type { ReviewReportListQuery } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import { type Actor, requireAdmin, requirePublic } from '../contract/actor';
import { notFound } from '../contract/errors';
import type { Deps } from '../deps';
import { type OpenedPhoto, openPhoto } from '../files/photos';
import { answersFor } from './review-access.service';
import {
  findReviewPhoto,
  listCleanerReviews,
  listReviewReports,
  summariseCleanerReviews,
  summarisePlatformReviews,
} from './reviews.queries';

/**
 * Reviews, the reads: a cleaner's published reviews and figures, the platform's figures, photos,
 * and the reports administrators see. The writes are in `review-writes.service.ts`.
 */

type ReviewDeps = Pick<Deps, 'database' | 'clock' | 'files'>;

export type { ReviewAnswer } from './review-access.service';

async function activeCleanerOr404(deps: ReviewDeps, cleanerId: number): Promise<void> {
  if (!(await findActiveCleaner(deps.database.db, cleanerId))) throw notFound('Cleaner');
}

/** A page of a cleaner's published reviews as this actor sees them (public); 404 for no such cleaner. */
export async function listReviewsOf(
  deps: ReviewDeps,
  actor: Actor,
  cleanerId: number,
  page: { page: number; limit: number },
) {
  requirePublic(actor);
  await activeCleanerOr404(deps, cleanerId);
  const { db } = deps.database;
  const found = await listCleanerReviews(db, cleanerId, page.page, page.limit);
  return { ...found, items: await answersFor(db, actor, found.items) };
}

/** One published review of a cleaner, as this actor sees it. */
export async function getReview(deps: ReviewDeps, actor: Actor, cleanerId: number, reviewId: number) {
  requirePublic(actor);
  await activeCleanerOr404(deps, cleanerId);
  const { db } = deps.database;
  const [data] = (await listCleanerReviews(db, cleanerId, 1, 1, reviewId)).items;
  if (!data) throw notFound('Review');
  const [answer] = await answersFor(db, actor, [data]);
  return answer as NonNullable<typeof answer>;
}

/** A cleaner's review figures (public). */
export async function cleanerReviewSummary(deps: ReviewDeps, actor: Actor, cleanerId: number) {
  requirePublic(actor);
  await activeCleanerOr404(deps, cleanerId);
  return summariseCleanerReviews(deps.database.db, cleanerId);
}

/** The figures over every published review (public). */
export async function platformReviewSummary(deps: ReviewDeps, actor: Actor) {
  requirePublic(actor);
  return summarisePlatformReviews(deps.database.db);
}

/** Reported reviews, for administrators. */
export async function reviewReports(deps: ReviewDeps, actor: Actor, query: z.output<typeof ReviewReportListQuery>) {
  requireAdmin(actor);
  return listReviewReports(deps.database.db, query);
}

/** One report, for administrators. */
export async function getReviewReport(deps: ReviewDeps, actor: Actor, id: number) {
  requireAdmin(actor);
  const [report] = (await listReviewReports(deps.database.db, { status: 'all', limit: 1 }, id)).items;
  if (!report) throw notFound('Report');
  return report;
}

/** A published review's photo: its bytes and the type its bytes were found to be. */
export async function openReviewPhoto(
  deps: ReviewDeps,
  actor: Actor,
  reviewId: number,
  photoId: number,
): Promise<OpenedPhoto> {
  requirePublic(actor);
  const photo = await findReviewPhoto(deps.database.db, reviewId, photoId);
  const file = photo ? await openPhoto(deps.files, photo.storageKey) : null;
  if (!file) throw notFound('Photo');
  return file;
}
