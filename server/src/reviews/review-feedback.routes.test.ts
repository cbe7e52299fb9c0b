import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewReports, reviewVotes } from '../db/schema';
import type { Json } from '../test/harness';
import { reviewWritesWorld } from '../test/review-writes-world';

type Headers_ = Record<string, string>;

/**
 * What others do with a review (docs/product/discovery.md; decision 039): vote on it, respond to
 * it as its cleaner, report it. Ann's and Ben's reviews are written first, as the suite of
 * POST /api/reviews writes them.
 */
const { ctx, demoCleaner, cat, as, admin, ids, post, reviewOf, writeReviews } = await reviewWritesWorld();

let benReviewId = 0;
beforeAll(async () => {
  ({ benReviewId } = await writeReviews());
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
