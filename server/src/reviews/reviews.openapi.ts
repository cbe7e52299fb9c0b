import {
  IdParam,
  ModeratedReview,
  PlatformReviewSummary,
  Review,
  ReviewCreateInput,
  ReviewListQuery,
  ReviewModerationInput,
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
import { z } from 'zod';
import type { OperationSpec } from '../contract/operations';
import { defineOperations } from '../contract/operations';

export const reviewPageResponses = {
  200: { description: 'One page of the cleaner’s reviews, newest first', schema: ReviewPage },
  404: { description: 'No such cleaner' },
};

export function writeResponses(
  ok: number,
  what: string,
  conflict?: string,
): Record<number, OperationSpec['responses'][number]> {
  const responses: Record<number, OperationSpec['responses'][number]> = {
    [ok]: { description: `The review as the caller now sees it (${what})`, schema: Review },
    403: { description: 'Not allowed to do this to this review' },
    404: { description: 'No such published review' },
  };
  if (conflict) responses[409] = { description: conflict };
  return responses;
}

/** The reviews operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const reviewsApi = defineOperations({
  createReview: {
    method: 'post',
    path: '/reviews',
    security: 'user',
    summary: 'Review a completed booking',
    description:
      'The quick form (bookingId, cleanerId, rating, comment) or the full form (overallRating and the four category ratings, title, comment, pros, cons, serviceAreas, timeSpent, wouldRecommend, wouldRebook). Only the booking’s customer, only once it is completed, only once; the review is verified. The cleaner’s rating and review count change in the same transaction. A completed, unreviewed booking offers this as its `review` action.',
    tags: ['reviews'],
    access: 'the booking’s customer',
    responses: {
      201: { description: 'The review (its `id` among its fields)', schema: Review },
      403: { description: 'The booking’s cleaner: only its customer reviews it' },
      404: { description: 'No such booking, or not yours' },
      409: {
        description: 'The booking is not completed (`booking_not_completed`) or already reviewed (`already_reviewed`)',
      },
    },
    request: { json: ReviewCreateInput },
  },
  listReviews: {
    method: 'get',
    path: '/reviews',
    security: 'public',
    partners: true,
    summary: 'Reviews of a cleaner (query form)',
    description: 'Query: `cleanerId` and `limit` (default 10). Each review carries the caller’s actions.',
    tags: ['reviews'],
    access: 'public',
    responses: reviewPageResponses,
    request: { query: ReviewListQuery.extend({ cleanerId: IdParam }) },
  },
  getPlatformReviewSummary: {
    method: 'get',
    path: '/reviews/summary',
    security: 'public',
    partners: true,
    summary: 'Figures over every published review (the reviews page)',
    description:
      'Platform average (two decimals), total reviews, distribution 5→1 with counts and percents, recommendation rate, response rate (reviews with a cleaner’s response; percents with one decimal) and the verified count — computed from the data on every call.',
    tags: ['reviews'],
    access: 'public',
    responses: { 200: { description: 'The figures', schema: PlatformReviewSummary } },
  },
  listCleanerReviews: {
    method: 'get',
    path: '/reviews/:cleanerId',
    security: 'public',
    partners: true,
    summary: 'Reviews of a cleaner',
    description:
      "One page of a cleaner's published reviews, newest first, each with its rating, text, photos, helpful votes and the cleaner's response. `links.summary` leads to the figures: the average, the count and each star's share.",
    tags: ['reviews'],
    access: 'public',
    responses: reviewPageResponses,
    request: { param: z.object({ cleanerId: IdParam }), query: ReviewListQuery },
  },
  getReviewSummary: {
    method: 'get',
    path: '/reviews/:cleanerId/summary',
    security: 'public',
    partners: true,
    summary: 'Summary of a cleaner’s published reviews',
    description:
      'Average, total, distribution 5→1 (counts and percents), category averages, recommendation, rebooking and response rates (percents with one decimal) and the verified count.',
    tags: ['reviews'],
    access: 'public',
    responses: {
      200: { description: 'The summary', schema: ReviewSummary },
      404: { description: 'No such cleaner' },
    },
    request: { param: z.object({ cleanerId: IdParam }) },
  },
  getReview: {
    method: 'get',
    path: '/reviews/:cleanerId/:reviewId',
    security: 'public',
    partners: true,
    summary: 'One published review of a cleaner',
    description:
      "One published review of a cleaner, with its photos, votes and the cleaner's response. `actions` offer what this caller may do: vote, report, respond, add photos.",
    tags: ['reviews'],
    access: 'public',
    responses: {
      200: { description: 'The review', schema: Review },
      404: { description: 'No such cleaner or review' },
    },
    request: { param: z.object({ cleanerId: IdParam, reviewId: IdParam }) },
  },
  voteOnReview: {
    method: 'post',
    path: '/reviews/:id/vote',
    security: 'user',
    summary: 'Mark a review helpful or not helpful (a toggle)',
    description:
      'One vote per user and review: the same `voteType` again takes the vote back, the other one changes it. `helpfulVotes` counts helpful votes and changes in the same transaction. Not on your own review, nor on one about you.',
    tags: ['reviews'],
    access: 'signed-in user, not the author or the reviewed cleaner',
    responses: writeResponses(200, 'with `userVote`'),
    request: { param: z.object({ id: IdParam }), json: ReviewVoteInput },
  },
  respondToReview: {
    method: 'post',
    path: '/reviews/:id/response',
    security: 'user',
    summary: 'The reviewed cleaner’s response',
    description: 'Only the reviewed cleaner, once; a blank response is refused (400).',
    tags: ['reviews'],
    access: 'the reviewed cleaner',
    responses: writeResponses(201, 'with its `response`', 'Already answered (`already_responded`)'),
    request: { param: z.object({ id: IdParam }), json: ReviewResponseInput },
  },
  reportReview: {
    method: 'post',
    path: '/reviews/:id/report',
    security: 'user',
    summary: 'Report a review to the administrators',
    description:
      'A reason and an optional description; once per user and review, not by its author. Administrators list reports at `/api/admin/review-reports`.',
    tags: ['reviews'],
    access: 'signed-in user, not the author',
    responses: writeResponses(201, 'without its `report` action', 'Already reported by you (`already_reported`)'),
    request: { param: z.object({ id: IdParam }), json: ReviewReportInput },
  },
  addReviewPhotos: {
    method: 'post',
    path: '/reviews/:id/photos',
    security: 'user',
    summary: 'Add photos to your review (multipart)',
    description:
      'multipart/form-data: `photos` (one or more files), `captions` and `displayOrder` (optional, repeated, one per photo in order). At most 5 photos per review; each JPEG or PNG as its bytes show (not its name or declared type) and at most 10MB. A body larger than the photos that still fit may be is refused before it is read (413). Each photo is decoded and stored re-encoded, without its metadata; one of more than 16.7 megapixels (4096 × 4096) is 413 `image_too_large` before it is decoded. Each request counts once against the account’s hourly upload limit (UPLOAD_RATE_LIMIT, shared with application documents). Only the review’s author.',
    tags: ['reviews'],
    access: 'the review’s author',
    body: { contentType: 'multipart/form-data', schema: ReviewPhotoUpload },
    responses: {
      201: { description: 'The review with its photos', schema: Review },
      400: { description: 'No photos, or a malformed field' },
      403: { description: 'Not the review’s author' },
      404: { description: 'No such published review' },
      409: { description: 'More than 5 photos in all (`too_many_photos`)' },
      413: {
        description:
          'A photo over 10MB, or a body larger than the photos that fit (`file_too_large`); a photo of more than 16.7 megapixels (`image_too_large`)',
      },
      415: { description: 'Not multipart, or a file that is not a JPEG or PNG image (`invalid_file_type`)' },
      422: { description: 'A photo still decoding at the deadline (`image_too_complex`)' },
      429: { description: 'Too many uploads from this account this hour (Retry-After)' },
      503: { description: 'The image workers are all busy (`images_busy`, Retry-After)' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  getReviewPhoto: {
    method: 'get',
    path: '/reviews/:id/photos/:photoId',
    security: 'public',
    partners: true,
    summary: 'A review photo’s bytes',
    description:
      'The image, with the type its bytes were found to be (image/jpeg or image/png) and `X-Content-Type-Options: nosniff`.',
    tags: ['reviews'],
    access: 'public (published reviews)',
    responses: {
      200: { description: 'The image bytes' },
      404: { description: 'No such photo of a published review' },
    },
    request: { param: z.object({ id: IdParam, photoId: IdParam }) },
  },
  listReviewReports: {
    method: 'get',
    path: '/admin/review-reports',
    security: 'admin',
    summary: 'Reports of reviews (administrators)',
    description:
      'Newest first; `status` open by default (`all` for every one), `limit` default 50. Each report carries the reported review’s title, comment and rating, the reviewed cleaner’s name, and the moderation actions open to it (`hideReview`, `keepReview`, `restoreReview`).',
    tags: ['reviews', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The reports', schema: ReviewReportList },
    },
    request: { query: ReviewReportListQuery },
  },
  getReviewReport: {
    method: 'get',
    path: '/admin/review-reports/:id',
    security: 'admin',
    summary: 'One report of a review (administrators)',
    description:
      'An administrator reads one report of a review: the reason and details given, who reported it and when, its status, and whether the review is still shown.',
    tags: ['reviews', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The report', schema: ReviewReport },
      404: { description: 'No such report' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  moderateReview: {
    method: 'patch',
    path: '/admin/reviews/:id/status',
    security: 'admin',
    summary: 'Hide a review, or show it again (administrators)',
    description:
      '`hidden` needs a `reason`, which the author is sent. The cleaner’s rating and review count are recounted from the published reviews in the same transaction, and the review’s open reports are closed (`actioned` when hidden, `dismissed` when shown again). `published` for a shown review keeps it (a report’s `keepReview`): its open reports are dismissed and nothing else changes; `hidden` for a hidden one changes nothing.',
    tags: ['reviews', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The review’s status and the cleaner’s figures after it', schema: ModeratedReview },
      400: { description: 'No reason to hide, or a malformed field' },
      404: { description: 'No such review' },
    },
    request: { param: z.object({ id: IdParam }), json: ReviewModerationInput },
  },
});
