import { type ApiRoot, ApplicationInput, CleanerSearchQuery, LoginInput, RegisterInput } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { mayApply } from '../applications/applications.service';
import { getUser, isAdmin } from '../auth/guards';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';
import { actionTo, linkTo, pageLink, templateTo } from '../lib/hypermedia';
import { endpoint } from '../lib/operations';
import { systemApi as api } from './system.openapi';

export const systemRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getApiRoot), async (c) => {
    const ops = c.var.operations;
    const user = getUser(c);
    const admin = isAdmin(c);
    const root: ApiRoot = {
      name: 'Spotless API',
      version: '1.0.0',
      signedIn: user !== null,
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
        ...(user
          ? {
              currentUser: linkTo(ops, 'getCurrentUser', {}, { title: 'Your account' }),
              bookings: linkTo(ops, 'listBookings', {}, { title: 'Your bookings' }),
              bookingStats: linkTo(ops, 'getBookingStats'),
              favourites: linkTo(ops, 'listFavourites', {}, { title: 'Your favourites' }),
              applications: linkTo(ops, 'listApplications', {}, { title: 'Become a cleaner' }),
            }
          : {}),
        ...(user || admin ? { payments: linkTo(ops, 'listPayments', {}, { title: 'Payments' }) } : {}),
        ...(admin
          ? {
              adminSession: linkTo(ops, 'getAdminSession'),
              adminApplications: linkTo(ops, 'listAdminApplications', {}, { title: 'Cleaner applications' }),
              reviewReports: linkTo(ops, 'listReviewReports', {}, { title: 'Reported reviews' }),
            }
          : {}),
        health: linkTo(ops, 'getHealth'),
        openapi: { href: '/api/openapi.json', type: 'application/vnd.oai.openapi+json' },
        page: pageLink('/', 'Spotless'),
      },
      actions: user
        ? {
            logout: actionTo(ops, 'logout', 'logout', { title: 'Sign Out' }) as ApiRoot['actions']['logout'],
            ...((await mayApply(c.var.deps, user.id))
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
    return c.json(root);
  })
  .get(...endpoint(api.getHealth), (c) =>
    c.json({ status: 'ok' as const, links: { self: linkTo(c.var.operations, 'getHealth') } }),
  )
  .get(...endpoint(api.getReadiness), async (c) => {
    try {
      await c.var.deps.database.client.execute('select 1');
    } catch {
      throw new AppError(503, 'unavailable', 'Database unreachable');
    }
    return c.json({ status: 'ok' as const, links: { self: linkTo(c.var.operations, 'getReadiness') } });
  });
