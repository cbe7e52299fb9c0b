import { and, eq } from 'drizzle-orm';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, cleaners, reviewPhotos, reviewReports, reviews, reviewVotes } from '../db/schema';
import type { memoryFileStorage } from '../lib/file-storage';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { reviewFixture } from '../test/review-fixtures';
import { containsText, SAMPLE_GPS_MARKER, sampleJpeg, samplePng } from '../test/sample-files';

type Headers_ = Record<string, string>;

/**
 * Writing reviews (docs/product/discovery.md; decision 039): who may review which booking, the
 * cleaner's figures moving in the same transaction (and reaching search), the summaries, votes,
 * responses, reports and photos.
 */

// Monday 15 June 2026, noon UTC. The demo cleaner (id 1) works in Austin, Mon–Sat 08:00–18:00.
const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner, otherCleaner } = await seedWorld(ctx);
const files = ctx.deps.files as ReturnType<typeof memoryFileStorage>;
const ann = await createCustomer(ctx, 'Ann');
const ben = await createCustomer(ctx, 'Ben');
const cat = await createCustomer(ctx, 'Cat');

const as: Record<'ann' | 'ben' | 'cat' | 'cleaner' | 'otherCleaner' | 'anonymous', Headers_> = {
  ann: {},
  ben: {},
  cat: {},
  cleaner: {},
  otherCleaner: {},
  anonymous: { origin: ORIGIN },
};
let admin: Headers_;
const ids = { annDone: 0, benDone: 0, benSpare: 0, annPending: 0 };

async function signInEveryone() {
  as.ann = await sessionFor(ctx, ann);
  as.ben = await sessionFor(ctx, ben);
  as.cat = await sessionFor(ctx, cat);
  as.cleaner = await sessionFor(ctx, demoCleaner.userId);
  as.otherCleaner = await sessionFor(ctx, otherCleaner.userId);
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
  admin = { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };
}

