import { z } from 'zod';
import { CLEANER_SORTS, PLAIN_DECIMAL, SEARCH_LIMITS, SORT_ORDERS } from '../rules/search-filters';
import { Money, PageQuery, pageOf, QueryBoolean, queryNumber, ServiceType } from './common';
import { actionOf, linkTo, PageLink, pageLinks } from './hypermedia';

export const CleanerUser = z.object({ firstName: z.string(), lastName: z.string() });

export const Cleaner = z
  .object({
    id: z.number().int(),
    avatar: z.string().nullable(),
    user: CleanerUser,
    rating: z.number().nullable().meta({ description: 'average overall rating, null before the first review' }),
    reviewCount: z.number().int(),
    hourlyRate: Money,
    completedJobs: z.number().int(),
    bio: z.string(),
    experience: z.string().meta({ description: 'e.g. "3-5 years"' }),
    serviceTypes: z.array(ServiceType),
    coverageAreas: z.array(z.string()),
    isVerified: z.boolean(),
    isInsured: z.boolean(),
    isBonded: z.boolean(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    timeZone: z.string(),
    distance: z.number().optional().meta({ description: 'miles from the searched point' }),
    withdrawals: z.number().int().optional().meta({
      description: 'administrators only: confirmed jobs the cleaner withdrew from',
    }),
    links: z
      .object({
        self: linkTo('getCleaner'),
        reviews: linkTo('listCleanerReviews').meta({ description: 'templated: {?page,limit}' }),
        reviewSummary: linkTo('getReviewSummary'),
        availability: linkTo('listAvailability'),
        slots: linkTo('listTimeSlots').meta({ description: 'templated: {date} (YYYY-MM-DD, the cleaner’s zone)' }),
        services: linkTo('listServices'),
        page: PageLink,
        book: PageLink.optional().meta({ description: 'the hosted booking page' }),
        overview: linkTo('getCleanerOverview')
          .optional()
          .meta({ description: 'the cleaner themself: their dashboard figures' }),
        jobs: linkTo('listBookings').optional().meta({ description: 'the cleaner themself: their bookings' }),
      })
      .meta({ id: 'CleanerLinks' }),
    actions: z
      .object({
        book: actionOf('book', 'POST', 'createBooking').optional().meta({
          description:
            'signed in, not the cleaner themself, and the cleaner offers a service: its `serviceId` options are the services they offer',
        }),
        bookAsGuest: actionOf('bookAsGuest', 'POST', 'createGuestBooking')
          .optional()
          .meta({ description: 'a partner’s widget (its publishable key), when the cleaner offers a service' }),
      })
      .meta({ id: 'CleanerActions' }),
  })
  .meta({ id: 'Cleaner' });
export type Cleaner = z.infer<typeof Cleaner>;

export const CleanerSort = z.enum(CLEANER_SORTS);

/** The plain listing query (docs/product/discovery.md); the full search extends it. */
export const CleanerListQuery = PageQuery.extend({
  location: z.string().trim().max(SEARCH_LIMITS.location).optional(),
  serviceType: z.union([ServiceType, z.literal('all')]).optional(),
  sortBy: CleanerSort.optional(),
  sort: CleanerSort.optional().meta({
    description:
      'the same as `sortBy` (the menu’s Top Rated link writes `?sort=rating`); `sortBy` wins when both are given',
  }),
});
export type CleanerListQuery = z.input<typeof CleanerListQuery>;

export const CleanerPage = pageOf(Cleaner)
  .extend({ links: pageLinks('searchCleaners') })
  .meta({ id: 'CleanerPage' });
export type CleanerPage = z.infer<typeof CleanerPage>;

export const SortOrder = z.enum(SORT_ORDERS);

/**
 * Every parameter of `GET /api/cleaners`: the listing's (location, serviceType, sortBy) and the
 * search filter set (docs/product/discovery.md). Coordinates come in pairs; radius (miles) applies
 * to them or to a location/city the city table resolves, default 25 (`DEFAULT_RADIUS_MILES`). Names,
 * values and limits come from the rules' search filters.
 */
export const CleanerSearchQuery = CleanerListQuery.extend({
  query: z.string().trim().max(SEARCH_LIMITS.query).optional(),
  city: z.string().trim().max(SEARCH_LIMITS.location).optional(),
  state: z.string().trim().max(SEARCH_LIMITS.state).optional(),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be up to 5 digits')
    .optional(),
  latitude: queryNumber(-90, 90).optional(),
  longitude: queryNumber(-180, 180).optional(),
  radius: queryNumber(SEARCH_LIMITS.radius.min, SEARCH_LIMITS.radius.max).optional(),
  minRating: queryNumber(0, SEARCH_LIMITS.minRating).optional(),
  maxPrice: z
    .string()
    .trim()
    .regex(PLAIN_DECIMAL, 'must be a number')
    .transform(Number)
    .pipe(
      z
        .number()
        .positive('must be more than 0')
        .max(SEARCH_LIMITS.maxPrice, `must be at most ${SEARCH_LIMITS.maxPrice}`),
    )
    .meta({ queryAs: 'number', exclusiveMinimum: 0, maximum: SEARCH_LIMITS.maxPrice })
    .optional()
    .meta({ description: 'highest hourly rate in dollars' }),
  isVerified: QueryBoolean.optional(),
  isInsured: QueryBoolean.optional(),
  isBonded: QueryBoolean.optional(),
  sortOrder: SortOrder.optional(),
}).superRefine((value, ctx) => {
  if ((value.latitude === undefined) !== (value.longitude === undefined)) {
    const missing = value.latitude === undefined ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'latitude and longitude go together' });
  }
});
export type CleanerSearchQuery = z.input<typeof CleanerSearchQuery>;

