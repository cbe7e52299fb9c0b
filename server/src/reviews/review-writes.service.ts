import type { ReviewCreateInput, ReviewReportInput, ReviewVoteType } from '@spotless/sdk/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addReviewRating } from '../cleaners/cleaners.queries';
import { type Actor, requirePersonWriting } from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Tx } from '../db/client';
import { reviewPhotos, reviewReports, reviewResponses, reviews, reviewVotes } from '../db/schema';
import type { Deps } from '../deps';
import { type PhotoOwner, type PhotoUpload, storePhotos, tooManyPhotos } from '../files/photos';
import { reviewReceivedEmail } from '../notifications/cleaner-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { answerOf, loadForWrite, type ReviewAnswer, reviewNotFound } from './review-access.service';
import {
  MAX_REVIEW_PHOTOS,
  photoRefusal,
  reportRefusal,
  respondRefusal,
  reviewRefusal,
  toggleVote,
  voteRefusal,
} from './review-rules';
import { findBookingForReview, findReviewFacts, userContactOf } from './reviews.queries';

/**
 * Reviews, the writes: a customer's review of a completed booking, votes, the cleaner's response,
 * reports and photos. The cleaner's rating, rating sum and review count change in the same
 * transaction as the review (decisions 005 and 039); the search cache sees the change through its
 * version, which a trigger on `cleaners` bumps.
 */

