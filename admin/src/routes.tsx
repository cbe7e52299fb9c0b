import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { AppLayout } from './components/layout/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { PageLoading } from './components/page-loading';
import { RouteErrorBoundary } from './components/route-error-page';
import { withSession } from './components/session-guard';
import { ChatBubble } from './features/chat/components/chat-bubble';
import { CleanerListingPage } from './features/cleaners/components/cleaner-listing-page';
import { OnboardingOverlay } from './features/onboarding/components/onboarding-overlay';
import { CleaningTipsWidget } from './features/tips/components/cleaning-tips-widget';
import { cleanerQuery, serviceQuery, servicesQuery } from './lib/catalog-queries';
import { idParam, matchPath } from './lib/route-match';
import { Route, Switch, useLocation } from './lib/router';

/** Route metadata read by the app shell. */
export interface RouteHandle {
  /** Needs a signed-in user: a 401 here toasts 'Unauthorized' and sends the user to log in (docs/product/accounts.md). */
  protected?: boolean;
  /** The admin area: a 401 or 403 here goes to the admin login page (/admin), not /api/login. */
  admin?: boolean;
  /**
   * The page tells a visitor itself and sends them to sign in (the profile's own words, the booking
   * page's return to the booking), sending no read a visitor is refused. Other protected pages open
   * only once the session says who is signed in (components/session-guard.tsx).
   */
  ownSignedOutView?: boolean;
  /** An administrator session alone opens the page too (/payments: every payment, with refunds). */
  adminToo?: boolean;
}

export interface PageRoute {
  /** `/cleaner/:id`; `:name?` is an optional segment. */
  path: string;
  page: ComponentType;
  handle?: RouteHandle;
  /**
   * Starts the page's first reads as the app starts on it, beside its code's download, instead of
   * after the page has loaded and rendered (the page's own queries then find them in flight).
   */
  prefetch?: (params: Record<string, string | undefined>, client: QueryClient) => void;
}

/** The profile and booking pages open on the cleaner and the service catalogue, or the one service booked. */
function prefetchCleaner(cleaner: string | undefined, service: string | undefined, client: QueryClient) {
  const id = idParam(cleaner);
  if (id === undefined) return;
  void client.prefetchQuery(cleanerQuery(id));
  const serviceId = idParam(service);
  if (serviceId === undefined) void client.prefetchQuery(servicesQuery);
  else void client.prefetchQuery(serviceQuery(serviceId));
}

/**
 * A page loaded when its route is first visited: the listing (the home page) is in the first
 * download, every other page is its own chunk, fetched when the route is first shown (the page
 * area shows `PageLoading` meanwhile, inside the layout).
 */
function lazyPage<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

function Listing() {
  return <CleanerListingPage tips={<CleaningTipsWidget />} />;
}

