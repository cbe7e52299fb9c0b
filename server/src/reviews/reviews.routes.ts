import {
  IdParam,
  PlatformReviewSummary,
  Review,
  ReviewCreateInput,
  ReviewListQuery,
  ReviewPage,
  ReviewPhotoUpload,
  ReviewReport,
  ReviewReportInput,
  ReviewReportList,
  ReviewReportListQuery,
  ReviewResponseInput,
  ReviewSummary,
  ReviewVoteInput,
} from '@spotless/sdk/schemas';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { linkTo } from '../lib/hypermedia';
import { describe, type RouteDoc } from '../lib/openapi';
import { assertAdminSession, signedInUserId } from '../lib/signed-in';
import { valid } from '../lib/validate';
import { readPhotoUpload } from './review-photos';
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

const reviewPageResponses = {
  200: { description: 'One page of the cleaner’s reviews, newest first', schema: ReviewPage },
  400: { description: 'A parameter is malformed' },
  404: { description: 'No such cleaner' },
};

const viewerId = (c: Context<AppEnv>) => c.var.auth?.user?.id ?? null;

async function cleanerReviews(c: Context<AppEnv>, cleanerId: number, page: number, limit: number) {
  if (!(await findActiveCleaner(c.var.deps.database.db, cleanerId))) throw notFound('Cleaner');
  const found = await listReviewsOf(c.var.deps, viewerId(c), cleanerId, page, limit);
  return renderReviewPage(c.var.operations, cleanerId, found);
}

