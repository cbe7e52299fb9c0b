import { MESSAGES } from '@spotless/sdk/rules';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { auditLog, cleaners, notifications, reviewReports, users } from '../db/schema';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { reviewFixture } from '../test/review-fixtures';

/**
 * Review moderation: the cleaner hears of each review through the outbox; an administrator hides
 * a reported review with a reason (the author is sent it) or shows it again, and the cleaner's
 * rating and count are recounted in the same transaction.
 */

const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner } = await seedWorld(ctx);
const ann = await createCustomer(ctx, 'Ann');
const cat = await createCustomer(ctx, 'Cat');
let admin: Record<string, string> = {};
let asAnn: Record<string, string> = {};
let asCat: Record<string, string> = {};

beforeAll(async () => {
  asAnn = await sessionFor(ctx, ann);
  asCat = await sessionFor(ctx, cat);
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
  admin = { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };
});

const figuresOf = async () => {
  const row = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, demoCleaner.id)).get();
  const [recount] = await ctx.database.db.all<{ n: number; avg: number | null }>(
    sql`select count(*) as n, avg(overall_rating) as avg from reviews where cleaner_id = ${demoCleaner.id} and status = 'published'`,
  );
  return { row, recount };
};

describe('review moderation', () => {
  it('tells the cleaner of a new review through the outbox, in the review’s transaction', async () => {
    const fixture = await reviewFixture(ctx, { customerId: ann, cleanerId: demoCleaner.id, reporterId: cat });
    const bookingId = await fixture.newCompletedBooking();
    const created = await ctx.json<Json>('/api/reviews', {
      method: 'POST',
      headers: asAnn,
      body: { bookingId, rating: 2, comment: 'Late and left the kitchen wet.' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'review_received'), eq(notifications.recipientUserId, demoCleaner.userId)));
    expect(told.map((n) => n.subject)).toEqual(['You have a new 2-star review']);
  });

  it('hides a reported review only with a reason, recounts the cleaner, closes the reports and tells the author', async () => {
    const fixture = await reviewFixture(ctx, { customerId: ann, cleanerId: demoCleaner.id, reporterId: cat });
    const bookingId = await fixture.newCompletedBooking();
    const created = await ctx.json<Json>('/api/reviews', {
      method: 'POST',
      headers: asAnn,
      body: { bookingId, rating: 1, comment: 'Names the cleaner’s home address in full.' },
    });
    const reviewId = created.body.id as number;
    expect(
      (
        await ctx.json(`/api/reviews/${reviewId}/report`, {
          method: 'POST',
          headers: asCat,
          body: { reason: 'Personal information' },
        })
      ).status,
    ).toBe(201);
    const before = await figuresOf();

    const list = await ctx.json<Json>('/api/admin/review-reports', { headers: admin });
    const report = (list.body.items as Json[]).find((r) => r.reviewId === reviewId);
    expect(report?.reviewStatus).toBe('published');
    const hide = report?.actions.hideReview;
    expect(hide).toMatchObject({ method: 'PATCH', href: `/api/admin/reviews/${reviewId}/status` });
    expect(hide.fields.find((f: Json) => f.name === 'reason').required).toBe(true);
    expect(report?.actions.restoreReview).toBeUndefined();

    // Who is asking comes first; then the reason is required.
    expect((await ctx.json(hide.href, { method: 'PATCH', headers: asCat, body: { status: 'hidden' } })).status).toBe(
      403,
    );
    const noReason = await ctx.json<Json>(hide.href, { method: 'PATCH', headers: admin, body: { status: 'hidden' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({ reason: MESSAGES.review.hideReasonRequired });
    expect((await figuresOf()).row?.reviewCount).toBe(before.row?.reviewCount);

    const hidden = await ctx.json<Json>(hide.href, {
      method: 'PATCH',
      headers: admin,
      body: { status: 'hidden', reason: 'It shares someone’s home address' },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const after = await figuresOf();
    expect(after.row?.reviewCount).toBe((before.row?.reviewCount ?? 0) - 1);
    expect(after.row?.reviewCount).toBe(after.recount?.n);
    expect(after.row?.rating).toBeCloseTo(after.recount?.avg ?? 0, 9);
    expect(hidden.body).toMatchObject({
      id: reviewId,
      status: 'hidden',
      cleanerReviewCount: after.row?.reviewCount,
      cleanerRating: Math.round((after.row?.rating ?? 0) * 100) / 100,
    });
    // Gone from the profile, its reports closed, the author told why, the change audited.
    expect((await ctx.json(`/api/reviews/${demoCleaner.id}/${reviewId}`)).status).toBe(404);
    const reports = await ctx.database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    expect(reports.map((r) => r.status)).toEqual(['actioned']);
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'review_hidden'), eq(notifications.recipientUserId, ann)));
    expect(notice?.body).toContain('It shares someone’s home address');
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, String(reviewId))));
    expect(audits.map((a) => a.action)).toEqual(['review.hidden']);

    // The report now offers to show it again; doing so restores the figures.
    const again = await ctx.json<Json>(report?.links.self.href, { headers: admin });
    expect(again.body.actions.hideReview).toBeUndefined();
    const restored = await ctx.json<Json>(again.body.actions.restoreReview.href, {
      method: 'PATCH',
      headers: admin,
      body: { status: 'published' },
    });
    expect(restored.body.status).toBe('published');
    expect((await figuresOf()).row?.reviewCount).toBe(before.row?.reviewCount);
    expect((await ctx.json(`/api/reviews/${demoCleaner.id}/${reviewId}`)).status).toBe(200);
  });

  it('lists a report with the review’s words and the cleaner; Keep Review dismisses its open reports and tells nobody', async () => {
    const fixture = await reviewFixture(ctx, { customerId: ann, cleanerId: demoCleaner.id, reporterId: cat });
    const bookingId = await fixture.newCompletedBooking();
    const created = await ctx.json<Json>('/api/reviews', {
      method: 'POST',
      headers: asAnn,
      body: { bookingId, rating: 4, comment: 'Thorough, though a little late to start.' },
    });
    const reviewId = created.body.id as number;
    await ctx.json(`/api/reviews/${reviewId}/report`, {
      method: 'POST',
      headers: asCat,
      body: { reason: 'Spam or fake review', description: 'Posted twice' },
    });
    const before = await figuresOf();
    const cleanerUser = await ctx.database.db.select().from(users).where(eq(users.id, demoCleaner.userId)).get();
    const noticesBefore = (await ctx.database.db.select().from(notifications)).length;

    const list = await ctx.json<Json>('/api/admin/review-reports', { headers: admin });
    const report = (list.body.items as Json[]).find((r) => r.reviewId === reviewId);
    expect(report).toMatchObject({
      reason: 'Spam or fake review',
      description: 'Posted twice',
      review: { title: null, comment: 'Thorough, though a little late to start.', overallRating: 4 },
      cleaner: { firstName: cleanerUser?.firstName, lastName: cleanerUser?.lastName },
      links: { cleaner: { href: `/api/cleaners/${demoCleaner.id}` } },
    });
    const keep = report?.actions.keepReview;
    expect(keep).toMatchObject({ method: 'PATCH', href: `/api/admin/reviews/${reviewId}/status` });
    expect(keep.fields.find((f: Json) => f.name === 'status').value).toBe('published');
    expect(keep.fields.find((f: Json) => f.name === 'reason').required).toBeFalsy();

    expect((await ctx.json(keep.href, { method: 'PATCH', headers: asCat, body: { status: 'published' } })).status).toBe(
      403,
    );
    const kept = await ctx.json<Json>(keep.href, { method: 'PATCH', headers: admin, body: { status: 'published' } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ id: reviewId, status: 'published', cleanerReviewCount: before.row?.reviewCount });
    // Still shown, its report dismissed and out of the open queue, audited once; nobody is sent anything.
    expect((await ctx.json(`/api/reviews/${demoCleaner.id}/${reviewId}`)).status).toBe(200);
    const reports = await ctx.database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    expect(reports.map((r) => r.status)).toEqual(['dismissed']);
    const open = await ctx.json<Json>('/api/admin/review-reports', { headers: admin });
    expect((open.body.items as Json[]).some((r) => r.reviewId === reviewId)).toBe(false);
    const again = await ctx.json<Json>(report?.links.self.href, { headers: admin });
    expect(again.body.status).toBe('dismissed');
    expect(again.body.actions.keepReview).toBeUndefined();
    expect(again.body.actions.hideReview).toBeDefined();
    expect((await ctx.json(keep.href, { method: 'PATCH', headers: admin, body: { status: 'published' } })).status).toBe(
      200,
    );
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, String(reviewId))));
    expect(audits.map((a) => a.action)).toEqual(['review.kept']);
    expect((await ctx.database.db.select().from(notifications)).length).toBe(noticesBefore);
  });

  it('answers 404 for an unknown review and 401 to a signed-out caller', async () => {
    expect(
      (
        await ctx.json('/api/admin/reviews/999999/status', {
          method: 'PATCH',
          headers: admin,
          body: { status: 'hidden', reason: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.json('/api/admin/reviews/1/status', { method: 'PATCH', headers: { origin: ORIGIN }, body: {} }))
        .status,
    ).toBe(401);
  });
});