type ReviewDeps = Pick<Deps, 'database' | 'clock' | 'files' | 'config' | 'requestUrl'>;
type CreateInput = z.output<typeof ReviewCreateInput>;
type ReportInput = z.output<typeof ReviewReportInput>;

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as { message?: string })?.message ?? ''} ${(error as { cause?: { message?: string } })?.cause?.message ?? ''}`;
  return /UNIQUE constraint failed/i.test(text);
}

/** Runs `write`; a unique index refusing a row (a race another process won) answers `conflict`. */
async function uniquely<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

const alreadyReviewed = () => new AppError(409, 'already_reviewed', 'This booking has already been reviewed');

/**
 * `POST /api/reviews`: the booking's customer reviews it once it is completed, once. Someone the
 * booking is none of the business of gets 404 (decision 007); its cleaner gets 403. The review is
 * verified (it comes from a real, completed booking) and the cleaner's figures move with it.
 */
export async function createReview(deps: ReviewDeps, actor: Actor, input: CreateInput): Promise<ReviewAnswer> {
  const { userId } = requirePersonWriting(actor);
  const now = deps.clock.now();
  const overall = (input.overallRating ?? input.rating) as number;
  const id = await uniquely(
    () =>
      deps.database.write(async (tx) => {
        const booking = await findBookingForReview(tx, input.bookingId);
        const isCustomer = booking?.customerId === userId;
        if (!booking || (!isCustomer && booking.cleanerUserId !== userId)) throw notFound('Booking');
        switch (reviewRefusal(booking, isCustomer)) {
          case 'forbidden':
            throw new AppError(403, 'forbidden', 'Forbidden: only the booking’s customer reviews it');
          case 'not_completed':
            throw new AppError(
              409,
              'booking_not_completed',
              `A ${booking.status} booking cannot be reviewed: only completed bookings can`,
            );
          case 'already_reviewed':
            throw alreadyReviewed();
        }
        if (input.cleanerId !== undefined && input.cleanerId !== booking.cleanerId) {
          throw badRequest('Invalid request body: cleanerId', { cleanerId: 'This is not the booking’s cleaner' });
        }
        const [row] = await tx
          .insert(reviews)
          .values({
            bookingId: booking.id,
            cleanerId: booking.cleanerId,
            customerId: userId,
            serviceId: booking.serviceId,
            overallRating: overall,
            qualityRating: input.qualityRating ?? null,
            punctualityRating: input.punctualityRating ?? null,
            professionalismRating: input.professionalismRating ?? null,
            communicationRating: input.communicationRating ?? null,
            title: input.title ?? null,
            comment: input.comment,
            pros: input.pros ?? null,
            cons: input.cons ?? null,
            serviceAreas: input.serviceAreas,
            timeSpent: input.timeSpent ?? null,
            wouldRecommend: input.wouldRecommend,
            wouldRebook: input.wouldRebook,
            isVerified: true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: reviews.id });
        if (!row) throw new Error('review insert returned no row');
        await addReviewRating(tx, booking.cleanerId, overall, now);
        await tellCleanerOfReview(tx, now, siteOf(deps), booking.cleanerUserId, row.id, overall);
        return row.id;
      }),
    alreadyReviewed,
  );
  return answerOf(deps.database.db, actor, id);
}

/** The cleaner hears of every review of their work, through the outbox, with the review's own transaction. */
async function tellCleanerOfReview(
  tx: Tx,
  now: Date,
  site: string,
  cleanerUserId: number,
  reviewId: number,
  stars: number,
) {
  const cleaner = await userContactOf(tx, cleanerUserId);
  if (!cleaner) return;
  await enqueueNotification(tx, now, {
    type: 'review_received',
    recipientEmail: cleaner.email,
    recipientUserId: cleaner.id,
    ...reviewReceivedEmail(site, { firstName: cleaner.firstName, stars }),
    payload: { reviewId },
    dedupeKey: `review_received:${reviewId}`,
  });
}

/**
 * The helpful / not-helpful toggle: one vote per user and review; the same vote again takes it
 * back, the other one changes it. `helpfulVotes` moves in the same transaction.
 */
export async function voteOnReview(
  deps: ReviewDeps,
  actor: Actor,
  id: number,
  voteType: ReviewVoteType,
): Promise<ReviewAnswer> {
  const { userId } = requirePersonWriting(actor);
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const { facts, viewer } = await loadForWrite(tx, id, actor);
    if (voteRefusal(facts, viewer) === 'own_review') {
      throw new AppError(403, 'forbidden', 'Forbidden: you cannot vote on a review of your own or about you');
    }
    const { next, helpfulDelta } = toggleVote(viewer.vote, voteType);
    const mine = and(eq(reviewVotes.reviewId, id), eq(reviewVotes.userId, userId));
    if (next === null) await tx.delete(reviewVotes).where(mine);
    else if (viewer.vote === null) {
      await tx.insert(reviewVotes).values({ reviewId: id, userId: userId, voteType: next, createdAt: now });
    } else await tx.update(reviewVotes).set({ voteType: next, updatedAt: now }).where(mine);
    if (helpfulDelta !== 0) {
      await tx
        .update(reviews)
        .set({ helpfulVotes: sql`max(0, ${reviews.helpfulVotes} + ${helpfulDelta})` })
        .where(eq(reviews.id, id));
    }
  });
  return answerOf(deps.database.db, actor, id);
}

const alreadyResponded = () =>
  new AppError(409, 'already_responded', 'This review already has a response: a cleaner answers a review once');

/** The reviewed cleaner's one response; blank is refused by the input schema. */
export async function respondToReview(
  deps: ReviewDeps,
  actor: Actor,
  id: number,
  response: string,
): Promise<ReviewAnswer> {
  requirePersonWriting(actor);
  const now = deps.clock.now();
  await uniquely(
    () =>
      deps.database.write(async (tx) => {
        const { facts, viewer } = await loadForWrite(tx, id, actor);
        const refusal = respondRefusal(facts, viewer);
        if (refusal === 'forbidden') {
          throw new AppError(403, 'forbidden', 'Forbidden: only the reviewed cleaner responds to a review');
        }
        if (refusal === 'already_responded') throw alreadyResponded();
        await tx
          .insert(reviewResponses)
          .values({ reviewId: id, cleanerId: facts.cleanerId, response, createdAt: now, updatedAt: now });
      }),
    alreadyResponded,
  );
  return answerOf(deps.database.db, actor, id);
}

const alreadyReported = () => new AppError(409, 'already_reported', 'You have already reported this review');

/** A report for administrators; one per user and review, never by its author. */
export async function reportReview(
  deps: ReviewDeps,
  actor: Actor,
  id: number,
  input: ReportInput,
): Promise<ReviewAnswer> {
  const { userId } = requirePersonWriting(actor);
  const now = deps.clock.now();
  await uniquely(
    () =>
      deps.database.write(async (tx) => {
        const { facts, viewer } = await loadForWrite(tx, id, actor);
        const refusal = reportRefusal(facts, viewer);
        if (refusal === 'own_review')
          throw new AppError(403, 'forbidden', 'Forbidden: you cannot report your own review');
        if (refusal === 'already_reported') throw alreadyReported();
        await tx.insert(reviewReports).values({
          reviewId: id,
          reporterId: userId,
          reason: input.reason,
          description: input.description ?? null,
          createdAt: now,
        });
      }),
    alreadyReported,
  );
  return answerOf(deps.database.db, actor, id);
}

/** Where a review's photos are kept, and what a refusal calls it. */
export const REVIEW_PHOTOS: PhotoOwner = { folder: 'reviews', noun: 'review' };

/**
 * The author adds photos. Who may, and how many more fit, are decided before `read` is called,
 * so nobody else's upload is ever read; `read(slots)` reads and checks at most that many files.
 * The bytes are stored first, under keys the server chooses; the rows follow in one transaction
 * that counts again (a concurrent upload may have filled the slots) and the bytes are deleted if
 * it refuses.
 */
export async function addReviewPhotos(
  deps: ReviewDeps,
  actor: Actor,
  id: number,
  read: (slots: number) => Promise<PhotoUpload[]>,
  urlOf: (photoId: number) => string,
): Promise<ReviewAnswer> {
  requirePersonWriting(actor);
  const { db } = deps.database;
  const { facts, viewer } = await loadForWrite(db, id, actor);
  const refusal = photoRefusal(facts, viewer);
  if (refusal === 'forbidden') throw new AppError(403, 'forbidden', 'Forbidden: only the review’s author adds photos');
  if (refusal === 'too_many') throw tooManyPhotos(REVIEW_PHOTOS);
  const uploads = await read(MAX_REVIEW_PHOTOS - facts.photoCount);
  await storePhotos(deps.files, REVIEW_PHOTOS, id, uploads, (stored) =>
    deps.database.write(async (tx) => {
      const now = deps.clock.now();
      const current = await findReviewFacts(tx, id);
      if (!current) throw reviewNotFound();
      if (photoRefusal(current, viewer, stored.length) === 'too_many') throw tooManyPhotos(REVIEW_PHOTOS);
      for (const [index, photo] of stored.entries()) {
        const [row] = await tx
          .insert(reviewPhotos)
          .values({
            reviewId: id,
            storageKey: photo.key,
            fileUrl: '',
            caption: photo.caption,
            displayOrder: photo.displayOrder ?? current.photoCount + index,
            createdAt: now,
          })
          .returning({ id: reviewPhotos.id });
        if (!row) throw new Error('photo insert returned no row');
        await tx
          .update(reviewPhotos)
          .set({ fileUrl: urlOf(row.id) })
          .where(eq(reviewPhotos.id, row.id));
      }
    }),
  );
  return answerOf(db, actor, id);
}
