import type { Review } from '@spotless/sdk/schemas';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { reviewPhotos, reviewResponses, reviews, services, users } from '../db/schema';

/** Published reviews of one cleaner, newest first, with photos, response, customer and service. */
export async function listCleanerReviews(db: Queryable, cleanerId: number, page: number, limit: number) {
  const where = and(eq(reviews.cleanerId, cleanerId), eq(reviews.status, 'published'));
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

  const items: Review[] = rows.map(({ review: r, customer, serviceName, response, responseAt }) => ({
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