/** Figures over every match of a search, not just the page. */
export const CleanerSearchStats = z
  .object({
    total: z.number().int(),
    averageRating: z.number().nullable().meta({ description: 'average rating of the rated matches' }),
    priceRange: z.object({ min: Money, max: Money }).nullable(),
    cities: z.number().int().meta({ description: 'number of distinct cities among the matches' }),
  })
  .meta({ id: 'CleanerSearchStats' });
export type CleanerSearchStats = z.infer<typeof CleanerSearchStats>;

export const CleanerSearchPage = pageOf(Cleaner)
  .extend({ stats: CleanerSearchStats, links: pageLinks('searchCleaners') })
  .meta({ id: 'CleanerSearchPage' });
export type CleanerSearchPage = z.infer<typeof CleanerSearchPage>;

/**
 * The cleaner dashboard's overview (docs/product/cleaners.md), from the data: bookings by outcome,
 * money kept from succeeded payments after refunds, the review average and the completion rate.
 */
export const CleanerOverview = z
  .object({
    cleanerId: z.number().int(),
    totalBookings: z.number().int().meta({ description: 'every booking made with the cleaner, in any status' }),
    completedBookings: z.number().int(),
    cancelledBookings: z.number().int(),
    upcomingBookings: z.number().int().meta({
      description: 'jobs not yet done nor cancelled: pending, confirmed or in progress (as `upcomingEarnings`)',
    }),
    totalEarnings: Money.meta({
      description:
        'earned: the cleaner’s share of their completed jobs’ charges, and of the fee a late cancellation kept, after the platform fee and their part of every refund (the money split)',
    }),
    upcomingEarnings: Money.meta({
      description:
        'the cleaner’s share of what was paid for jobs not yet done (pending, confirmed or in progress): earned once completed',
    }),
    cancelledByCleanerAfterAccepting: z
      .number()
      .int()
      .meta({ description: 'jobs the cleaner accepted and then cancelled themself' }),
    averageRating: z.number().nullable().meta({ description: 'of published reviews, two decimals; null without' }),
    reviewCount: z.number().int(),
    completionRate: z.number().int().nullable().meta({
      description:
        'of the jobs the cleaner accepted that have ended: completed ÷ (completed + accepted jobs the cleaner then cancelled), whole percent; declined requests and customers’ cancellations do not count; null before any ended',
    }),
    links: z.object({
      self: linkTo('getCleanerOverview'),
      profile: linkTo('getOwnCleanerProfile'),
      bookings: linkTo('listBookings').meta({ description: 'the cleaner’s own bookings' }),
      reviews: linkTo('listCleanerReviews'),
      page: PageLink,
    }),
  })
  .meta({ id: 'CleanerOverview' });
export type CleanerOverview = z.infer<typeof CleanerOverview>;
