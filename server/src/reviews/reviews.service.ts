import type { ReviewCreateInput, ReviewReportInput, ReviewVoteType } from '@spotless/sdk/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { findActiveCleanerByUser } from '../cleaners/cleaners.queries';
import type { Queryable } from '../db/client';
import { cleaners, reviewPhotos, reviewReports, reviewResponses, reviews, reviewVotes } from '../db/schema';
import type { Deps } from '../deps';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { StoredFile } from '../lib/file-storage';
import { contentTypeOfKey, type PhotoUpload, photoKey } from './review-photos';
import {
  ANONYMOUS_REVIEWER,
  MAX_REVIEW_PHOTOS,
  photoRefusal,
  type ReviewCapability,
  type ReviewFacts,
  type ReviewViewer,
  reportRefusal,
  respondRefusal,
  reviewCapabilities,
  reviewRefusal,
  toggleVote,
  voteRefusal,
} from './review-rules';
import {
  findBookingForReview,
  findPublishedReview,
  findReviewFacts,
  findReviewPhoto,
  listCleanerReviews,
  type ReviewData,
  viewerMarks,
} from './reviews.queries';

/**
 * Reviews: every write and every decision about who may do what to a review. The cleaner's
 * rating, rating sum and review count change in the same transaction as the review (DESIGN.md);
 * the search cache sees the change through its version, which a trigger on `cleaners` bumps.
 */

type ReviewDeps = Pick<Deps, 'database' | 'clock' | 'files'>;
type CreateInput = z.output<typeof ReviewCreateInput>;
type ReportInput = z.output<typeof ReviewReportInput>;

/** A signed-in user acting on reviews. */
export interface Reviewer {
  userId: number;
}

/** A review as one viewer sees it: its fields (with their vote) and what they may do to it now. */
export interface ReviewAnswer {
  data: ReviewData & { userVote: { voteType: ReviewVoteType } | null };
  allowed: ReadonlySet<ReviewCapability>;
}

const reviewNotFound = () => notFound('Review');

function factsOf(data: ReviewData): ReviewFacts {
  return {
    customerId: data.customerId,
    cleanerId: data.cleanerId,
    hasResponse: data.response !== null,
    photoCount: data.photos.length,
  };
}

/** Who the viewer is as far as reviews go: their id and their own active cleaner profile. */
async function baseViewer(db: Queryable, userId: number | null) {
  if (userId === null) return ANONYMOUS_REVIEWER;
  const own = await findActiveCleanerByUser(db, userId);
  return { ...ANONYMOUS_REVIEWER, userId, ownCleanerId: own?.id ?? null };
}

/** Each review with this viewer's vote and the actions the rules give them. */
export async function answersFor(db: Queryable, userId: number | null, items: ReviewData[]): Promise<ReviewAnswer[]> {
  const base = await baseViewer(db, userId);
  const marks =
    userId === null
      ? null
      : await viewerMarks(
          db,
          userId,
          items.map((r) => r.id),
        );
  return items.map((data) => {
    const viewer: ReviewViewer = {
      ...base,
      vote: marks?.votes.get(data.id) ?? null,
      hasReported: marks?.reported.has(data.id) ?? false,
    };
    return {
      data: { ...data, userVote: viewer.vote ? { voteType: viewer.vote } : null },
      allowed: reviewCapabilities(factsOf(data), viewer),
    };
  });
}

async function answerOf(db: Queryable, userId: number | null, id: number): Promise<ReviewAnswer> {
  const data = await findPublishedReview(db, id);
  if (!data) throw reviewNotFound();
  const [answer] = await answersFor(db, userId, [data]);
  return answer as ReviewAnswer;
}

/** A page of a cleaner's published reviews as `userId` (or a visitor) sees them. */
export async function listReviewsOf(
  deps: ReviewDeps,
  userId: number | null,
  cleanerId: number,
  page: number,
  limit: number,
  reviewId?: number,
) {
  const { db } = deps.database;
  const found = await listCleanerReviews(db, cleanerId, page, limit, reviewId);
  return { ...found, items: await answersFor(db, userId, found.items) };
}

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
export async function createReview(deps: ReviewDeps, who: Reviewer, input: CreateInput): Promise<ReviewAnswer> {
  const now = deps.clock.now();
  const overall = (input.overallRating ?? input.rating) as number;
  const id = await uniquely(
    () =>
      deps.database.write(async (tx) => {
        const booking = await findBookingForReview(tx, input.bookingId);
        const isCustomer = booking?.customerId === who.userId;
        if (!booking || (!isCustomer && booking.cleanerUserId !== who.userId)) throw notFound('Booking');
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
            customerId: who.userId,
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
        // Relative to the stored figures, in the same statement: concurrent reviews of one cleaner
        // cannot lose each other's update (SET reads the row's values before this update).
        await tx
          .update(cleaners)
          .set({
            ratingSum: sql`${cleaners.ratingSum} + ${overall}`,
            reviewCount: sql`${cleaners.reviewCount} + 1`,
            rating: sql`cast(${cleaners.ratingSum} + ${overall} as real) / (${cleaners.reviewCount} + 1)`,
            updatedAt: now,
          })
          .where(eq(cleaners.id, booking.cleanerId));
        return row.id;
      }),
    alreadyReviewed,
  );
  return answerOf(deps.database.db, who.userId, id);
}

/** The review and this user's relation to it, inside a write; 404 when it is not published. */
async function loadForWrite(tx: Queryable, id: number, userId: number) {
  const facts = await findReviewFacts(tx, id);
  if (!facts) throw reviewNotFound();
  const base = await baseViewer(tx, userId);
  const marks = await viewerMarks(tx, userId, [id]);
  const viewer: ReviewViewer = {
    ...base,
    vote: marks.votes.get(id) ?? null,
    hasReported: marks.reported.has(id),
  };
  return { facts, viewer };
}

