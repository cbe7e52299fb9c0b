import { IdParam, Review, ReviewListQuery, ReviewPage, ReviewSummary } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { listCleanerReviews, summariseCleanerReviews } from './reviews.queries';
import { renderReview, renderReviewPage, renderReviewSummary } from './reviews.resource';

const reviewResponses = {
  200: { description: 'One page of the cleaner’s reviews, newest first', schema: ReviewPage },
  400: { description: 'A parameter is malformed' },
  404: { description: 'No such cleaner' },
};

async function cleanerReviews(c: { var: AppEnv['Variables'] }, cleanerId: number, page: number, limit: number) {
  const { db } = c.var.deps.database;
  if (!(await findActiveCleaner(db, cleanerId))) throw notFound('Cleaner');
  return renderReviewPage(c.var.operations, cleanerId, await listCleanerReviews(db, cleanerId, page, limit));
}

export const reviewsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listReviews',
      security: 'public',
      summary: 'Reviews of a cleaner (query form)',
      tags: ['reviews'],
      access: 'public',
      responses: reviewResponses,
    }),
    valid('query', ReviewListQuery.extend({ cleanerId: IdParam })),
    async (c) => {
      const { cleanerId, page, limit } = c.req.valid('query');
      return c.json(await cleanerReviews(c, cleanerId, page, limit));
    },
  )
  .get(
    '/:cleanerId',
    describe({
      operationId: 'listCleanerReviews',
      security: 'public',
      summary: 'Reviews of a cleaner',
      tags: ['reviews'],
      access: 'public',
      responses: reviewResponses,
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
        'Average, total, distribution 5→1, category averages, recommendation and rebooking rates (percent) and the verified count.',
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
      const { db } = c.var.deps.database;
      if (!(await findActiveCleaner(db, cleanerId))) throw notFound('Cleaner');
      const [review] = (await listCleanerReviews(db, cleanerId, 1, 1, reviewId)).items;
      if (!review) throw notFound('Review');
      return c.json(renderReview(c.var.operations, review));
    },
  );
