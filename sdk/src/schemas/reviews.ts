import { z } from 'zod';
import { PHOTO_LIMITS } from '../rules/files';
import { MESSAGES } from '../rules/messages';
import { REVIEW_AREAS } from '../rules/reviews';

export { REVIEW_AREAS };

import { listOf, pageOf } from './common';
import { actionOf, linkTo, PageLink, pageLinks } from './hypermedia';

const text = MESSAGES.review;

/** At most 5 photos per review (docs/product/discovery.md), each at most 10 MB, JPEG or PNG. */
export const REVIEW_PHOTO_LIMITS = PHOTO_LIMITS;

export const ReviewVoteType = z.enum(['helpful', 'not_helpful']).meta({ id: 'ReviewVoteType' });
export type ReviewVoteType = z.infer<typeof ReviewVoteType>;

export const ReviewCustomer = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

const starRating = z
  .number({ error: text.ratingRequired })
  .int(text.ratingRequired)
  .min(1, text.ratingRequired)
  .max(5, 'Ratings go from 1 to 5');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/**
 * `POST /api/reviews` (docs/product/discovery.md): the quick form (bookingId, cleanerId, rating,
 * comment) or the full form (five ratings, title, comment, pros, cons, serviceAreas, timeSpent,
 * wouldRecommend, wouldRebook). `rating` and `overallRating` are the same figure under the two
 * forms' names.
 */
export const ReviewCreateInput = z
  .object({
    bookingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    cleanerId: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: 'the booking’s cleaner; checked when given' }),
    serviceId: z.unknown().optional().meta({ description: 'ignored: the review is of the booking’s service' }),
    rating: starRating.optional().meta({ description: 'the quick form’s overall rating, 1 to 5' }),
    overallRating: starRating.optional().meta({ description: 'the full form’s overall rating, 1 to 5' }),
    qualityRating: starRating.optional(),
    punctualityRating: starRating.optional(),
    professionalismRating: starRating.optional(),
    communicationRating: starRating.optional(),
    title: optionalText(200),
    comment: z
      .string({ error: text.commentMin })
      .trim()
      .min(10, text.commentMin)
      .max(5000, 'Comment must be at most 5000 characters'),
    pros: optionalText(1000),
    cons: optionalText(1000),
    serviceAreas: z
      .array(z.enum(REVIEW_AREAS))
      .max(REVIEW_AREAS.length)
      .default([])
      .transform((areas) => [...new Set(areas)]),
    timeSpent: optionalText(100),
    wouldRecommend: z.boolean().default(true),
    wouldRebook: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.rating === undefined && input.overallRating === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: text.ratingRequired });
    }
    if (input.rating !== undefined && input.overallRating !== undefined && input.rating !== input.overallRating) {
      ctx.addIssue({ code: 'custom', path: ['overallRating'], message: 'rating and overallRating differ' });
    }
  })
  .meta({ id: 'ReviewCreateInput' });
export type ReviewCreateInput = z.input<typeof ReviewCreateInput>;

/**
 * `POST /api/reviews/:id/photos` as multipart/form-data (docs/product/discovery.md): the server
 * reads it itself, checking each file's bytes; this describes the form for OpenAPI and generated
 * clients.
 */
export const ReviewPhotoUpload = z
  .object({
    photos: z
      .array(z.file().meta({ description: 'JPEG or PNG (by its bytes), at most 10MB' }))
      .min(1)
      .max(REVIEW_PHOTO_LIMITS.maxPhotos),
    captions: z.array(z.string().max(500)).optional().meta({ description: 'one per photo, in order' }),
    displayOrder: z.array(z.number().int().min(0).max(999)).optional().meta({ description: 'one per photo' }),
  })
  .meta({ id: 'ReviewPhotoUpload' });

/** Helpful / not helpful: the same vote again takes it back, the other one changes it. */
export const ReviewVoteInput = z.object({ voteType: ReviewVoteType }).meta({ id: 'ReviewVoteInput' });
export type ReviewVoteInput = z.input<typeof ReviewVoteInput>;

export const ReviewResponseInput = z
  .object({
    response: z
      .string({ error: text.responseBlank })
      .trim()
      .min(1, text.responseBlank)
      .max(2000, 'Response must be at most 2000 characters'),
  })
  .meta({ id: 'ReviewResponseInput' });
export type ReviewResponseInput = z.input<typeof ReviewResponseInput>;

export const ReviewStatus = z.enum(['published', 'hidden']).meta({ id: 'ReviewStatus' });