/** A booking made through the API for Wednesday 17 June, paid, accepted by the cleaner. */
async function bookPaidAndAccepted(customer: Headers_, time: string): Promise<number> {
  const booked = await ctx.json<Json>('/api/bookings', {
    method: 'POST',
    headers: customer,
    body: {
      cleanerId: demoCleaner.id,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      scheduledDate: '2026-06-17',
      scheduledTime: time,
      duration: 120,
      totalPrice: '90.00',
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.id as number;
  await ctx.database.write((tx) => tx.update(bookings).set({ paymentStatus: 'succeeded' }).where(eq(bookings.id, id)));
  const accepted = await ctx.json<Json>(`/api/bookings/${id}/status`, {
    method: 'PATCH',
    headers: as.cleaner,
    body: { status: 'confirmed' },
  });
  expect(accepted.status).toBe(200);
  return id;
}

beforeAll(async () => {
  await signInEveryone();
  ids.annDone = await bookPaidAndAccepted(as.ann, '08:00');
  ids.benDone = await bookPaidAndAccepted(as.ben, '11:00');
  ids.benSpare = await bookPaidAndAccepted(as.ben, '14:00');
  // The day after the jobs: the cleaner completes them (the completion rule needs the time come).
  ctx.clock.set('2026-06-18T12:00:00Z');
  await signInEveryone();
  for (const id of [ids.annDone, ids.benDone, ids.benSpare]) {
    const done = await ctx.json<Json>(`/api/bookings/${id}/status`, {
      method: 'PATCH',
      headers: as.cleaner,
      body: { status: 'completed' },
    });
    expect(done.status).toBe(200);
  }
  // A later booking that stays confirmed: not reviewable.
  const later = await ctx.json<Json>('/api/bookings', {
    method: 'POST',
    headers: as.ann,
    body: {
      cleanerId: demoCleaner.id,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      scheduledDate: '2026-07-01',
      scheduledTime: '10:00',
      duration: 120,
      totalPrice: '90.00',
    },
  });
  expect(later.status).toBe(201);
  ids.annPending = later.body.id;
});

const post = (path: string, headers: Headers_, body: unknown) =>
  ctx.json<Json>(path, { method: 'POST', headers, body });
const cleanerRow = async () =>
  (await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, demoCleaner.id)))[0] as typeof demoCleaner;
const reviewOf = async (bookingId: number) =>
  (await ctx.database.db.select().from(reviews).where(eq(reviews.bookingId, bookingId)))[0];
const searchItem = async () => {
  const page = await ctx.json<Json>('/api/cleaners?location=Austin&radius=50&pageSize=100');
  return (page.body.items as Json[]).find((c) => c.id === demoCleaner.id) as Json;
};

let annReviewId = 0;
let benReviewId = 0;

describe('POST /api/reviews', () => {
  it('takes the quick form from the booking’s customer, verified, and moves the cleaner’s figures with it', async () => {
    const before = await cleanerRow();
    const searchedBefore = await searchItem();
    expect(searchedBefore.reviewCount).toBe(before.reviewCount);
    const res = await post('/api/reviews', as.ann, {
      bookingId: ids.annDone,
      cleanerId: demoCleaner.id,
      rating: 4,
      comment: '  Very thorough, a little late.  ',
    });
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
    const body: Json = {};
    for (const field of action.fields as Json[]) if (field.value !== undefined) body[field.name] = field.value;
    Object.assign(body, {
      overallRating: 1,
      qualityRating: 1,
      punctualityRating: 1,
      professionalismRating: 1,
      communicationRating: 1,
      title: 'Not this time',
      comment: 'Arrived late and missed the bathroom.',
      pros: 'Friendly',
      cons: 'Late',
      serviceAreas: ['Bathroom', 'Kitchen', 'Bathroom'],
      timeSpent: '2 hours',
      wouldRecommend: false,
      wouldRebook: false,
    });
    const res = await ctx.json<Json>(action.href, { method: action.method, headers: as.ben, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    benReviewId = res.body.id;
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

describe('votes', () => {
  const vote = (headers: Headers_, voteType: string) => post(`/api/reviews/${benReviewId}/vote`, headers, { voteType });
  const helpful = async () => (await reviewOf(ids.benDone))?.helpfulVotes;
  const votesOf = (userId: number) =>
    ctx.database.db
      .select()
      .from(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, benReviewId), eq(reviewVotes.userId, userId)));

  it('toggle: the same vote again takes it back, the other one switches, one row per user', async () => {
    const seen = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`, { headers: as.cat });
    expect(seen.body.actions.vote).toMatchObject({ method: 'POST', href: `/api/reviews/${benReviewId}/vote` });

    const first = await vote(as.cat, 'helpful');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ helpfulVotes: 1, userVote: { voteType: 'helpful' } });
    expect(first.body.actions.vote.fields[0]).toMatchObject({ name: 'voteType', value: 'helpful' });
    expect(await helpful()).toBe(1);

    const undone = await vote(as.cat, 'helpful');
    expect(undone.body).toMatchObject({ helpfulVotes: 0, userVote: null });
    expect(await votesOf(cat)).toEqual([]);

    await vote(as.cat, 'helpful');
    await vote(as.ann, 'helpful');
    expect(await helpful()).toBe(2);
    const switched = await vote(as.cat, 'not_helpful');
    expect(switched.body).toMatchObject({ helpfulVotes: 1, userVote: { voteType: 'not_helpful' } });
    expect((await votesOf(cat)).map((v) => v.voteType)).toEqual(['not_helpful']);
    const back = await vote(as.cat, 'not_helpful');
    expect(back.body).toMatchObject({ helpfulVotes: 1, userVote: null });
    // Another viewer sees their own vote, not Cat's.
    const annSees = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`, { headers: as.ann });
    expect(annSees.body.userVote).toEqual({ voteType: 'helpful' });
    expect((await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`)).body.userVote).toBeNull();
  });

  it('not on your own review, nor on one about you; signed in only; a vote type only', async () => {
    const before = await helpful();
    for (const who of ['ben', 'cleaner'] as const) {
      const seen = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`, { headers: as[who] });
      expect(seen.body.actions.vote, who).toBeUndefined();
      expect((await vote(as[who], 'helpful')).status, who).toBe(403);
    }
    expect((await vote(as.anonymous, 'helpful')).status).toBe(401);
    expect((await vote(as.cat, 'great')).status).toBe(400);
    expect((await post('/api/reviews/999999/vote', as.cat, { voteType: 'helpful' })).status).toBe(404);
    expect(await helpful()).toBe(before);
  });
});

describe('the cleaner’s response', () => {
  const respond = (headers: Headers_, response: string) =>
    post(`/api/reviews/${benReviewId}/response`, headers, { response });

  it('only the reviewed cleaner, not blank, once', async () => {
    for (const who of ['ben', 'cat', 'otherCleaner'] as const) {
      const seen = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`, { headers: as[who] });
      expect(seen.body.actions.respond, who).toBeUndefined();
      expect((await respond(as[who], 'I am the cleaner, honestly.')).status, who).toBe(403);
    }
    expect((await respond(as.anonymous, 'Hello')).status).toBe(401);
    const seen = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`, { headers: as.cleaner });
    expect(seen.body.actions.respond).toMatchObject({ href: `/api/reviews/${benReviewId}/response` });
    const blank = await respond(as.cleaner, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.response).toBe('Response cannot be blank');

    const ok = await respond(as.cleaner, ' Sorry, Ben — I will make it right. ');
    expect(ok.status).toBe(201);
    expect(ok.body.response).toEqual({ response: 'Sorry, Ben — I will make it right.', createdAt: expect.any(String) });
    expect(ok.body.actions.respond).toBeUndefined();
    const again = await respond(as.cleaner, 'One more thing.');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_responded');
  });
});

describe('reports', () => {
  it('once per user, not by the author, listed for administrators', async () => {
    expect((await post(`/api/reviews/${benReviewId}/report`, as.ben, { reason: 'Mine' })).status).toBe(403);
    expect((await post(`/api/reviews/${benReviewId}/report`, as.cat, { reason: '  ' })).status).toBe(400);
    const report = await post(`/api/reviews/${benReviewId}/report`, as.cat, {
      reason: 'Inappropriate',
      description: 'Mentions a staff member by full name.',
    });
    expect(report.status).toBe(201);
    expect(report.body.actions.report).toBeUndefined();
    const again = await post(`/api/reviews/${benReviewId}/report`, as.cat, { reason: 'Spam' });
    expect(again.status).toBe(409);
    expect(
      await ctx.database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, benReviewId)),
    ).toHaveLength(1);

    const list = await ctx.json<Json>('/api/admin/review-reports', { headers: admin });
    expect(list.status).toBe(200);
    const item = (list.body.items as Json[]).find((r) => r.reviewId === benReviewId);
    expect(item).toMatchObject({ reporterId: cat, reason: 'Inappropriate', status: 'open', cleanerId: demoCleaner.id });
    const one = await ctx.json<Json>(item?.links.self.href, { headers: admin });
    expect(one.body.id).toBe(item?.id);
    expect((await ctx.json<Json>(item?.links.review.href)).body.id).toBe(benReviewId);
    expect((await ctx.json('/api/admin/review-reports', { headers: as.cat })).status).toBe(403);
    expect((await ctx.json('/api/admin/review-reports')).status).toBe(401);
  });
});

const PNG = samplePng(3, 2);
/** A phone photo: EXIF with an orientation and a GPS position. */
const JPEG = sampleJpeg(8, 6, { orientation: 6 });
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');
/** A JPEG's first bytes in front of a page: a polyglot a signature check alone would store. */
const POLYGLOT = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...HTML]);

