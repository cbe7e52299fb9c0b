import { type ApiRoot, ApplicationInput, CleanerSearchQuery, LoginInput, RegisterInput } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, pageLink, templateTo } from '../contract/hypermedia';
import type { RootFacts } from './system.service';

/** `GET /api`: links to every entry point and what the caller may do as they are (decision 033). */
export function renderRoot(ops: Operations, facts: RootFacts): ApiRoot {
  return {
    name: 'Spotless API',
    version: '1.0.0',
    signedIn: facts.signedIn,
    links: {
      self: linkTo(ops, 'getApiRoot'),
      cleaners: templateTo(
        ops,
        'searchCleaners',
        {},
        {
          query: Object.keys(CleanerSearchQuery.shape),
          title: 'Find cleaners',
        },
      ),
      cleaner: templateTo(ops, 'getCleaner', {}, { title: 'One cleaner' }),
      services: linkTo(ops, 'listServices', {}, { title: 'Services' }),
      reviewSummary: linkTo(ops, 'getPlatformReviewSummary', {}, { title: 'Reviews' }),
      signInMethods: linkTo(ops, 'getAuthProviders'),
      ...(facts.signedIn
        ? {
            currentUser: linkTo(ops, 'getCurrentUser', {}, { title: 'Your account' }),
            bookings: linkTo(ops, 'listBookings', {}, { title: 'Your bookings' }),
            bookingStats: linkTo(ops, 'getBookingStats'),
            favourites: linkTo(ops, 'listFavourites', {}, { title: 'Your favourites' }),
            applications: linkTo(ops, 'listApplications', {}, { title: 'Become a cleaner' }),
          }
        : {}),
      ...(facts.signedIn || facts.admin ? { payments: linkTo(ops, 'listPayments', {}, { title: 'Payments' }) } : {}),
      ...(facts.admin
        ? {
            adminSession: linkTo(ops, 'getAdminSession'),
            adminApplications: linkTo(ops, 'listAdminApplications', {}, { title: 'Cleaner applications' }),
            reviewReports: linkTo(ops, 'listReviewReports', {}, { title: 'Reported reviews' }),
            partners: linkTo(ops, 'listPartners', {}, { title: 'Partners' }),
          }
        : {}),
      health: linkTo(ops, 'getHealth'),
      openapi: { href: '/api/openapi.json', type: 'application/vnd.oai.openapi+json' },
      page: pageLink('/', 'Spotless'),
    },
    actions: facts.signedIn
      ? {
          logout: actionTo(ops, 'logout', 'logout', { title: 'Sign Out' }) as ApiRoot['actions']['logout'],
          ...(facts.mayApply
            ? {
                apply: actionTo(ops, 'apply', 'submitApplication', {
                  title: 'Become a Cleaner',
                  body: ApplicationInput,
                }) as ApiRoot['actions']['apply'],
              }
            : {}),
        }
      : {
          login: actionTo(ops, 'login', 'login', {
            title: 'Sign In',
            body: LoginInput,
          }) as ApiRoot['actions']['login'],
          register: actionTo(ops, 'register', 'register', {
            title: 'Create Account',
            body: RegisterInput,
          }) as ApiRoot['actions']['register'],
        },
  };
}