/**
 * An administrator hides a review (or shows it again). Hiding needs a reason: the author is sent
 * it, and the cleaner's rating and review count drop the review in the same transaction.
 */
export const ReviewModerationInput = z
  .object({
    status: ReviewStatus,
    reason: optionalText(500),
  })
  .refine((input) => input.status !== 'hidden' || (input.reason ?? '').trim() !== '', {
    path: ['reason'],
    message: MESSAGES.review.hideReasonRequired,
  })
  .meta({ id: 'ReviewModerationInput' });
export type ReviewModerationInput = z.input<typeof ReviewModerationInput>;

/** The review as moderation left it, with the cleaner's figures after the change. */
export const ModeratedReview = z
  .object({
    id: z.number().int(),
    status: ReviewStatus,
    cleanerId: z.number().int(),
    cleanerRating: z.number().nullable().meta({ description: 'the cleaner’s average after the change' }),
    cleanerReviewCount: z.number().int(),
    links: z.object({ reports: linkTo('listReviewReports') }),
  })
  .meta({ id: 'ModeratedReview' });
export type ModeratedReview = z.infer<typeof ModeratedReview>;

export const ReviewReportInput = z
  .object({
    reason: z.string({ error: 'Please give a reason' }).trim().min(1, 'Please give a reason').max(200),
    description: optionalText(2000),
  })
  .meta({ id: 'ReviewReportInput' });
export type ReviewReportInput = z.input<typeof ReviewReportInput>;

export const ReviewLinks = z
  .object({
    self: linkTo('getReview'),
    cleaner: linkTo('getCleaner'),
    summary: linkTo('getReviewSummary'),
    page: PageLink,
  })
  .meta({ id: 'ReviewLinks' });

export const ReviewActions = z
  .object({
    vote: actionOf('vote', 'POST', 'voteOnReview')
      .optional()
      .meta({ description: 'signed in, not its author nor the reviewed cleaner; `voteType` holds the current vote' }),
    respond: actionOf('respond', 'POST', 'respondToReview')
      .optional()
      .meta({ description: 'the reviewed cleaner, while the review has no response' }),
    report: actionOf('report', 'POST', 'reportReview')
      .optional()
      .meta({ description: 'signed in, not its author, not reported by this user yet' }),
    addPhoto: actionOf('addPhoto', 'POST', 'addReviewPhotos', 'multipart/form-data')
      .optional()
      .meta({ description: 'its author, while it has fewer than 5 photos' }),
  })
  .meta({ id: 'ReviewActions' });

export const Review = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    cleanerId: z.number().int(),
    customerId: z.number().int().nullable(),
    rating: z.number().int().min(1).max(5),
    overallRating: z.number().int().min(1).max(5),
    qualityRating: z.number().int().nullable(),
    punctualityRating: z.number().int().nullable(),
    professionalismRating: z.number().int().nullable(),
    communicationRating: z.number().int().nullable(),
    title: z.string().nullable(),
    comment: z.string(),
    pros: z.string().nullable(),
    cons: z.string().nullable(),
    serviceAreas: z.array(z.string()),
    timeSpent: z.string().nullable(),
    wouldRecommend: z.boolean(),
    wouldRebook: z.boolean(),
    isVerified: z.boolean(),
    helpfulVotes: z.number().int(),
    userVote: z
      .object({ voteType: ReviewVoteType })
      .nullable()
      .meta({ description: 'the signed-in caller’s vote; null when none or signed out' }),
    photos: z.array(
      z.object({
        id: z.number().int(),
        fileUrl: z.string(),
        caption: z.string().nullable(),
        displayOrder: z.number().int(),
      }),
    ),
    response: z.object({ response: z.string(), createdAt: z.string() }).nullable(),
    customer: ReviewCustomer,
    service: z.object({ name: z.string() }).nullable(),
    createdAt: z.string(),
    links: ReviewLinks,
    actions: ReviewActions.meta({
      description: 'what the caller may do to this review now, each present only when it would succeed',
    }),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

export const ReviewListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const ReviewPage = pageOf(Review)
  .extend({ links: pageLinks('listCleanerReviews').extend({ summary: linkTo('getReviewSummary') }) })
  .meta({ id: 'ReviewPage' });
export type ReviewPage = z.infer<typeof ReviewPage>;

const RatingDistribution = z.array(
  z.object({
    rating: z.number().int().min(1).max(5),
    count: z.number().int(),
    percent: z.number().meta({ description: 'of all reviews, percent with one decimal' }),
  }),
);