/** The one route table of the hosted app (docs/product/README.md); any other path is 404. */
export const routes: PageRoute[] = [
  // Cleaner discovery: the home route and /cleaners show the listing (docs/product/discovery.md),
  // in the first download.
  { path: '/', page: Listing },
  { path: '/cleaners', page: Listing },
  { path: '/search', page: lazyPage(() => import('./features/search/components/search-page'), 'SearchPage') },
  {
    path: '/cleaner/:id',
    page: lazyPage(() => import('./features/cleaner-profile/components/cleaner-profile-page'), 'CleanerProfilePage'),
    prefetch: (params, client) => prefetchCleaner(params.id, undefined, client),
  },
  { path: '/landing', page: lazyPage(() => import('./features/marketing/components/landing-page'), 'LandingPage') },

  // Informational pages (docs/product/discovery.md).
  { path: '/about', page: lazyPage(() => import('./features/marketing/components/about-page'), 'AboutPage') },
  {
    path: '/how-it-works',
    page: lazyPage(() => import('./features/marketing/components/how-it-works-page'), 'HowItWorksPage'),
  },
  { path: '/contact', page: lazyPage(() => import('./features/contact/components/contact-page'), 'ContactPage') },
  {
    path: '/help-center',
    page: lazyPage(() => import('./features/help/components/help-center-page'), 'HelpCenterPage'),
  },
  { path: '/safety', page: lazyPage(() => import('./features/help/components/safety-page'), 'SafetyPage') },
  {
    path: '/privacy-policy',
    page: lazyPage(() => import('./features/legal/components/privacy-policy-page'), 'PrivacyPolicyPage'),
  },
  {
    path: '/terms-of-service',
    page: lazyPage(() => import('./features/legal/components/terms-of-service-page'), 'TermsOfServicePage'),
  },

  // Signed-in pages.
  {
    path: '/booking/:cleanerId/:serviceId?',
    page: lazyPage(() => import('./features/booking/components/booking-page'), 'BookingPage'),
    handle: { protected: true, ownSignedOutView: true },
    prefetch: (params, client) => prefetchCleaner(params.cleanerId, params.serviceId, client),
  },
  {
    path: '/checkout',
    page: lazyPage(() => import('./features/checkout/components/checkout-page'), 'CheckoutPage'),
    handle: { protected: true },
  },
  {
    path: '/dashboard',
    page: lazyPage(() => import('./features/dashboard/components/dashboard-page'), 'DashboardPage'),
    handle: { protected: true },
  },
  {
    path: '/profile',
    page: lazyPage(() => import('./features/profile/components/profile-page'), 'ProfilePage'),
    handle: { protected: true, ownSignedOutView: true },
  },
  {
    path: '/payments',
    page: lazyPage(() => import('./features/payments/components/payments-page'), 'PaymentsPage'),
    handle: { protected: true, adminToo: true },
  },
  { path: '/reviews', page: lazyPage(() => import('./features/reviews/components/reviews-page'), 'ReviewsPage') },
  {
    path: '/cleaner-dashboard',
    page: lazyPage(
      () => import('./features/cleaner-dashboard/components/cleaner-dashboard-page'),
      'CleanerDashboardPage',
    ),
    handle: { protected: true },
  },
  {
    // The local test-mode provider's payout-account page (decision 080); with Stripe, Stripe's own.
    path: '/payouts/test-onboarding',
    page: lazyPage(() => import('./features/payouts/components/pages'), 'TestOnboardingPage'),
    handle: { protected: true },
  },
  {
    path: '/apply-cleaner',
    page: lazyPage(() => import('./features/apply-cleaner/components/apply-cleaner-page'), 'ApplyCleanerPage'),
  },
  // Accounts (docs/product/accounts.md, docs/product/administration.md): the hosted sign-in page
  // and the admin login page.
  { path: '/login', page: lazyPage(() => import('./features/auth/components/login-page'), 'LoginPage') },
  { path: '/logout', page: lazyPage(() => import('./features/auth/components/logout-page'), 'LogoutPage') },
  {
    path: '/forgot-password',
    page: lazyPage(() => import('./features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: '/reset-password',
    page: lazyPage(() => import('./features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: '/verify-email',
    page: lazyPage(() => import('./features/auth/components/verify-email-page'), 'VerifyEmailPage'),
  },
  {
    path: '/guest-link',
    page: lazyPage(() => import('./features/auth/components/guest-link-page'), 'GuestLinkPage'),
  },
  {
    path: '/admin',
    page: lazyPage(() => import('./features/admin-login/components/admin-login-page'), 'AdminLoginPage'),
  },
  {
    path: '/admin-dashboard',
    page: lazyPage(() => import('./features/admin-dashboard/components/admin-dashboard-page'), 'AdminDashboardPage'),
    handle: { protected: true, admin: true },
  },
  {
    path: '/partner-portal/:id?',
    page: lazyPage(() => import('./features/partner-portal/components/pages'), 'PartnerPortalPage'),
    // An invitation's link (`?token=`) opens signed out; the page guards the rest itself.
    handle: { protected: true, adminToo: true, ownSignedOutView: true },
  },
  {
    path: '/admin-payouts',
    page: lazyPage(() => import('./features/payouts/components/pages'), 'AdminPayoutsPage'),
    handle: { protected: true, admin: true },
  },
  {
    path: '/admin-partners',
    page: lazyPage(() => import('./features/admin-partners/components/admin-partners-page'), 'AdminPartnersPage'),
    handle: { protected: true, admin: true },
  },
];

/** What the router shows for a route: its page, behind the session check when it is protected. */
const shownPages = new Map<PageRoute, ComponentType>();
export function shownPage(route: PageRoute): ComponentType {
  let page = shownPages.get(route);
  if (!page) {
    const handle = route.handle ?? {};
    const area = handle.admin ? 'admin' : handle.adminToo ? 'person-or-admin' : 'person';
    page = handle.protected && !handle.ownSignedOutView ? withSession(route.page, area) : route.page;
    shownPages.set(route, page);
  }
  return page;
}

/** The route of a path and its params, if the table has one. */
function match(pathname: string): { route: PageRoute; params: Record<string, string | undefined> } | undefined {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

/** The route of a path, if the table has one. */
export function routeAt(pathname: string): PageRoute | undefined {
  return match(pathname)?.route;
}

/** Starts the first reads of the page at `pathname` (see `PageRoute.prefetch`). */
export function prefetchPage(pathname: string, client: QueryClient): void {
  const found = match(pathname);
  found?.route.prefetch?.(found.params, client);
}

/** Every page of the hosted app: the layout, the page of the address (or 404), the onboarding overlay. */
export function App() {
  const { pathname } = useLocation();
  return (
    <>
      <AppLayout assistant={<ChatBubble />}>
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} component={shownPage(route)} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </RouteErrorBoundary>
      </AppLayout>
      {/* The onboarding wizard (docs/product/accounts.md): over every route while a signed-in user has not finished onboarding. */}
      <OnboardingOverlay />
    </>
  );
}
