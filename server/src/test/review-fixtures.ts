/** Test support for the reviews suites and the permission matrix: completed bookings, reviews, photos, reports. */
import { eq, sql } from 'drizzle-orm';
import { bookings, cleaners, reviewPhotos, reviewReports, reviews } from '../db/schema';
import type { TestContext } from './harness';

export interface ReviewFixture {
  /** A published review by the customer of a completed booking with the cleaner. */
  reviewId: number;
  /** The path of one stored photo of that review. */
  photoPath: string;
  /** A report of that review by someone else. */
  reportId: number;
  /** A fresh completed, unreviewed booking of the customer with the cleaner. */
  newCompletedBooking(): Promise<number>;
  /** A fresh published review (of a fresh completed booking) by the customer. */
  newReview(): Promise<number>;
}

/** One PNG pixel: real image bytes. */
export const PNG_PIXEL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

export async function reviewFixture(
  ctx: Pick<TestContext, 'database' | 'deps' | 'clock'>,
  parties: { customerId: number; cleanerId: number; reporterId: number },
): Promise<ReviewFixture> {
  let daysAgo = 0;
  async function newCompletedBooking(): Promise<number> {
    daysAgo += 1;
    const startsAt = new Date(ctx.clock.now().getTime() - (30 + daysAgo) * 86_400_000);
    const [row] = await ctx.database.write((tx) =>
      tx
        .insert(bookings)
        .values({
          customerId: parties.customerId,
          cleanerId: parties.cleanerId,
          serviceId: 1,
          status: 'completed',
          paymentStatus: 'succeeded',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
          durationMinutes: 120,
          timeZone: 'America/Chicago',
          address: '1 Main St',
          hourlyRateCents: 4000,
          totalPriceCents: 8000,
        })
        .returning({ id: bookings.id }),
    );
    return row?.id as number;
  }
  async function newReview(): Promise<number> {
    const bookingId = await newCompletedBooking();
    const [row] = await ctx.database.write((tx) =>
      tx
        .insert(reviews)
        .values({
          bookingId,
          cleanerId: parties.cleanerId,
          customerId: parties.customerId,
          serviceId: 1,
          overallRating: 5,
          comment: 'Lovely, careful work.',
          serviceAreas: ['Kitchen'],
        })
        .returning({ id: reviews.id }),
    );
    // The cleaner's figures stay in step with their reviews, as the service keeps them.
    await ctx.database.write((tx) =>
      tx
        .update(cleaners)
        .set({
          ratingSum: sql`${cleaners.ratingSum} + 5`,
          reviewCount: sql`${cleaners.reviewCount} + 1`,
          rating: sql`cast(${cleaners.ratingSum} + 5 as real) / (${cleaners.reviewCount} + 1)`,
        })
        .where(eq(cleaners.id, parties.cleanerId)),
    );
    return row?.id as number;
  }
  const reviewId = await newReview();
  const storageKey = `reviews/${reviewId}/fixture.png`;
  await ctx.deps.files.put(storageKey, PNG_PIXEL, { contentType: 'image/png' });
  const [photo] = await ctx.database.write((tx) =>
    tx.insert(reviewPhotos).values({ reviewId, storageKey, fileUrl: '', displayOrder: 0 }).returning(),
  );
  const [report] = await ctx.database.write((tx) =>
    tx
      .insert(reviewReports)
      .values({ reviewId, reporterId: parties.reporterId, reason: 'Spam' })
      .returning({ id: reviewReports.id }),
  );
  return {
    reviewId,
    photoPath: `/api/reviews/${reviewId}/photos/${photo?.id}`,
    reportId: report?.id as number,
    newCompletedBooking,
    newReview,
  };
}
