import { z } from 'zod';
import { actionOf, linkTo, PageLink } from './hypermedia';

/**
 * `GET /api`: the one URL a client needs. Every entry point is a link (cleaner search as a URI
 * template with its parameters); what the caller may do as they are (sign in, register, sign out)
 * is an action.
 */
export const ApiRoot = z
  .object({
    name: z.string(),
    version: z.string(),
    signedIn: z.boolean(),
    links: z
      .object({
        self: linkTo('getApiRoot'),
        cleaners: linkTo('searchCleaners').meta({ description: 'templated: the search parameters' }),
        cleaner: linkTo('getCleaner').meta({ description: 'templated: {id}' }),
        services: linkTo('listServices'),
        reviewSummary: linkTo('getPlatformReviewSummary').meta({ description: 'the reviews page’s figures' }),
        signInMethods: linkTo('getAuthProviders'),
        currentUser: linkTo('getCurrentUser').optional(),
        bookings: linkTo('listBookings').optional(),
        bookingStats: linkTo('getBookingStats').optional(),
        payments: linkTo('listPayments').optional(),
        favourites: linkTo('listFavourites').optional(),
        applications: linkTo('listApplications')
          .optional()
          .meta({ description: 'a signed-in user’s cleaner applications' }),
        adminApplications: linkTo('listAdminApplications')
          .optional()
          .meta({ description: 'administrators: applications to review' }),
        adminSession: linkTo('getAdminSession').optional(),
        reviewReports: linkTo('listReviewReports').optional().meta({ description: 'administrators: reported reviews' }),
        partners: linkTo('listPartners')
          .optional()
          .meta({ description: 'administrators: partner sites and their figures' }),
        health: linkTo('getHealth'),
        openapi: z.object({ href: z.string(), type: z.literal('application/vnd.oai.openapi+json') }),
        page: PageLink,
      })
      .meta({ id: 'ApiRootLinks' }),
    actions: z
      .object({
        login: actionOf('login', 'POST', 'login').optional(),
        register: actionOf('register', 'POST', 'register').optional(),
        logout: actionOf('logout', 'POST', 'logout').optional(),
        apply: actionOf('apply', 'POST', 'submitApplication')
          .optional()
          .meta({ description: 'a signed-in user without an open application or an active cleaner profile' }),
      })
      .meta({ id: 'ApiRootActions' }),
  })
  .meta({ id: 'ApiRoot' });
export type ApiRoot = z.infer<typeof ApiRoot>;