function upload(headers: Headers_, reviewId: number, parts: Array<{ bytes: Uint8Array; name: string; type: string }>) {
  const form = new FormData();
  for (const [i, part] of parts.entries()) {
    form.append('photos', new File([part.bytes], part.name, { type: part.type }));
    form.append('captions', `Photo ${i + 1}`);
  }
  return ctx.app.request(`/api/reviews/${reviewId}/photos`, { method: 'POST', headers, body: form });
}
const photoKeys = () => files.keys().filter((k) => k.startsWith(`reviews/${benReviewId}/`));
const photoRows = () => ctx.database.db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, benReviewId));

describe('photos', () => {
  it('refuses an HTML file named .jpg and declared image/jpeg, storing nothing', async () => {
    const res = await upload(as.ben, benReviewId, [{ bytes: HTML, name: 'kitchen.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error.code).toBe('invalid_file_type');
    expect(photoKeys()).toEqual([]);
    expect(await photoRows()).toEqual([]);
  });

  it('refuses a JPEG signature in front of HTML (a polyglot): it does not decode', async () => {
    const res = await upload(as.ben, benReviewId, [{ bytes: POLYGLOT, name: 'kitchen.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error.code).toBe('invalid_file_type');
    expect(photoKeys()).toEqual([]);
    expect(await photoRows()).toEqual([]);
  });

  it('refuses a photo of 10 MB + 1 byte, storing nothing', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(as.ben, benReviewId, [{ bytes: big, name: 'big.png', type: 'image/png' }]);
    expect(res.status).toBe(413);
    expect(photoKeys()).toEqual([]);
    expect(await photoRows()).toEqual([]);
  });

  it('refuses a body declared larger than the photos that fit before reading it', async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const res = await ctx.app.request(`/api/reviews/${benReviewId}/photos`, {
      method: 'POST',
      headers: {
        ...as.ben,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(60 * 1024 * 1024),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBe(false);
  });

  it('stores JPEG and PNG re-encoded under server-chosen keys (no EXIF, no GPS, upright), typed with nosniff', async () => {
    // Names and declared types lie both ways: the bytes decide.
    const res = await upload(as.ben, benReviewId, [
      { bytes: PNG, name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: JPEG, name: '../../etc/passwd', type: 'text/html' },
    ]);
    expect(res.status).toBe(201);
    const review = (await res.json()) as Json;
    expect(review.photos).toEqual([
      { id: expect.any(Number), fileUrl: expect.any(String), caption: 'Photo 1', displayOrder: 0 },
      { id: expect.any(Number), fileUrl: expect.any(String), caption: 'Photo 2', displayOrder: 1 },
    ]);
    expect(photoKeys()).toHaveLength(2);
    for (const key of photoKeys()) expect(key).toMatch(new RegExp(`^reviews/${benReviewId}/[0-9a-f]{32}\\.(png|jpg)$`));
    const first = await ctx.app.request(review.photos[0].fileUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(decodePng(new Uint8Array(await first.arrayBuffer()))).toMatchObject({ width: 3, height: 2 });
    const second = await ctx.app.request(review.photos[1].fileUrl);
    expect(second.headers.get('content-type')).toBe('image/jpeg');
    const served = new Uint8Array(await second.arrayBuffer());
    expect(containsText(JPEG, SAMPLE_GPS_MARKER)).toBe(true);
    expect(containsText(served, SAMPLE_GPS_MARKER)).toBe(false);
    expect(containsText(served, 'Exif')).toBe(false);
    // Turned upright by its orientation before the EXIF went: 8 × 6 stored sideways is 6 × 8.
    expect(jpeg.decode(served, { useTArray: true })).toMatchObject({ width: 6, height: 8 });
    // The public list shows them too.
    const listed = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`);
    expect(listed.body.photos).toHaveLength(2);
  });

  it('is for the author only; someone else’s upload is refused before it is read', async () => {
    for (const who of ['cat', 'cleaner'] as const) {
      const res = await upload(as[who], benReviewId, [{ bytes: PNG, name: 'a.png', type: 'image/png' }]);
      expect(res.status, who).toBe(403);
    }
    expect((await upload(as.anonymous, benReviewId, [{ bytes: PNG, name: 'a.png', type: 'image/png' }])).status).toBe(
      401,
    );
    const json = await post(`/api/reviews/${benReviewId}/photos`, as.ben, { photos: [] });
    expect(json.status).toBe(415);
    expect(photoKeys()).toHaveLength(2);
  });

  it('takes at most five: a sixth is refused, and the action disappears at five', async () => {
    const three = await upload(as.ben, benReviewId, [
      { bytes: PNG, name: '3.png', type: 'image/png' },
      { bytes: PNG, name: '4.png', type: 'image/png' },
      { bytes: JPEG, name: '5.jpg', type: 'image/jpeg' },
      { bytes: JPEG, name: '6.jpg', type: 'image/jpeg' },
    ]);
    expect(three.status).toBe(409);
    expect(photoKeys()).toHaveLength(2);
    const fill = await upload(as.ben, benReviewId, [
      { bytes: PNG, name: '3.png', type: 'image/png' },
      { bytes: PNG, name: '4.png', type: 'image/png' },
      { bytes: JPEG, name: '5.jpg', type: 'image/jpeg' },
    ]);
    expect(fill.status).toBe(201);
    const full = (await fill.json()) as Json;
    expect(full.photos).toHaveLength(5);
    expect(full.actions.addPhoto).toBeUndefined();
    const sixth = await upload(as.ben, benReviewId, [{ bytes: PNG, name: '6.png', type: 'image/png' }]);
    expect(sixth.status).toBe(409);
    expect(photoKeys()).toHaveLength(5);
    expect(await photoRows()).toHaveLength(5);
  });

  it('offers the author an upload action while photos fit', async () => {
    const annSees = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${annReviewId}`, { headers: as.ann });
    expect(annSees.body.actions.addPhoto).toMatchObject({
      method: 'POST',
      href: `/api/reviews/${annReviewId}/photos`,
      type: 'multipart/form-data',
    });
    expect(annSees.body.actions.addPhoto.fields[0]).toMatchObject({ name: 'photos', type: 'file', required: true });
    expect((await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${annReviewId}`)).body.actions).toEqual({});
  });
});
