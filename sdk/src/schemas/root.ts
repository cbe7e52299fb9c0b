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
        signInMethods: linkTo('getAuthProviders'),
        currentUser: linkTo('getCurrentUser').optional(),
        bookings: linkTo('listBookings').optional(),
        bookingStats: linkTo('getBookingStats').optional(),
        payments: linkTo('listPayments').optional(),
        favourites: linkTo('listFavourites').optional(),
        adminSession: linkTo('getAdminSession').optional(),
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
      })
      .meta({ id: 'ApiRootActions' }),
  })
  .meta({ id: 'ApiRoot' });
export type ApiRoot = z.infer<typeof ApiRoot>;
