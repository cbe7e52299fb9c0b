import { z } from 'zod';
import { pageOf } from './common';
import { linkTo, PageLink, pageLinks } from './hypermedia';

export const ReviewCustomer = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const Review = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    cleanerId: z.number().int(),
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
    links: z.object({ self: linkTo('getReview'), cleaner: linkTo('getCleaner'), page: PageLink }),
    actions: z.object({}).meta({ description: 'votes, responses and reports come with the review tools' }),
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

/** Spec 02 §3: figures over a cleaner's published reviews. */
export const ReviewSummary = z
  .object({
    averageRating: z.number().nullable().meta({ description: 'two decimals; null without reviews' }),
    totalReviews: z.number().int(),
    ratingDistribution: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })),
    categoryAverages: z.object({
      quality: z.number().nullable(),
      punctuality: z.number().nullable(),
      professionalism: z.number().nullable(),
      communication: z.number().nullable(),
    }),
    recommendationRate: z.number().meta({ description: 'percent, whole number' }),
    rebookingRate: z.number().meta({ description: 'percent, whole number' }),
    verifiedReviewsCount: z.number().int(),
    links: z.object({
      self: linkTo('getReviewSummary'),
      reviews: linkTo('listCleanerReviews'),
      cleaner: linkTo('getCleaner'),
    }),
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof ReviewSummary>;
