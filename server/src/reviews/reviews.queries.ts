import type { PlatformReviewSummary, Review, ReviewReport, ReviewSummary } from '@spotless/sdk/schemas';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable, Tx } from '../db/client';
import { preparedPer } from '../db/prepared';
import {
  bookings,
  cleaners,
  reviewPhotos,
  reviewReports,
  reviewResponses,
  reviews,
  reviewVotes,
  services,
  users,
} from '../db/schema';
import { percentOf, type VoteType } from './review-rules';

/** A review's fields, before the viewer's own vote (`userVote`) is known. */
export type ReviewData = Omit<Data<Review>, 'userVote'>;

const published = eq(reviews.status, 'published');
/**
 * The outer review's id inside a correlated subquery, spelled out: Drizzle leaves columns
 * unqualified in a single-table query, where `id` would mean the subquery's own table.
 */
const OUTER_REVIEW_ID = sql.raw('"reviews"."id"');

/** What a review list reads for each review: the review, its customer, service and response. */
const reviewColumns = {
  review: reviews,
  total: sql<number>`count(*) over ()`,
  customer: { firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
  serviceName: services.name,
  response: reviewResponses.response,
  responseAt: reviewResponses.createdAt,
};

function selectReviews(db: Queryable) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.customerId))
    .leftJoin(services, eq(services.id, reviews.serviceId))
    .leftJoin(reviewResponses, eq(reviewResponses.reviewId, reviews.id));
}

/** A page of one cleaner's published reviews, the read every profile makes: built once (db/prepared.ts). */
const cleanerReviewPage = preparedPer((db) =>
  selectReviews(db)
    .where(and(published, eq(reviews.cleanerId, sql.placeholder('cleanerId'))))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

/** The photos of the reviews whose ids are given as a JSON array: one prepared query for any number. */
const photosOf = preparedPer((db) =>
  db
    .select()
    .from(reviewPhotos)
    .where(sql`${reviewPhotos.reviewId} in (select value from json_each(${sql.placeholder('ids')}))`)
    .orderBy(asc(reviewPhotos.displayOrder), asc(reviewPhotos.id))
    .prepare(),
);

const cleanerReviewCount = preparedPer((db) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(reviews)
    .where(and(published, eq(reviews.cleanerId, sql.placeholder('cleanerId'))))
    .prepare(),
);

/** Published reviews matching `where`, newest first, with photos, response, customer and service. */
async function loadReviews(db: Queryable, where: { cleanerId: number } | SQL | undefined, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const byCleaner = where !== undefined && 'cleanerId' in where;
  const condition = byCleaner ? and(published, eq(reviews.cleanerId, where.cleanerId)) : and(published, where);
  const rows = byCleaner
    ? await cleanerReviewPage(db).execute({ cleanerId: where.cleanerId, limit, offset })
    : await selectReviews(db)
        .where(condition)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);

  const ids = rows.map((r) => r.review.id);
  const photos = ids.length === 0 ? [] : await photosOf(db).execute({ ids: JSON.stringify(ids) });

  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end: the count alone.
    const [count] = byCleaner
      ? await cleanerReviewCount(db).execute({ cleanerId: where.cleanerId })
      : await db.select({ n: sql<number>`count(*)` }).from(reviews).where(condition);
    total = count?.n ?? 0;
  }

  const items: ReviewData[] = rows.map(({ review: r, customer, serviceName, response, responseAt }) => ({
    id: r.id,
    bookingId: r.bookingId,
    cleanerId: r.cleanerId,
    customerId: r.customerId,
    rating: r.overallRating,
    overallRating: r.overallRating,
    qualityRating: r.qualityRating,
    punctualityRating: r.punctualityRating,
    professionalismRating: r.professionalismRating,
    communicationRating: r.communicationRating,
    title: r.title,
    comment: r.comment,
    pros: r.pros,
    cons: r.cons,
    serviceAreas: r.serviceAreas,
    timeSpent: r.timeSpent,
    wouldRecommend: r.wouldRecommend,
    wouldRebook: r.wouldRebook,
    isVerified: r.isVerified,
    helpfulVotes: r.helpfulVotes,
    photos: photos
      .filter((p) => p.reviewId === r.id)
      .map((p) => ({ id: p.id, fileUrl: p.fileUrl, caption: p.caption, displayOrder: p.displayOrder })),
    response: response && responseAt ? { response, createdAt: responseAt.toISOString() } : null,
    customer: {
      firstName: customer?.firstName ?? null,
      lastName: customer?.lastName ?? null,
      profileImageUrl: customer?.profileImageUrl ?? null,
    },
    service: serviceName ? { name: serviceName } : null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total, page, pageSize: limit };
}

/** Published reviews of one cleaner, newest first (`reviewId`: only that one). */
export function listCleanerReviews(db: Queryable, cleanerId: number, page: number, limit: number, reviewId?: number) {
  return loadReviews(
    db,
    reviewId === undefined ? { cleanerId } : and(eq(reviews.cleanerId, cleanerId), eq(reviews.id, reviewId)),
    page,
    limit,
  );
}

/** One published review by its id. */
export async function findPublishedReview(db: Queryable, id: number): Promise<ReviewData | undefined> {
  return (await loadReviews(db, eq(reviews.id, id), 1, 1)).items[0];
}

/** A review row with what the rules need: whether it was answered, its photos, its cleaner's user. */
export async function findReviewFacts(db: Queryable, id: number) {
  const [row] = await db
    .select({
      review: reviews,
      hasResponse: sql<number>`exists (select 1 from ${reviewResponses} where ${reviewResponses.reviewId} = ${OUTER_REVIEW_ID})`,
      photoCount: sql<number>`(select count(*) from ${reviewPhotos} where ${reviewPhotos.reviewId} = ${OUTER_REVIEW_ID})`,
    })
    .from(reviews)
    .where(and(eq(reviews.id, id), published))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row.review,
    hasResponse: Boolean(row.hasResponse),
    photoCount: Number(row.photoCount),
  };
}

