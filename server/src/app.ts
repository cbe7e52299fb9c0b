import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adminAuthRoutes } from './admin-auth/admin-auth.routes';
import { docsRoutes } from './api-reference/docs.routes';
import { adminApplicationsRoutes, applicationsRoutes, documentsRoutes } from './applications/applications.routes';
import { authRoutes, signInRoutes } from './auth/auth.routes';
import { oauthRoutes } from './auth/oauth.routes';
import { onboardingRoutes } from './auth/onboarding.routes';
import { availabilityRoutes } from './availability/availability.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { calendarsRoutes } from './calendars/calendars.routes';
import { servicesRoutes } from './catalog/catalog.routes';
import { chatRoutes } from './chat/chat.routes';
import { cleanersRoutes } from './cleaners/cleaners.routes';
import { contactRoutes } from './contact/contact.routes';
import { errorBody } from './contract/errors';
import { collectOperations, servedOperations } from './contract/operations';
import { damageRoutes } from './damage/damage.routes';
import type { AppEnv, Deps } from './deps';
import { favouritesRoutes } from './favourites/favourites.routes';
import { failuresAsUnavailable } from './files/file-storage';
import { isUploadRoute } from './files/uploads';
import { namesMissingResource } from './hosted-page-status';
import { withFields } from './lib/logger';
import { messagesRoutes } from './messages/messages.routes';
import { accessLog } from './middleware/access-log';
import { actorMiddleware } from './middleware/actor';
import { csrfProtection } from './middleware/csrf';
import { renderError } from './middleware/error-response';
import { partnerCors } from './middleware/partner-cors';
import { responseHeaders, securityHeaders } from './middleware/response-headers';
import { API_OPERATIONS } from './operations';
import { partnerPortalRoutes } from './partners/partner-portal.routes';
import { partnerWebhooksRoutes } from './partners/partner-webhooks.routes';
import { partnersRoutes } from './partners/partners.routes';
import { localPaymentRoutes, paymentsRoutes } from './payments/payments.routes';
import { cancellationRefunds } from './payments/refunds.service';
import { payoutTermsRoutes } from './payout-terms/payout-terms.routes';
import { payoutsRoutes } from './payouts/payouts.routes';
import { reviewReportsAdminRoutes, reviewsRoutes } from './reviews/reviews.routes';
import { seriesRoutes } from './series/series.routes';
import { metricsEndpoint } from './system/metrics';
import { systemRoutes } from './system/system.routes';

/** The API routes, chained so their type can drive a typed client. */
export const apiRoutes = new Hono<AppEnv>()
  .route('/', systemRoutes)
  .route('/', servicesRoutes)
  // Before cleanersRoutes: GET /cleaners/profile must win over GET /cleaners/:id.
  .route('/', availabilityRoutes)
  .route('/', cleanersRoutes)
  .route('/', bookingsRoutes)
  .route('/', calendarsRoutes)
  .route('/', messagesRoutes)
  .route('/', seriesRoutes)
  .route('/', reviewsRoutes)
  .route('/', reviewReportsAdminRoutes)
  .route('/', applicationsRoutes)
  .route('/', documentsRoutes)
  .route('/', adminApplicationsRoutes)
  .route('/', favouritesRoutes)
  .route('/', contactRoutes)
  .route('/', chatRoutes)
  .route('/', paymentsRoutes)
  .route('/', partnersRoutes)
  .route('/', payoutsRoutes)
  .route('/', payoutTermsRoutes)
  .route('/', partnerPortalRoutes)
  .route('/', damageRoutes)
  .route('/', partnerWebhooksRoutes)
  .route('/', signInRoutes)
  .route('/', authRoutes)
  .route('/', oauthRoutes)
  .route('/', onboardingRoutes)
  .route('/', adminAuthRoutes);

export type ApiRoutes = typeof apiRoutes;

/** Every API operation by operationId: what links and actions point at. */
const operations = collectOperations(API_OPERATIONS);

/**
 * Builds the whole HTTP application from its dependencies. It never reads `process.env` or a
 * runtime API: the Node and Workers entries, and the tests, hand everything in.
 */
export function createApp(given: Deps) {
  const deps: Deps = {
    ...given,
    files: failuresAsUnavailable(given.files, given.logger),
    refunds: given.refunds ?? cancellationRefunds(given),
  };
  const app = new Hono<AppEnv>();

  // Names the request first: everything after it logs with the request's id.
  app.use('*', responseHeaders(securityHeaders(deps.config)));
  app.use('*', (c, next) => {
    c.set('deps', requestDeps(given, deps, c.get('requestId'), c.req.url));
    c.set('operations', operations);
    return next();
  });
  app.use('*', accessLog());
  const apiBodyLimit = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    // Refused before the rest of the body is read: the connection cannot be reused.
    onError: (c) =>
      c.json(errorBody('payload_too_large', `Request body exceeds ${deps.config.bodyLimitBytes} bytes`), 413, {
        Connection: 'close',
      }),
  });
  // Upload routes count their own, larger, envelope while reading (files/uploads.ts). A GET or HEAD
  // that announces no body is let through without touching `c.req.raw.body`, which would build a
  // whole fetch Request on Node (a quarter of a small read's cost).
  app.use('/api/*', (c, next) => {
    const method = c.req.method;
    if (
      (method === 'GET' || method === 'HEAD') &&
      !c.req.header('content-length') &&
      !c.req.header('transfer-encoding')
    )
      return next();
    return isUploadRoute(method, c.req.path) ? next() : apiBodyLimit(c, next);
  });

  // Partner widgets on other sites: preflights answered, allowed origins echoed (decision 048).
  app.use('/api/*', partnerCors());
  // Auth: CSRF is checked before any session is touched; who is calling is resolved once here.
  app.use('/api/*', csrfProtection());
  app.use('/api/*', actorMiddleware());

  app.route('/api', apiRoutes);
  // The test-mode card form exists only while the test-mode provider is the one in use.
  if (deps.payments.name === 'local') app.route('/api', localPaymentRoutes);
  // Every /api route serves one operation of the table, at its method and path (checked here, at start).
  const served = servedOperations(app, API_OPERATIONS, ['/api/openapi.json', '/api/docs']);
  app.route('/api', docsRoutes(served));
  // For an operator's scraper, outside the public API (decision 067); 404 where nothing is counted.
  app.get('/metrics', metricsEndpoint(deps));

  app.notFound(async (c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404);
    }
    // Source maps show the hosted app's source: only where configured (never by default in production).
    if (c.req.path.endsWith('.map') && !deps.config.serveSourceMaps) return c.text('Not Found', 404);
    if (deps.assets && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      // A cleaner's page for no such cleaner is the app's page with status 404 (decision 046).
      const response = await deps.assets.serve(c, { missing: await namesMissingResource(deps, c.req.path) });
      if (response) return response;
    }
    return c.text('Not Found', 404);
  });
  app.onError((err, c) => renderError(err, c, deps.logger));

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * The deps a request's handlers and services get: the app's, with a logger that writes the
 * request id on every line (decision 067), so no service passes the id along by hand, and the
 * request's URL, which its e-mails link to when it is this site (decision 072). A cancellation's
 * refund port is bound to them for the same reason. A few small objects per request; no async
 * context (AsyncLocalStorage costs every promise of the process on Node 20).
 */
function requestDeps(given: Deps, deps: Deps, requestId: string, requestUrl: string): Deps {
  const scoped: Deps = { ...deps, logger: withFields(deps.logger, { requestId }), requestUrl };
  if (!given.refunds) scoped.refunds = cancellationRefunds(scoped);
  return scoped;
}
