import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleaners, reviews } from '../db/schema';
import type { Json } from '../test/harness';
import { reviewFixture } from '../test/review-fixtures';
import { BEN_FULL_REVIEW, filledIn, reviewWritesWorld } from '../test/review-writes-world';

/**
 * Writing reviews (docs/product/discovery.md; decision 039): who may review which booking, the
 * cleaner's figures moving in the same transaction (and reaching search), and the summaries.
 */
const { ctx, demoCleaner, otherCleaner, ann, cat, as, ids, post, cleanerRow, reviewOf, searchItem, annQuickReview } =
  await reviewWritesWorld();

let annReviewId = 0;

describe('POST /api/reviews', () => {
  it('takes the quick form from the booking’s customer, verified, and moves the cleaner’s figures with it', async () => {
    const before = await cleanerRow();
    const searchedBefore = await searchItem();
    expect(searchedBefore.reviewCount).toBe(before.reviewCount);
    const res = await post('/api/reviews', as.ann, annQuickReview());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    annReviewId = res.body.id;
    expect(res.body).toMatchObject({
      bookingId: ids.annDone,
      cleanerId: demoCleaner.id,
      customerId: ann,
      rating: 4,
      overallRating: 4,
      qualityRating: null,
      comment: 'Very thorough, a little late.',
      isVerified: true,
      wouldRecommend: true,
      helpfulVotes: 0,
      userVote: null,
      photos: [],
      response: null,
    });
    expect(res.body.links.self.href).toBe(`/api/reviews/${demoCleaner.id}/${annReviewId}`);
    // The author may add photos, and nothing else.
    expect(Object.keys(res.body.actions)).toEqual(['addPhoto']);

    const after = await cleanerRow();
    expect(after.ratingSum).toBe(before.ratingSum + 4);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBeCloseTo((before.ratingSum + 4) / (before.reviewCount + 1), 10);
    const profile = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`);
    expect(profile.body.reviewCount).toBe(after.reviewCount);
    expect(profile.body.rating).toBe(Math.round((after.rating as number) * 100) / 100);
    // Search answers are cached by version: the review's update bumped it.
    const searched = await searchItem();
    expect(searched.reviewCount).toBe(after.reviewCount);
    expect(searched.rating).toBe(profile.body.rating);

    // The booking no longer offers a review.
    const booking = await ctx.json<Json>(`/api/bookings/${ids.annDone}`, { headers: as.ann });
    expect(booking.body.hasReview).toBe(true);
    expect(booking.body.actions.review).toBeUndefined();
    expect(booking.body.links.review).toBeUndefined();
  });

  it('refuses a second review of the same booking with 409, changing nothing', async () => {
    const before = await cleanerRow();
    const again = await post('/api/reviews', as.ann, {
      bookingId: ids.annDone,
      rating: 1,
      comment: 'Changed my mind.',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_reviewed');
    const after = await cleanerRow();
    expect([after.ratingSum, after.reviewCount]).toEqual([before.ratingSum, before.reviewCount]);
  });

  it('keeps the figures exact under concurrent reviews: each booking once, every review counted', async () => {
    const before = (await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, otherCleaner.id)))[0];
    const fixture = await reviewFixture(ctx, { customerId: cat, cleanerId: otherCleaner.id, reporterId: ann });
    const bookingIds = await Promise.all([1, 2, 3, 4, 5].map(() => fixture.newCompletedBooking()));
    // Each booking reviewed twice at once: one of each pair wins.
    const answers = await Promise.all(
      [...bookingIds, ...bookingIds].map((bookingId, i) =>
        post('/api/reviews', as.cat, { bookingId, rating: (i % 5) + 1, comment: 'Raced to review this one.' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const after = (await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, otherCleaner.id)))[0];
    const created = answers.filter((a) => a.status === 201).map((a) => a.body.overallRating as number);
    // The fixture's own review (5 stars) and the five that won the races.
    expect(after?.reviewCount).toBe((before?.reviewCount ?? 0) + 6);
    expect(after?.ratingSum).toBe((before?.ratingSum ?? 0) + 5 + created.reduce((sum, r) => sum + r, 0));
    expect(after?.rating).toBeCloseTo((after?.ratingSum ?? 0) / (after?.reviewCount ?? 1), 10);
  });

  it('refuses a booking that is not completed with 409', async () => {
    const res = await post('/api/reviews', as.ann, {
      bookingId: ids.annPending,
      rating: 5,
      comment: 'Looking forward!',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_not_completed');
    expect(await reviewOf(ids.annPending)).toBeUndefined();
  });

  it('answers someone else’s booking with 404, its cleaner with 403, the signed-out with 401', async () => {
    const body = { bookingId: ids.benSpare, rating: 5, comment: 'I was not even there.' };
    expect((await post('/api/reviews', as.ann, body)).status).toBe(404);
    expect((await post('/api/reviews', as.otherCleaner, body)).status).toBe(404);
    expect((await post('/api/reviews', as.cleaner, body)).status).toBe(403);
    expect((await post('/api/reviews', as.anonymous, body)).status).toBe(401);
    expect((await post('/api/reviews', as.ann, { ...body, bookingId: 999_999 })).status).toBe(404);
    expect(await reviewOf(ids.benSpare)).toBeUndefined();
  });

  it('validates with the product’s messages', async () => {
    const noRating = await post('/api/reviews', as.ben, {
      bookingId: ids.benSpare,
      rating: 0,
      comment: 'Fine work here.',
    });
    expect(noRating.status).toBe(400);
    expect(noRating.body.error.fields.rating).toBe('Please select a rating before submitting');
    const missing = await post('/api/reviews', as.ben, { bookingId: ids.benSpare, comment: 'Fine work here.' });
    expect(missing.body.error.fields.rating).toBe('Please select a rating before submitting');
    const short = await post('/api/reviews', as.ben, { bookingId: ids.benSpare, rating: 5, comment: ' too short ' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.comment).toBe('Comment must be at least 10 characters');
    const wrongCleaner = await post('/api/reviews', as.ben, {
      bookingId: ids.benSpare,
      cleanerId: otherCleaner.id,
      rating: 5,
      comment: 'Fine work here.',
    });
    expect(wrongCleaner.status).toBe(400);
    expect(wrongCleaner.body.error.fields.cleanerId).toBeDefined();
    expect(await reviewOf(ids.benSpare)).toBeUndefined();
  });
});

describe('the summaries', () => {
  it('change in every figure when a (full-form) review is added through the booking’s review action', async () => {
    // A response on the cleaner's reviews, so the response rate has something to move.
    const responded = await post(`/api/reviews/${annReviewId}/response`, as.cleaner, { response: 'Thanks, Ann!' });
    expect(responded.status).toBe(201);

    const cleanerBefore = (await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/summary`)).body;
    const platformBefore = (await ctx.json<Json>('/api/reviews/summary')).body;

    const booking = await ctx.json<Json>(`/api/bookings/${ids.benDone}`, { headers: as.ben });
    const action = booking.body.actions.review;
    expect(action).toMatchObject({ method: 'POST', href: '/api/reviews', operation: 'createReview' });
    const names = (action.fields as Json[]).map((f) => f.name);
    for (const name of ['overallRating', 'qualityRating', 'title', 'comment', 'pros', 'serviceAreas', 'wouldRebook']) {
      expect(names).toContain(name);
    }
    expect((action.fields as Json[]).find((f) => f.name === 'comment')).toMatchObject({ minLength: 10 });
    // No rating is chosen for the reviewer: the form starts with none (recommend and rebook at yes).
    for (const name of ['overallRating', 'qualityRating', 'punctualityRating']) {
      expect((action.fields as Json[]).find((f) => f.name === name)?.value, name).toBeUndefined();
    }
    expect((action.fields as Json[]).find((f) => f.name === 'wouldRebook')?.value).toBe(true);
    const body = filledIn(action, BEN_FULL_REVIEW);
    const res = await ctx.json<Json>(action.href, { method: action.method, headers: as.ben, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.serviceAreas).toEqual(['Bathroom', 'Kitchen']);
    expect(res.body).toMatchObject({ title: 'Not this time', cons: 'Late', wouldRebook: false, qualityRating: 1 });

    const cleanerAfter = (await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/summary`)).body;
    const platformAfter = (await ctx.json<Json>('/api/reviews/summary')).body;
    for (const figure of [
      'averageRating',
      'totalReviews',
      'ratingDistribution',
      'recommendationRate',
      'rebookingRate',
      'verifiedReviewsCount',
      'responseRate',
    ]) {
      expect(cleanerAfter[figure], `cleaner ${figure}`).not.toEqual(cleanerBefore[figure]);
    }
    for (const category of ['quality', 'punctuality', 'professionalism', 'communication']) {
      expect(cleanerAfter.categoryAverages[category], category).not.toEqual(cleanerBefore.categoryAverages[category]);
    }
    for (const figure of [
      'averageRating',
      'totalReviews',
      'ratingDistribution',
      'recommendationRate',
      'responseRate',
      'verifiedReviewsCount',
    ]) {
      expect(platformAfter[figure], `platform ${figure}`).not.toEqual(platformBefore[figure]);
    }
    expect(cleanerAfter.totalReviews).toBe(cleanerBefore.totalReviews + 1);
    expect(platformAfter.totalReviews).toBe(platformBefore.totalReviews + 1);
    const ones = (s: Json) => s.ratingDistribution.find((d: Json) => d.rating === 1).count;
    expect(ones(platformAfter)).toBe(ones(platformBefore) + 1);
  });

  it('are computed from the data: the platform figures agree with the rows', async () => {
    const rows = await ctx.database.db.select().from(reviews).where(eq(reviews.status, 'published'));
    const platform = (await ctx.json<Json>('/api/reviews/summary')).body;
    const average = rows.reduce((sum, r) => sum + r.overallRating, 0) / rows.length;
    expect(platform.totalReviews).toBe(rows.length);
    expect(platform.averageRating).toBe(Math.round(average * 100) / 100);
    expect(platform.recommendationRate).toBe(
      Math.round((1000 * rows.filter((r) => r.wouldRecommend).length) / rows.length) / 10,
    );
    expect(platform.recommendedCount).toBe(rows.filter((r) => r.wouldRecommend).length);
    expect(platform.ratingDistribution.map((d: Json) => d.rating)).toEqual([5, 4, 3, 2, 1]);
    expect(platform.ratingDistribution.reduce((n: number, d: Json) => n + d.count, 0)).toBe(rows.length);
    expect(platform.links.self.href).toBe('/api/reviews/summary');
  });
});