/** The viewer's votes and reports among `reviewIds`. */
export async function viewerMarks(db: Queryable, userId: number, reviewIds: number[]) {
  if (reviewIds.length === 0) return { votes: new Map<number, VoteType>(), reported: new Set<number>() };
  const votes = await db
    .select({ reviewId: reviewVotes.reviewId, voteType: reviewVotes.voteType })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, reviewIds)));
  const reports = await db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .where(and(eq(reviewReports.reporterId, userId), inArray(reviewReports.reviewId, reviewIds)));
  return {
    votes: new Map(votes.map((v) => [v.reviewId, v.voteType])),
    reported: new Set(reports.map((r) => r.reviewId)),
  };
}

/** A booking as the review rules see it. */
export async function findBookingForReview(db: Queryable, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      customerId: bookings.customerId,
      cleanerId: bookings.cleanerId,
      serviceId: bookings.serviceId,
      cleanerUserId: cleaners.userId,
      hasReview: sql<number>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ? { ...row, hasReview: Boolean(row.hasReview) } : undefined;
}

export async function findReviewPhoto(db: Queryable, reviewId: number, photoId: number) {
  const [row] = await db
    .select({ storageKey: reviewPhotos.storageKey })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, reviewId), published))
    .limit(1);
  return row;
}

const roundTo2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** The aggregates both summaries share (one cleaner's published reviews, or all of them), in one statement. */
const summaryColumns = {
  total: sql<number>`count(*)`,
  average: sql<number | null>`avg(${reviews.overallRating})`,
  r1: sql<number>`coalesce(sum(${reviews.overallRating} = 1), 0)`,
  r2: sql<number>`coalesce(sum(${reviews.overallRating} = 2), 0)`,
  r3: sql<number>`coalesce(sum(${reviews.overallRating} = 3), 0)`,
  r4: sql<number>`coalesce(sum(${reviews.overallRating} = 4), 0)`,
  r5: sql<number>`coalesce(sum(${reviews.overallRating} = 5), 0)`,
  quality: sql<number | null>`avg(${reviews.qualityRating})`,
  punctuality: sql<number | null>`avg(${reviews.punctualityRating})`,
  professionalism: sql<number | null>`avg(${reviews.professionalismRating})`,
  communication: sql<number | null>`avg(${reviews.communicationRating})`,
  recommend: sql<number>`coalesce(sum(${reviews.wouldRecommend}), 0)`,
  rebook: sql<number>`coalesce(sum(${reviews.wouldRebook}), 0)`,
  verified: sql<number>`coalesce(sum(${reviews.isVerified}), 0)`,
  responded: sql<number>`coalesce(sum(exists (select 1 from ${reviewResponses} where ${reviewResponses.reviewId} = ${OUTER_REVIEW_ID})), 0)`,
};

/** One cleaner's figures, the read every profile makes: built once (db/prepared.ts). */
const cleanerSummary = preparedPer((db) =>
  db
    .select(summaryColumns)
    .from(reviews)
    .where(and(published, eq(reviews.cleanerId, sql.placeholder('cleanerId'))))
    .prepare(),
);

async function aggregate(db: Queryable, where: { cleanerId: number } | undefined) {
  const [row] = where
    ? await cleanerSummary(db).execute({ cleanerId: where.cleanerId })
    : await db.select(summaryColumns).from(reviews).where(published);
  const total = Number(row?.total ?? 0);
  const n = (value: number | null | undefined) => Number(value ?? 0);
  return {
    averageRating: roundTo2(row?.average ?? null),
    totalReviews: total,
    ratingDistribution: [5, 4, 3, 2, 1].map((rating) => {
      const count = n(row?.[`r${rating}` as 'r1']);
      return { rating, count, percent: percentOf(count, total) };
    }),
    categoryAverages: {
      quality: roundTo2(row?.quality ?? null),
      punctuality: roundTo2(row?.punctuality ?? null),
      professionalism: roundTo2(row?.professionalism ?? null),
      communication: roundTo2(row?.communication ?? null),
    },
    recommendationRate: percentOf(n(row?.recommend), total),
    recommendedCount: n(row?.recommend),
    rebookingRate: percentOf(n(row?.rebook), total),
    rebookedCount: n(row?.rebook),
    verifiedReviewsCount: n(row?.verified),
    responseRate: percentOf(n(row?.responded), total),
    respondedCount: n(row?.responded),
  };
}

/** The review summary (docs/product/discovery.md) over a cleaner's published reviews, aggregated in SQL. */
export async function summariseCleanerReviews(db: Queryable, cleanerId: number): Promise<Data<ReviewSummary>> {
  return aggregate(db, { cleanerId });
}

/** The reviews page's platform figures over every published review. */
export async function summarisePlatformReviews(db: Queryable): Promise<Data<PlatformReviewSummary>> {
  const { categoryAverages: _c, rebookingRate: _r, rebookedCount: _b, ...figures } = await aggregate(db, undefined);
  return figures;
}

/** Reports for administrators, newest first. */
export async function listReviewReports(
  db: Queryable,
  query: { status: 'open' | 'dismissed' | 'actioned' | 'all'; limit: number },
  id?: number,
) {
  const where = and(
    query.status === 'all' ? undefined : eq(reviewReports.status, query.status),
    id === undefined ? undefined : eq(reviewReports.id, id),
  );
  const rows = await db
    .select({
      report: reviewReports,
      cleanerId: reviews.cleanerId,
      reviewStatus: reviews.status,
      title: reviews.title,
      comment: reviews.comment,
      overallRating: reviews.overallRating,
      firstName: users.firstName,
      lastName: users.lastName,
      total: sql<number>`count(*) over ()`,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(cleaners, eq(cleaners.id, reviews.cleanerId))
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(where)
    .orderBy(desc(reviewReports.createdAt), desc(reviewReports.id))
    .limit(query.limit);
  const items: Data<ReviewReport>[] = rows.map((row) => ({
    id: row.report.id,
    reviewId: row.report.reviewId,
    cleanerId: row.cleanerId,
    reporterId: row.report.reporterId,
    reason: row.report.reason,
    description: row.report.description,
    status: row.report.status,
    reviewStatus: row.reviewStatus,
    review: { title: row.title, comment: row.comment, overallRating: row.overallRating },
    cleaner: { firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    createdAt: row.report.createdAt.toISOString(),
  }));
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** A review's moderation facts: its cleaner, author, status and the cleaner's user for notices. */
export async function findReviewForModeration(db: Queryable, id: number) {
  return db
    .select({
      id: reviews.id,
      status: reviews.status,
      cleanerId: reviews.cleanerId,
      customerId: reviews.customerId,
      comment: reviews.comment,
    })
    .from(reviews)
    .where(eq(reviews.id, id))
    .get();
}

/** Shows or hides a review. */
export async function setReviewStatus(tx: Tx, id: number, status: 'published' | 'hidden', now: Date) {
  await tx.update(reviews).set({ status, updatedAt: now }).where(eq(reviews.id, id));
}

/**
 * The open reports of a review become `actioned` (it was hidden) or `dismissed` (shown again, or
 * kept); answers how many were open.
 */
export async function closeReportsOf(tx: Tx, reviewId: number, outcome: 'actioned' | 'dismissed'): Promise<number> {
  const closed = await tx
    .update(reviewReports)
    .set({ status: outcome })
    .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, 'open')))
    .returning({ id: reviewReports.id });
  return closed.length;
}

/** The sum and count of a cleaner's published ratings, from the reviews themselves. */
export async function publishedRatingsOf(db: Queryable, cleanerId: number): Promise<{ sum: number; count: number }> {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${reviews.overallRating}), 0)`,
      count: sql<number>`count(*)`,
    })
    .from(reviews)
    .where(and(eq(reviews.cleanerId, cleanerId), eq(reviews.status, 'published')));
  return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
}

/** Where to tell a user something (the author of a review, a reviewed cleaner). */
export function userContactOf(db: Queryable, userId: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}