/**
 * The helpful / not-helpful toggle: one vote per user and review; the same vote again takes it
 * back, the other one changes it. `helpfulVotes` moves in the same transaction.
 */
export async function voteOnReview(
  deps: ReviewDeps,
  who: Reviewer,
  id: number,
  voteType: ReviewVoteType,
): Promise<ReviewAnswer> {
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const { facts, viewer } = await loadForWrite(tx, id, who.userId);
    if (voteRefusal(facts, viewer) === 'own_review') {
      throw new AppError(403, 'forbidden', 'Forbidden: you cannot vote on a review of your own or about you');
    }
    const { next, helpfulDelta } = toggleVote(viewer.vote, voteType);
    const mine = and(eq(reviewVotes.reviewId, id), eq(reviewVotes.userId, who.userId));
    if (next === null) await tx.delete(reviewVotes).where(mine);
    else if (viewer.vote === null) {
      await tx.insert(reviewVotes).values({ reviewId: id, userId: who.userId, voteType: next, createdAt: now });
    } else await tx.update(reviewVotes).set({ voteType: next, updatedAt: now }).where(mine);
    if (helpfulDelta !== 0) {
      await tx
        .update(reviews)
        .set({ helpfulVotes: sql`max(0, ${reviews.helpfulVotes} + ${helpfulDelta})` })
        .where(eq(reviews.id, id));
    }
  });
  return answerOf(deps.database.db, who.userId, id);
}

const alreadyResponded = () =>
  new AppError(409, 'already_responded', 'This review already has a response: a cleaner answers a review once');

/** The reviewed cleaner's one response; blank is refused by the input schema. */
export async function respondToReview(
  deps: ReviewDeps,
  who: Reviewer,
  id: number,
  response: string,
): Promise<ReviewAnswer> {
  const now = deps.clock.now();
  await uniquely(
    () =>
      deps.database.write(async (tx) => {
        const { facts, viewer } = await loadForWrite(tx, id, who.userId);
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
  return answerOf(deps.database.db, who.userId, id);
}

const alreadyReported = () => new AppError(409, 'already_reported', 'You have already reported this review');

/** A report for administrators; one per user and review, never by its author. */
export async function reportReview(
  deps: ReviewDeps,
  who: Reviewer,
  id: number,
  input: ReportInput,
): Promise<ReviewAnswer> {
  const now = deps.clock.now();
  await uniquely(
    () =>
      deps.database.write(async (tx) => {
        const { facts, viewer } = await loadForWrite(tx, id, who.userId);
        const refusal = reportRefusal(facts, viewer);
        if (refusal === 'own_review')
          throw new AppError(403, 'forbidden', 'Forbidden: you cannot report your own review');
        if (refusal === 'already_reported') throw alreadyReported();
        await tx.insert(reviewReports).values({
          reviewId: id,
          reporterId: who.userId,
          reason: input.reason,
          description: input.description ?? null,
          createdAt: now,
        });
      }),
    alreadyReported,
  );
  return answerOf(deps.database.db, who.userId, id);
}

const tooManyPhotos = () =>
  new AppError(409, 'too_many_photos', `A review has at most ${MAX_REVIEW_PHOTOS} photos`, {
    photos: `At most ${MAX_REVIEW_PHOTOS} photos per review`,
  });

/**
 * The author adds photos. Who may, and how many more fit, are decided before `read` is called,
 * so nobody else's upload is ever read; `read(slots)` reads and checks at most that many files.
 * The bytes are stored first, under keys the server chooses; the rows follow in one transaction
 * that counts again (a concurrent upload may have filled the slots) and the bytes are deleted if
 * it refuses.
 */
export async function addReviewPhotos(
  deps: ReviewDeps,
  who: Reviewer,
  id: number,
  read: (slots: number) => Promise<PhotoUpload[]>,
  urlOf: (photoId: number) => string,
): Promise<ReviewAnswer> {
  const { db } = deps.database;
  const { facts, viewer } = await loadForWrite(db, id, who.userId);
  const refusal = photoRefusal(facts, viewer);
  if (refusal === 'forbidden') throw new AppError(403, 'forbidden', 'Forbidden: only the review’s author adds photos');
  if (refusal === 'too_many') throw tooManyPhotos();
  const uploads = await read(MAX_REVIEW_PHOTOS - facts.photoCount);
  const stored: Array<PhotoUpload & { key: string }> = [];
  try {
    for (const upload of uploads) {
      const key = photoKey(id, upload.contentType);
      await deps.files.put(key, upload.bytes, { contentType: upload.contentType });
      stored.push({ ...upload, key });
    }
    const now = deps.clock.now();
    await deps.database.write(async (tx) => {
      const current = await findReviewFacts(tx, id);
      if (!current) throw reviewNotFound();
      if (photoRefusal(current, viewer, stored.length) === 'too_many') throw tooManyPhotos();
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
    });
  } catch (error) {
    await Promise.all(stored.map((photo) => deps.files.delete(photo.key).catch(() => undefined)));
    throw error;
  }
  return answerOf(db, who.userId, id);
}

/** A published review's photo: its bytes and the type its bytes were found to be. */
export async function openReviewPhoto(
  deps: ReviewDeps,
  reviewId: number,
  photoId: number,
): Promise<StoredFile & { contentType: string }> {
  const photo = await findReviewPhoto(deps.database.db, reviewId, photoId);
  const file = photo ? await deps.files.get(photo.storageKey) : null;
  if (!photo || !file) throw notFound('Photo');
  return { ...file, contentType: contentTypeOfKey(photo.storageKey) };
}
