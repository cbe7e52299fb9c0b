import { type Context, Hono } from 'hono';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { linkTo } from '../lib/hypermedia';
import { endpoint, inputOf } from '../lib/operations';
import { assertAdminSession, signedInUserId } from '../lib/signed-in';
import { readPhotoUpload } from './review-photos';
import { reviewsApi as api } from './reviews.openapi';
import { listReviewReports, summariseCleanerReviews, summarisePlatformReviews } from './reviews.queries';
import {
  renderPlatformSummary,
  renderReview,
  renderReviewPage,
  renderReviewReport,
  renderReviewReportList,
  renderReviewSummary,
} from './reviews.resource';
import {
  addReviewPhotos,
  createReview,
  listReviewsOf,
  openReviewPhoto,
  reportReview,
  respondToReview,
  voteOnReview,
} from './reviews.service';

const viewerId = (c: Context<AppEnv>) => c.var.auth?.user?.id ?? null;

async function cleanerReviews(c: Context<AppEnv>, cleanerId: number, page: number, limit: number) {
  if (!(await findActiveCleaner(c.var.deps.database.db, cleanerId))) throw notFound('Cleaner');
  const found = await listReviewsOf(c.var.deps, viewerId(c), cleanerId, page, limit);
  return renderReviewPage(c.var.operations, cleanerId, found);
}

export const reviewsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createReview), async (c) => {
    const userId = signedInUserId(c);
    const answer = await createReview(c.var.deps, { userId }, inputOf(c, api.createReview).json);
    return c.json(renderReview(c.var.operations, answer), 201);
  })
  .get(...endpoint(api.listReviews), async (c) => {
    const { cleanerId, page, limit } = inputOf(c, api.listReviews).query;
    return c.json(await cleanerReviews(c, cleanerId, page, limit));
  })
  // Before `/:cleanerId`: the platform's figures, not a cleaner called "summary".
  .get(...endpoint(api.getPlatformReviewSummary), async (c) =>
    c.json(renderPlatformSummary(c.var.operations, await summarisePlatformReviews(c.var.deps.database.db))),
  )
  .get(...endpoint(api.listCleanerReviews), async (c) => {
    const { page, limit } = inputOf(c, api.listCleanerReviews).query;
    return c.json(await cleanerReviews(c, inputOf(c, api.listCleanerReviews).param.cleanerId, page, limit));
  })
  .get(...endpoint(api.getReviewSummary), async (c) => {
    const { cleanerId } = inputOf(c, api.getReviewSummary).param;
    const { db } = c.var.deps.database;
    if (!(await findActiveCleaner(db, cleanerId))) throw notFound('Cleaner');
    return c.json(renderReviewSummary(c.var.operations, cleanerId, await summariseCleanerReviews(db, cleanerId)));
  })
  .get(...endpoint(api.getReview), async (c) => {
    const { cleanerId, reviewId } = inputOf(c, api.getReview).param;
    if (!(await findActiveCleaner(c.var.deps.database.db, cleanerId))) throw notFound('Cleaner');
    const [review] = (await listReviewsOf(c.var.deps, viewerId(c), cleanerId, 1, 1, reviewId)).items;
    if (!review) throw notFound('Review');
    return c.json(renderReview(c.var.operations, review));
  })
  .post(...endpoint(api.voteOnReview), async (c) => {
    const userId = signedInUserId(c);
    const { voteType } = inputOf(c, api.voteOnReview).json;
    const answer = await voteOnReview(c.var.deps, { userId }, inputOf(c, api.voteOnReview).param.id, voteType);
    return c.json(renderReview(c.var.operations, answer));
  })
  .post(...endpoint(api.respondToReview), async (c) => {
    const userId = signedInUserId(c);
    const { response } = inputOf(c, api.respondToReview).json;
    const answer = await respondToReview(c.var.deps, { userId }, inputOf(c, api.respondToReview).param.id, response);
    return c.json(renderReview(c.var.operations, answer), 201);
  })
  .post(...endpoint(api.reportReview), async (c) => {
    const userId = signedInUserId(c);
    const answer = await reportReview(
      c.var.deps,
      { userId },
      inputOf(c, api.reportReview).param.id,
      inputOf(c, api.reportReview).json,
    );
    return c.json(renderReview(c.var.operations, answer), 201);
  })
  .post(...endpoint(api.addReviewPhotos), async (c) => {
    const userId = signedInUserId(c);
    const { id } = inputOf(c, api.addReviewPhotos).param;
    const ops = c.var.operations;
    const answer = await addReviewPhotos(
      c.var.deps,
      { userId },
      id,
      (slots) => readPhotoUpload(c.req.raw, slots),
      (photoId) => linkTo(ops, 'getReviewPhoto', { id, photoId }).href,
    );
    return c.json(renderReview(ops, answer), 201);
  })
  .get(...endpoint(api.getReviewPhoto), async (c) => {
    const { id, photoId } = inputOf(c, api.getReviewPhoto).param;
    const photo = await openReviewPhoto(c.var.deps, id, photoId);
    return c.body(photo.body, 200, {
      'content-type': photo.contentType,
      'content-length': String(photo.size),
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=86400',
    });
  });

/** Reports for administrators: mounted at `/api/admin/review-reports`. */
export const reviewReportsAdminRoutes = new Hono<AppEnv>()
  .get(
    ...endpoint(api.listReviewReports),
    async (c, next) => {
      assertAdminSession(c);
      await next();
    },
    async (c) => {
      const list = await listReviewReports(c.var.deps.database.db, inputOf(c, api.listReviewReports).query);
      return c.json(renderReviewReportList(c.var.operations, list, c.req.query()));
    },
  )
  .get(
    ...endpoint(api.getReviewReport),
    async (c, next) => {
      assertAdminSession(c);
      await next();
    },
    async (c) => {
      const [report] = (
        await listReviewReports(
          c.var.deps.database.db,
          { status: 'all', limit: 1 },
          inputOf(c, api.getReviewReport).param.id,
        )
      ).items;
      if (!report) throw notFound('Report');
      return c.json(renderReviewReport(c.var.operations, report));
    },
  );
