import { Hono } from 'hono';
import { linkTo } from '../contract/hypermedia';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { photoHeaders, readPhotoUpload } from '../files/photos';
import { throttleUpload } from '../rate-limits/rate-limit';
import { moderateReview } from './review-moderation.service';
import {
  addReviewPhotos,
  createReview,
  REVIEW_PHOTOS,
  reportReview,
  respondToReview,
  voteOnReview,
} from './review-writes.service';
import { reviewsApi as api } from './reviews.openapi';
import {
  renderModeratedReview,
  renderPlatformSummary,
  renderReview,
  renderReviewPage,
  renderReviewReport,
  renderReviewReportList,
  renderReviewSummary,
} from './reviews.resource';
import {
  cleanerReviewSummary,
  getReview,
  getReviewReport,
  listReviewsOf,
  openReviewPhoto,
  platformReviewSummary,
  reviewReports,
} from './reviews.service';

export const reviewsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createReview), async (c) => {
    const answer = await createReview(c.get('deps'), c.get('actor'), inputOf(c, api.createReview).json);
    return c.json(renderReview(c.get('operations'), answer), 201);
  })
  .get(...endpoint(api.listReviews), async (c) => {
    const { cleanerId, page, limit } = inputOf(c, api.listReviews).query;
    const found = await listReviewsOf(c.get('deps'), c.get('actor'), cleanerId, { page, limit });
    return c.json(renderReviewPage(c.get('operations'), cleanerId, found));
  })
  // Before `/:cleanerId`: the platform's figures, not a cleaner called "summary".
  .get(...endpoint(api.getPlatformReviewSummary), async (c) =>
    c.json(renderPlatformSummary(c.get('operations'), await platformReviewSummary(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.listCleanerReviews), async (c) => {
    const { param, query } = inputOf(c, api.listCleanerReviews);
    const found = await listReviewsOf(c.get('deps'), c.get('actor'), param.cleanerId, query);
    return c.json(renderReviewPage(c.get('operations'), param.cleanerId, found));
  })
  .get(...endpoint(api.getReviewSummary), async (c) => {
    const { cleanerId } = inputOf(c, api.getReviewSummary).param;
    const summary = await cleanerReviewSummary(c.get('deps'), c.get('actor'), cleanerId);
    return c.json(renderReviewSummary(c.get('operations'), cleanerId, summary));
  })
  .get(...endpoint(api.getReview), async (c) => {
    const { cleanerId, reviewId } = inputOf(c, api.getReview).param;
    return c.json(
      renderReview(c.get('operations'), await getReview(c.get('deps'), c.get('actor'), cleanerId, reviewId)),
    );
  })
  .post(...endpoint(api.voteOnReview), async (c) => {
    const { param, json } = inputOf(c, api.voteOnReview);
    const answer = await voteOnReview(c.get('deps'), c.get('actor'), param.id, json.voteType);
    return c.json(renderReview(c.get('operations'), answer));
  })
  .post(...endpoint(api.respondToReview), async (c) => {
    const { param, json } = inputOf(c, api.respondToReview);
    const answer = await respondToReview(c.get('deps'), c.get('actor'), param.id, json.response);
    return c.json(renderReview(c.get('operations'), answer), 201);
  })
  .post(...endpoint(api.reportReview), async (c) => {
    const { param, json } = inputOf(c, api.reportReview);
    const answer = await reportReview(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderReview(c.get('operations'), answer), 201);
  })
  .post(...endpoint(api.addReviewPhotos), async (c) => {
    const { id } = inputOf(c, api.addReviewPhotos).param;
    const ops = c.get('operations');
    const deps = c.get('deps');
    const answer = await addReviewPhotos(
      deps,
      c.get('actor'),
      id,
      async (slots) => {
        await throttleUpload(c);
        return readPhotoUpload(c.req.raw, {
          owner: REVIEW_PHOTOS,
          slots,
          images: deps.images,
          captions: true,
          idleMs: deps.config.bodyIdleTimeoutMs,
        });
      },
      (photoId) => linkTo(ops, 'getReviewPhoto', { id, photoId }).href,
    );
    return c.json(renderReview(ops, answer), 201);
  })
  .get(...endpoint(api.getReviewPhoto), async (c) => {
    const { id, photoId } = inputOf(c, api.getReviewPhoto).param;
    const photo = await openReviewPhoto(c.get('deps'), c.get('actor'), id, photoId);
    return c.body(photo.body, 200, photoHeaders(photo, 'public'));
  });

/** Reports for administrators: mounted at `/api/admin/review-reports`. */
export const reviewReportsAdminRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listReviewReports), async (c) => {
    const list = await reviewReports(c.get('deps'), c.get('actor'), inputOf(c, api.listReviewReports).query);
    return c.json(renderReviewReportList(c.get('operations'), list, c.req.query()));
  })
  .get(...endpoint(api.getReviewReport), async (c) => {
    const report = await getReviewReport(c.get('deps'), c.get('actor'), inputOf(c, api.getReviewReport).param.id);
    return c.json(renderReviewReport(c.get('operations'), report));
  })
  .patch(...endpoint(api.moderateReview), async (c) => {
    const { param, json } = inputOf(c, api.moderateReview);
    const moderated = await moderateReview(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderModeratedReview(c.get('operations'), moderated));
  });
