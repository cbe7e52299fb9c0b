import type { ReviewPage, ReviewSummary } from '@spotless/sdk/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleaners, reviewPhotos, reviewResponses, reviews, users } from '../db/schema';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext();
let cleanerId = 0;
let expectedIds: number[] = [];

beforeAll(async () => {
  await seedDemoData(ctx.database, { cleaners: 40, now: ctx.clock.now(), demoAccounts: false, seed: 3 });
  const rows = await ctx.database.db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.cleanerId, (counts.get(r.cleanerId) ?? 0) + 1);
  cleanerId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const target = rows.filter((r) => r.cleanerId === cleanerId);
  // Hide one review and give another a photo and a response.
  await ctx.database.write(async (tx) => {
    await tx.update(reviews).set({ status: 'hidden' }).where(eq(reviews.id, target[1]!.id));
    await tx.insert(reviewPhotos).values({
      reviewId: target[0]!.id,
      storageKey: 'k',
      fileUrl: '/files/k.jpg',
      caption: 'Kitchen',
      displayOrder: 0,
    });
    await tx.delete(reviewResponses).where(eq(reviewResponses.reviewId, target[0]!.id));
    await tx.insert(reviewResponses).values({ reviewId: target[0]!.id, cleanerId, response: 'Thank you!' });
  });
  expectedIds = (
    await ctx.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.cleanerId, cleanerId), eq(reviews.status, 'published')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
  ).map((r) => r.id);
});

describe('GET /api/reviews/:cleanerId', () => {
  it('lists published reviews newest first with customer, service, photos and response', async () => {
    const res = await ctx.json<ReviewPage>(`/api/reviews/${cleanerId}?limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((r) => r.id)).toEqual(expectedIds);
    expect(res.body.total).toBe(expectedIds.length);
    const first = res.body.items[0]!;
    expect(first.photos).toEqual([
      { id: expect.any(Number), fileUrl: '/files/k.jpg', caption: 'Kitchen', displayOrder: 0 },
    ]);
    expect(first.response).toEqual({ response: 'Thank you!', createdAt: expect.any(String) });
    expect(first.customer.firstName).toEqual(expect.any(String));
    expect(first.service?.name).toEqual(expect.any(String));
    expect(first.rating).toBe(first.overallRating);
  });

  it('pages with limit (default 10) and keeps the total', async () => {
    const p1 = await ctx.json<ReviewPage>(`/api/reviews/${cleanerId}?limit=2`);
    const p2 = await ctx.json<ReviewPage>(`/api/reviews/${cleanerId}?limit=2&page=2`);
    expect([...p1.body.items, ...p2.body.items].map((r) => r.id)).toEqual(expectedIds.slice(0, 4));
    expect((await ctx.json<ReviewPage>(`/api/reviews/${cleanerId}`)).body.pageSize).toBe(10);
  });

  it('has a query form, and answers bad or unknown cleaners with 400/404', async () => {
    const q = await ctx.json<ReviewPage>(`/api/reviews?cleanerId=${cleanerId}&limit=5`);
    expect(q.body.items.map((r) => r.id)).toEqual(expectedIds.slice(0, 5));
    expect((await ctx.json('/api/reviews/999999')).status).toBe(404);
    expect((await ctx.json('/api/reviews/abc')).status).toBe(400);
    expect((await ctx.json(`/api/reviews/${cleanerId}?limit=0`)).status).toBe(400);
    expect((await ctx.json('/api/reviews')).status).toBe(400);
  });
});

describe('GET /api/reviews/:cleanerId/summary', () => {
  it('summarises published reviews only, computed independently from the rows', async () => {
    const rows = (await ctx.database.db.select().from(reviews).where(eq(reviews.cleanerId, cleanerId))).filter(
      (r) => r.status === 'published',
    );
    const avg = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    const percent = (n: number) => Math.round((1000 * n) / rows.length) / 10;
    const responded = new Set(
      (await ctx.database.db.select({ id: reviewResponses.reviewId }).from(reviewResponses)).map((r) => r.id),
    );
    const res = await ctx.json<ReviewSummary>(`/api/reviews/${cleanerId}/summary`);
    expect(res.status).toBe(200);
    expect(rows.length).toBe(expectedIds.length);
    expect(res.body).toMatchObject({
      averageRating: avg(rows.map((r) => r.overallRating)),
      totalReviews: rows.length,
      ratingDistribution: [5, 4, 3, 2, 1].map((rating) => ({
        rating,
        count: rows.filter((r) => r.overallRating === rating).length,
        percent: percent(rows.filter((r) => r.overallRating === rating).length),
      })),
      categoryAverages: {
        quality: avg(rows.map((r) => r.qualityRating!)),
        punctuality: avg(rows.map((r) => r.punctualityRating!)),
        professionalism: avg(rows.map((r) => r.professionalismRating!)),
        communication: avg(rows.map((r) => r.communicationRating!)),
      },
      recommendationRate: percent(rows.filter((r) => r.wouldRecommend).length),
      recommendedCount: rows.filter((r) => r.wouldRecommend).length,
      rebookingRate: percent(rows.filter((r) => r.wouldRebook).length),
      rebookedCount: rows.filter((r) => r.wouldRebook).length,
      verifiedReviewsCount: rows.filter((r) => r.isVerified).length,
      responseRate: percent(rows.filter((r) => responded.has(r.id)).length),
      respondedCount: rows.filter((r) => responded.has(r.id)).length,
    });
  });

  it('answers a cleaner without reviews with zeros and nulls, and 400/404 for bad ids', async () => {
    // A cleaner who joined today: no reviews yet, whatever the seed made.
    const [existing] = await ctx.database.db.select().from(cleaners).limit(1);
    const [newcomer] = await ctx.database.write((tx) =>
      tx.insert(users).values({ email: 'newcomer@example.com', firstName: 'New', lastName: 'Comer' }).returning(),
    );
    const [unreviewed] = await ctx.database.write((tx) =>
      tx
        .insert(cleaners)
        .values({
          ...(existing as NonNullable<typeof existing>),
          id: undefined,
          userId: newcomer?.id as number,
          rating: null,
          ratingSum: 0,
          reviewCount: 0,
        })
        .returning({ id: cleaners.id }),
    );
    expect(unreviewed).toBeDefined();
    const res = await ctx.json<ReviewSummary>(`/api/reviews/${unreviewed?.id}/summary`);
    expect(res.status).toBe(200);
    expect(res.body.totalReviews).toBe(0);
    expect(res.body.averageRating).toBeNull();
    expect(res.body.recommendationRate).toBe(0);
    expect(res.body.ratingDistribution.map((d) => d.count)).toEqual([0, 0, 0, 0, 0]);
    expect((await ctx.json('/api/reviews/999999/summary')).status).toBe(404);
    const bad = await ctx.json<{ error: { fields: Record<string, string> } }>('/api/reviews/abc/summary');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('cleanerId');
  });
});
