import type { Review, ReviewSummary } from '@spotless/sdk/schemas';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { reviewPhotos, reviewResponses, reviews, services, users } from '../db/schema';
import type { Data } from '../lib/hypermedia';

/** Published reviews of one cleaner, newest first, with photos, response, customer and service. */
export async function listCleanerReviews(
  db: Queryable,
  cleanerId: number,
  page: number,
  limit: number,
  reviewId?: number,
) {
  const where = and(
    eq(reviews.cleanerId, cleanerId),
    eq(reviews.status, 'published'),
    reviewId === undefined ? undefined : eq(reviews.id, reviewId),
  );
  const rows = await db
    .select({
      review: reviews,
      total: sql<number>`count(*) over ()`,
      customer: { firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
      serviceName: services.name,
      response: reviewResponses.response,
      responseAt: reviewResponses.createdAt,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.customerId))
    .leftJoin(services, eq(services.id, reviews.serviceId))
    .leftJoin(reviewResponses, eq(reviewResponses.reviewId, reviews.id))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);

  const ids = rows.map((r) => r.review.id);
  const photos =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(reviewPhotos)
          .where(inArray(reviewPhotos.reviewId, ids))
          .orderBy(asc(reviewPhotos.displayOrder), asc(reviewPhotos.id));

  let total = rows[0]?.total;
  if (total === undefined) {
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(reviews).where(where);
    total = count?.n ?? 0;
  }

  const items: Data<Review>[] = rows.map(({ review: r, customer, serviceName, response, responseAt }) => ({
    id: r.id,
    bookingId: r.bookingId,
    cleanerId: r.cleanerId,
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

const roundTo2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** Spec 02 §3 review summary over a cleaner's published reviews, aggregated in SQL. */
export async function summariseCleanerReviews(db: Queryable, cleanerId: number): Promise<Data<ReviewSummary>> {
  const [row] = await db
    .select({
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
    })
    .from(reviews)
    .where(and(eq(reviews.cleanerId, cleanerId), eq(reviews.status, 'published')));
  const total = Number(row?.total ?? 0);
  const percent = (n: number) => (total === 0 ? 0 : Math.round((100 * n) / total));
  return {
    averageRating: roundTo2(row?.average ?? null),
    totalReviews: total,
    ratingDistribution: [5, 4, 3, 2, 1].map((rating) => ({
      rating,
      count: Number(row?.[`r${rating}` as 'r1'] ?? 0),
    })),
    categoryAverages: {
      quality: roundTo2(row?.quality ?? null),
      punctuality: roundTo2(row?.punctuality ?? null),
      professionalism: roundTo2(row?.professionalism ?? null),
      communication: roundTo2(row?.communication ?? null),
    },
    recommendationRate: percent(Number(row?.recommend ?? 0)),
    rebookingRate: percent(Number(row?.rebook ?? 0)),
    verifiedReviewsCount: Number(row?.verified ?? 0),
  };
}