/** Figures over a cleaner's published reviews (docs/product/discovery.md). */
export const ReviewSummary = z
  .object({
    averageRating: z.number().nullable().meta({ description: 'two decimals; null without reviews' }),
    totalReviews: z.number().int(),
    ratingDistribution: RatingDistribution.meta({ description: '5 stars first' }),
    categoryAverages: z.object({
      quality: z.number().nullable(),
      punctuality: z.number().nullable(),
      professionalism: z.number().nullable(),
      communication: z.number().nullable(),
    }),
    recommendationRate: z.number().meta({ description: 'percent, one decimal' }),
    recommendedCount: z.number().int().meta({ description: 'reviews that would recommend (the rate’s count)' }),
    rebookingRate: z.number().meta({ description: 'percent, one decimal' }),
    rebookedCount: z.number().int().meta({ description: 'reviews that would book again (the rate’s count)' }),
    verifiedReviewsCount: z.number().int(),
    responseRate: z.number().meta({ description: 'percent of reviews the cleaner answered, one decimal' }),
    respondedCount: z.number().int().meta({ description: 'reviews the cleaner answered (the rate’s count)' }),
    links: z.object({
      self: linkTo('getReviewSummary'),
      reviews: linkTo('listCleanerReviews'),
      cleaner: linkTo('getCleaner'),
    }),
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** The reviews page's figures over every published review (computed, not hard-coded; docs/product/discovery.md). */
export const PlatformReviewSummary = z
  .object({
    averageRating: z.number().nullable().meta({ description: 'two decimals; null without reviews' }),
    totalReviews: z.number().int(),
    ratingDistribution: RatingDistribution.meta({ description: '5 stars first' }),
    recommendationRate: z.number().meta({ description: 'percent, one decimal' }),
    recommendedCount: z
      .number()
      .int()
      .meta({ description: 'reviews that would recommend: with totalReviews, a figure one review always moves' }),
    responseRate: z.number().meta({ description: 'percent of reviews with a cleaner’s response, one decimal' }),
    respondedCount: z.number().int().meta({ description: 'reviews with a cleaner’s response' }),
    verifiedReviewsCount: z.number().int(),
    links: z.object({ self: linkTo('getPlatformReviewSummary'), cleaners: linkTo('searchCleaners') }),
  })
  .meta({ id: 'PlatformReviewSummary' });
export type PlatformReviewSummary = z.infer<typeof PlatformReviewSummary>;

/** A report of a review, as its reporter gets it back and administrators list it. */
export const ReviewReport = z
  .object({
    id: z.number().int(),
    reviewId: z.number().int(),
    cleanerId: z.number().int(),
    reporterId: z.number().int(),
    reason: z.string(),
    description: z.string().nullable(),
    status: z.enum(['open', 'dismissed', 'actioned']),
    reviewStatus: ReviewStatus.meta({ description: 'whether the reported review is shown' }),
    review: z
      .object({
        title: z.string().nullable(),
        comment: z.string(),
        overallRating: z.number().int().min(1).max(5),
      })
      .meta({ description: 'the reported review as its author wrote it' }),
    cleaner: z.object({ firstName: z.string(), lastName: z.string() }).meta({ description: 'the reviewed cleaner' }),
    createdAt: z.string(),
    links: z.object({ self: linkTo('getReviewReport'), review: linkTo('getReview'), cleaner: linkTo('getCleaner') }),
    actions: z
      .object({
        hideReview: actionOf('hideReview', 'PATCH', 'moderateReview')
          .optional()
          .meta({ description: 'the review is shown: hide it (a reason is required; its author is sent it)' }),
        keepReview: actionOf('keepReview', 'PATCH', 'moderateReview')
          .optional()
          .meta({ description: 'the report is open and the review shown: keep it shown and dismiss its open reports' }),
        restoreReview: actionOf('restoreReview', 'PATCH', 'moderateReview')
          .optional()
          .meta({ description: 'the review is hidden: show it again' }),
      })
      .meta({ id: 'ReviewReportActions' }),
  })
  .meta({ id: 'ReviewReport' });
export type ReviewReport = z.infer<typeof ReviewReport>;

export const ReviewReportListQuery = z.object({
  status: z.enum(['open', 'dismissed', 'actioned', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ReviewReportList = listOf(ReviewReport)
  .extend({ links: z.object({ self: linkTo('listReviewReports') }) })
  .meta({ id: 'ReviewReportList' });
export type ReviewReportList = z.infer<typeof ReviewReportList>;