/** Signed-out callers get 401 before their input is looked at. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  signedInUserId(c);
  await next();
};

const idParam = valid('param', z.object({ id: IdParam }));

function writeResponses(ok: number, what: string, conflict?: string): RouteDoc['responses'] {
  const responses: RouteDoc['responses'] = {
    [ok]: { description: `The review as the caller now sees it (${what})`, schema: Review },
    400: { description: 'A field is missing or invalid; `fields` names each' },
    401: { description: 'Signed out' },
    403: { description: 'Not allowed to do this to this review' },
    404: { description: 'No such published review' },
  };
  if (conflict) responses[409] = { description: conflict };
  return responses;
}

export const reviewsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      operationId: 'createReview',
      security: 'user',
      summary: 'Review a completed booking',
      description:
        'The quick form (bookingId, cleanerId, rating, comment) or the full form (overallRating and the four category ratings, title, comment, pros, cons, serviceAreas, timeSpent, wouldRecommend, wouldRebook). Only the booking’s customer, only once it is completed, only once; the review is verified. The cleaner’s rating and review count change in the same transaction. A completed, unreviewed booking offers this as its `review` action.',
      tags: ['reviews'],
      access: 'the booking’s customer',
      responses: {
        201: { description: 'The review (its `id` among its fields)', schema: Review },
        400: { description: 'A field is missing or invalid; `fields` names each' },
        401: { description: 'Signed out' },
        403: { description: 'The booking’s cleaner: only its customer reviews it' },
        404: { description: 'No such booking, or not yours' },
        409: {
          description:
            'The booking is not completed (`booking_not_completed`) or already reviewed (`already_reviewed`)',
        },
      },
    }),
    signedIn,
    valid('json', ReviewCreateInput),
    async (c) => {
      const userId = signedInUserId(c);
      const answer = await createReview(c.var.deps, { userId }, c.req.valid('json'));
      return c.json(renderReview(c.var.operations, answer), 201);
    },
  )
  .get(
    '/',
    describe({
      operationId: 'listReviews',
      security: 'public',
      summary: 'Reviews of a cleaner (query form)',
      description: 'Spec 02 §7: `cleanerId` and `limit` (default 10). Each review carries the caller’s actions.',
      tags: ['reviews'],
      access: 'public',
      responses: reviewPageResponses,
    }),
    valid('query', ReviewListQuery.extend({ cleanerId: IdParam })),
    async (c) => {
      const { cleanerId, page, limit } = c.req.valid('query');
      return c.json(await cleanerReviews(c, cleanerId, page, limit));
    },
  )
  // Before `/:cleanerId`: the platform's figures, not a cleaner called "summary".
  .get(
    '/summary',
    describe({
      operationId: 'getPlatformReviewSummary',
      security: 'public',
      summary: 'Figures over every published review (the reviews page)',
      description:
        'Platform average (two decimals), total reviews, distribution 5→1 with counts and percents, recommendation rate, response rate (reviews with a cleaner’s response; percents with one decimal) and the verified count — computed from the data on every call.',
      tags: ['reviews'],
      access: 'public',
      responses: { 200: { description: 'The figures', schema: PlatformReviewSummary } },
    }),
    async (c) =>
      c.json(renderPlatformSummary(c.var.operations, await summarisePlatformReviews(c.var.deps.database.db))),
  )
  .get(
    '/:cleanerId',
    describe({
      operationId: 'listCleanerReviews',
      security: 'public',
      summary: 'Reviews of a cleaner',
      tags: ['reviews'],
      access: 'public',
      responses: reviewPageResponses,
    }),
    valid('param', z.object({ cleanerId: IdParam })),
    valid('query', ReviewListQuery),
    async (c) => {
      const { page, limit } = c.req.valid('query');
      return c.json(await cleanerReviews(c, c.req.valid('param').cleanerId, page, limit));
    },
  )
  .get(
    '/:cleanerId/summary',
    describe({
      operationId: 'getReviewSummary',
      security: 'public',
      summary: 'Summary of a cleaner’s published reviews',
      description:
        'Average, total, distribution 5→1 (counts and percents), category averages, recommendation, rebooking and response rates (percents with one decimal) and the verified count.',
      tags: ['reviews'],
      access: 'public',
      responses: {
        200: { description: 'The summary', schema: ReviewSummary },
        400: { description: 'The id is not a positive integer' },
        404: { description: 'No such cleaner' },
      },
    }),
    valid('param', z.object({ cleanerId: IdParam })),
    async (c) => {
      const { cleanerId } = c.req.valid('param');
      const { db } = c.var.deps.database;
      if (!(await findActiveCleaner(db, cleanerId))) throw notFound('Cleaner');
      return c.json(renderReviewSummary(c.var.operations, cleanerId, await summariseCleanerReviews(db, cleanerId)));
    },
  )
  .get(
    '/:cleanerId/:reviewId',
    describe({
      operationId: 'getReview',
      security: 'public',
      summary: 'One published review of a cleaner',
      tags: ['reviews'],
      access: 'public',
      responses: {
        200: { description: 'The review', schema: Review },
        400: { description: 'An id is not a positive integer' },
        404: { description: 'No such cleaner or review' },
      },
    }),
    valid('param', z.object({ cleanerId: IdParam, reviewId: IdParam })),
    async (c) => {
      const { cleanerId, reviewId } = c.req.valid('param');
      if (!(await findActiveCleaner(c.var.deps.database.db, cleanerId))) throw notFound('Cleaner');
      const [review] = (await listReviewsOf(c.var.deps, viewerId(c), cleanerId, 1, 1, reviewId)).items;
      if (!review) throw notFound('Review');
      return c.json(renderReview(c.var.operations, review));
    },
  )
  .post(
    '/:id/vote',
    describe({
      operationId: 'voteOnReview',
      security: 'user',
      summary: 'Mark a review helpful or not helpful (a toggle)',
      description:
        'One vote per user and review: the same `voteType` again takes the vote back, the other one changes it. `helpfulVotes` counts helpful votes and changes in the same transaction. Not on your own review, nor on one about you.',
      tags: ['reviews'],
      access: 'signed-in user, not the author or the reviewed cleaner',
      responses: writeResponses(200, 'with `userVote`'),
    }),
    signedIn,
    idParam,
    valid('json', ReviewVoteInput),
    async (c) => {
      const userId = signedInUserId(c);
      const { voteType } = c.req.valid('json');
      const answer = await voteOnReview(c.var.deps, { userId }, c.req.valid('param').id, voteType);
      return c.json(renderReview(c.var.operations, answer));
    },
  )
  .post(
    '/:id/response',
    describe({
      operationId: 'respondToReview',
      security: 'user',
      summary: 'The reviewed cleaner’s response',
      description: 'Only the reviewed cleaner, once; a blank response is refused (400).',
      tags: ['reviews'],
      access: 'the reviewed cleaner',
      responses: writeResponses(201, 'with its `response`', 'Already answered (`already_responded`)'),
    }),
    signedIn,
    idParam,
    valid('json', ReviewResponseInput),
    async (c) => {
      const userId = signedInUserId(c);
      const { response } = c.req.valid('json');
      const answer = await respondToReview(c.var.deps, { userId }, c.req.valid('param').id, response);
      return c.json(renderReview(c.var.operations, answer), 201);
    },
  )
  .post(
    '/:id/report',
    describe({
      operationId: 'reportReview',
      security: 'user',
      summary: 'Report a review to the administrators',
      description:
        'A reason and an optional description; once per user and review, not by its author. Administrators list reports at `/api/admin/review-reports`.',
      tags: ['reviews'],
      access: 'signed-in user, not the author',
      responses: writeResponses(201, 'without its `report` action', 'Already reported by you (`already_reported`)'),
    }),
    signedIn,
    idParam,
    valid('json', ReviewReportInput),
    async (c) => {
      const userId = signedInUserId(c);
      const answer = await reportReview(c.var.deps, { userId }, c.req.valid('param').id, c.req.valid('json'));
      return c.json(renderReview(c.var.operations, answer), 201);
    },
  )
  .post(
    '/:id/photos',
    describe({
      operationId: 'addReviewPhotos',
      security: 'user',
      summary: 'Add photos to your review (multipart)',
      description:
        'multipart/form-data: `photos` (one or more files), `captions` and `displayOrder` (optional, repeated, one per photo in order). At most 5 photos per review; each JPEG or PNG as its bytes show (not its name or declared type) and at most 10MB. A body larger than the photos that still fit may be is refused before it is read (413). Only the review’s author.',
      tags: ['reviews'],
      access: 'the review’s author',
      body: { contentType: 'multipart/form-data', schema: ReviewPhotoUpload },
      responses: {
        201: { description: 'The review with its photos', schema: Review },
        400: { description: 'No photos, or a malformed field' },
        401: { description: 'Signed out' },
        403: { description: 'Not the review’s author' },
        404: { description: 'No such published review' },
        409: { description: 'More than 5 photos in all (`too_many_photos`)' },
        413: { description: 'A photo over 10MB, or a body larger than the photos that fit (`file_too_large`)' },
        415: { description: 'Not multipart, or a file that is not a JPEG or PNG image (`invalid_file_type`)' },
      },
    }),
    signedIn,
    idParam,
    async (c) => {
      const userId = signedInUserId(c);
      const { id } = c.req.valid('param');
      const ops = c.var.operations;
      const answer = await addReviewPhotos(
        c.var.deps,
        { userId },
        id,
        (slots) => readPhotoUpload(c.req.raw, slots),
        (photoId) => linkTo(ops, 'getReviewPhoto', { id, photoId }).href,
      );
      return c.json(renderReview(ops, answer), 201);
    },
  )
  .get(
    '/:id/photos/:photoId',
    describe({
      operationId: 'getReviewPhoto',
      security: 'public',
      summary: 'A review photo’s bytes',
      description:
        'The image, with the type its bytes were found to be (image/jpeg or image/png) and `X-Content-Type-Options: nosniff`.',
      tags: ['reviews'],
      access: 'public (published reviews)',
      responses: {
        200: { description: 'The image bytes' },
        400: { description: 'An id is not a positive integer' },
        404: { description: 'No such photo of a published review' },
      },
    }),
    valid('param', z.object({ id: IdParam, photoId: IdParam })),
    async (c) => {
      const { id, photoId } = c.req.valid('param');
      const photo = await openReviewPhoto(c.var.deps, id, photoId);
      return c.body(photo.body, 200, {
        'content-type': photo.contentType,
        'content-length': String(photo.size),
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'cache-control': 'public, max-age=86400',
      });
    },
  );

/** Reports for administrators: mounted at `/api/admin/review-reports`. */
export const reviewReportsAdminRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listReviewReports',
      security: 'admin',
      summary: 'Reports of reviews (administrators)',
      description: 'Newest first; `status` open by default (`all` for every one), `limit` default 50.',
      tags: ['reviews', 'admin'],
      access: 'admin',
      responses: {
        200: { description: 'The reports', schema: ReviewReportList },
        400: { description: 'A parameter is malformed' },
        401: { description: 'No admin session' },
        403: { description: 'Signed in, but not as an administrator' },
      },
    }),
    async (c, next) => {
      assertAdminSession(c);
      await next();
    },
    valid('query', ReviewReportListQuery),
    async (c) => {
      const list = await listReviewReports(c.var.deps.database.db, c.req.valid('query'));
      return c.json(renderReviewReportList(c.var.operations, list, c.req.query()));
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getReviewReport',
      security: 'admin',
      summary: 'One report of a review (administrators)',
      tags: ['reviews', 'admin'],
      access: 'admin',
      responses: {
        200: { description: 'The report', schema: ReviewReport },
        401: { description: 'No admin session' },
        403: { description: 'Signed in, but not as an administrator' },
        404: { description: 'No such report' },
      },
    }),
    async (c, next) => {
      assertAdminSession(c);
      await next();
    },
    idParam,
    async (c) => {
      const [report] = (
        await listReviewReports(c.var.deps.database.db, { status: 'all', limit: 1 }, c.req.valid('param').id)
      ).items;
      if (!report) throw notFound('Report');
      return c.json(renderReviewReport(c.var.operations, report));
    },
  );
