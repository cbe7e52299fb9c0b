import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { PageLoading } from './components/page-loading';
import { RouteErrorPage } from './components/route-error-page';
import { ChatBubble } from './features/chat/components/chat-bubble';
import { CleanerListingPage } from './features/cleaners/components/cleaner-listing-page';
import { OnboardingOverlay } from './features/onboarding/components/onboarding-overlay';
import { CleaningTipsWidget } from './features/tips/components/cleaning-tips-widget';

/** Route metadata read by the app shell. */
export interface RouteHandle {
  /** Needs a signed-in user: a 401 here toasts 'Unauthorized' and sends the user to log in (spec 01 §6). */
  protected?: boolean;
  /** Reserved for a later issue; renders a 'Coming soon' page until then. */
  placeholder?: boolean;
  /** The admin area: a 401 or 403 here goes to the admin login page (/admin), not /api/login. */
  admin?: boolean;
}

/**
 * A page loaded when its route is first visited: the listing (the home page) is in the first
 * download, every other page is its own chunk, fetched by the router before it navigates there.
 */
function lazyPage<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/** The one route table of the hosted app (spec 02 §2, "Full route table"). */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <AppLayout assistant={<ChatBubble />} />
        {/* Spec 02 §2: over every route while a signed-in user has not finished onboarding. */}
        <OnboardingOverlay />
      </>
    ),
    children: [
      {
        errorElement: <RouteErrorPage />,
        // Shown inside the layout while the first page's chunk loads.
        hydrateFallbackElement: <PageLoading />,
        children: [
          // Cleaner discovery: the home route shows the listing (spec 01 §2.4).
          { index: true, element: <CleanerListingPage tips={<CleaningTipsWidget />} /> },
          { path: 'cleaners', element: <CleanerListingPage tips={<CleaningTipsWidget />} /> },
          { path: 'search', lazy: lazyPage(() => import('./features/search/components/search-page'), 'SearchPage') },
          {
            path: 'cleaner/:id',
            lazy: lazyPage(
              () => import('./features/cleaner-profile/components/cleaner-profile-page'),
              'CleanerProfilePage',
            ),
          },
          {
            path: 'landing',
            lazy: lazyPage(() => import('./features/marketing/components/landing-page'), 'LandingPage'),
          },

          // Informational pages (spec 01 §2.3).
          { path: 'about', lazy: lazyPage(() => import('./features/marketing/components/about-page'), 'AboutPage') },
          {
            path: 'how-it-works',
            lazy: lazyPage(() => import('./features/marketing/components/how-it-works-page'), 'HowItWorksPage'),
          },
          {
            path: 'contact',
            lazy: lazyPage(() => import('./features/contact/components/contact-page'), 'ContactPage'),
          },
          {
            path: 'help-center',
            lazy: lazyPage(() => import('./features/help/components/help-center-page'), 'HelpCenterPage'),
          },
          { path: 'safety', lazy: lazyPage(() => import('./features/help/components/safety-page'), 'SafetyPage') },
          {
            path: 'privacy-policy',
            lazy: lazyPage(() => import('./features/legal/components/privacy-policy-page'), 'PrivacyPolicyPage'),
          },
          {
            path: 'terms-of-service',
            lazy: lazyPage(() => import('./features/legal/components/terms-of-service-page'), 'TermsOfServicePage'),
          },

          // Signed-in pages, then placeholders for routes of later issues (so links to them do not 404).
          {
            path: 'booking/:cleanerId/:serviceId?',
            lazy: lazyPage(() => import('./features/booking/components/booking-page'), 'BookingPage'),
            handle: { protected: true } satisfies RouteHandle,
          },
          {
            path: 'checkout',
            lazy: lazyPage(() => import('./features/checkout/components/checkout-page'), 'CheckoutPage'),
            handle: { protected: true } satisfies RouteHandle,
          },
          {
            path: 'dashboard',
            lazy: lazyPage(() => import('./features/dashboard/components/dashboard-page'), 'DashboardPage'),
            handle: { protected: true } satisfies RouteHandle,
          },
          {
            path: 'profile',
            lazy: lazyPage(() => import('./features/profile/components/profile-page'), 'ProfilePage'),
            handle: { protected: true } satisfies RouteHandle,
          },
          {
            path: 'payments',
            lazy: lazyPage(() => import('./features/payments/components/payments-page'), 'PaymentsPage'),
            handle: { protected: true } satisfies RouteHandle,
          },
          {
            path: 'reviews',
            lazy: lazyPage(() => import('./features/reviews/components/reviews-page'), 'ReviewsPage'),
          },
          {
            path: 'cleaner-dashboard',
            lazy: lazyPage(
              () => import('./features/cleaner-dashboard/components/cleaner-dashboard-page'),
              'CleanerDashboardPage',
            ),
            handle: { protected: true } satisfies RouteHandle,
          },
          {
            path: 'apply-cleaner',
            lazy: lazyPage(() => import('./features/apply-cleaner/components/apply-cleaner-page'), 'ApplyCleanerPage'),
          },
          // Accounts (spec 01 §6, spec 02 §2): the hosted sign-in page and the admin login page.
          { path: 'login', lazy: lazyPage(() => import('./features/auth/components/login-page'), 'LoginPage') },
          { path: 'logout', lazy: lazyPage(() => import('./features/auth/components/logout-page'), 'LogoutPage') },
          {
            path: 'forgot-password',
            lazy: lazyPage(() => import('./features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
          },
          {
            path: 'reset-password',
            lazy: lazyPage(() => import('./features/auth/components/reset-password-page'), 'ResetPasswordPage'),
          },
          {
            path: 'verify-email',
            lazy: lazyPage(() => import('./features/auth/components/verify-email-page'), 'VerifyEmailPage'),
          },
          {
            path: 'admin',
            lazy: lazyPage(() => import('./features/admin-login/components/admin-login-page'), 'AdminLoginPage'),
          },
          {
            path: 'admin-dashboard',
            lazy: lazyPage(
              () => import('./features/admin-dashboard/components/admin-dashboard-page'),
              'AdminDashboardPage',
            ),
            handle: { protected: true, admin: true } satisfies RouteHandle,
          },
          {
            path: 'admin-partners',
            lazy: lazyPage(
              () => import('./features/admin-partners/components/admin-partners-page'),
              'AdminPartnersPage',
            ),
            handle: { protected: true, admin: true } satisfies RouteHandle,
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
