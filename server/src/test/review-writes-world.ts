/**
 * The world of the review-writing suites (docs/product/discovery.md; decision 039). Monday
 * 15 June 2026, noon UTC. The demo cleaner (id 1) works in Austin, Mon–Sat 08:00–18:00; Ann and
 * Ben each have a job of Wednesday 17 June with them, paid, accepted and — the day after, the
 * clock's now — completed (Ben a spare one too), and Ann a later booking, still confirmed.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, cleaners, reviews } from '../db/schema';
import type { memoryFileStorage } from '../files/file-storage';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from './booking-fixtures';
import { createTestContext, type Json } from './harness';

type Headers_ = Record<string, string>;

/** What Ben writes in the full form: one star, and every other field too. */
export const BEN_FULL_REVIEW: Json = {
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
};

/** A review action's form filled in: the values its fields carry, then what the reviewer writes. */
export function filledIn(action: Json, written: Json): Json {
  const body: Json = {};
  for (const field of action.fields as Json[]) if (field.value !== undefined) body[field.name] = field.value;
  return Object.assign(body, written);
}

export async function reviewWritesWorld() {
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
  const admin: Headers_ = {};
  const ids = { annDone: 0, benDone: 0, benSpare: 0, annPending: 0 };

  async function signInEveryone() {
    as.ann = await sessionFor(ctx, ann);
    as.ben = await sessionFor(ctx, ben);
    as.cat = await sessionFor(ctx, cat);
    as.cleaner = await sessionFor(ctx, demoCleaner.userId);
    as.otherCleaner = await sessionFor(ctx, otherCleaner.userId);
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
    Object.assign(admin, { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN });
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
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ paymentStatus: 'succeeded' }).where(eq(bookings.id, id)),
    );
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

  /** Ann's review of her job, by the quick form: four stars. */
  const annQuickReview = () => ({
    bookingId: ids.annDone,
    cleanerId: demoCleaner.id,
    rating: 4,
    comment: '  Very thorough, a little late.  ',
  });

  /**
   * Ann's quick review and Ben's full-form one (through his booking's review action), as the suite
   * of POST /api/reviews writes them: what the votes, the response, the reports and the photos are
   * about.
   */
  async function writeReviews() {
    const annReview = await post('/api/reviews', as.ann, annQuickReview());
    const booking = await ctx.json<Json>(`/api/bookings/${ids.benDone}`, { headers: as.ben });
    const action = booking.body.actions.review;
    const benReview = await ctx.json<Json>(action.href, {
      method: action.method,
      headers: as.ben,
      body: filledIn(action, BEN_FULL_REVIEW),
    });
    expect([annReview.status, benReview.status]).toEqual([201, 201]);
    return { annReviewId: annReview.body.id as number, benReviewId: benReview.body.id as number };
  }

  return {
    ctx,
    demoCleaner,
    otherCleaner,
    files,
    ann,
    cat,
    as,
    admin,
    ids,
    post,
    cleanerRow,
    reviewOf,
    searchItem,
    annQuickReview,
    writeReviews,
  };
}
