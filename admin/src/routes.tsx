import type { RouteObject } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { PlaceholderPage } from './components/placeholder-page';
import { RouteErrorPage } from './components/route-error-page';
import { AdminLoginPage } from './features/admin-login/components/admin-login-page';
import { LoginPage } from './features/auth/components/login-page';
import { BookingPage } from './features/booking/components/booking-page';
import { CheckoutPage } from './features/checkout/components/checkout-page';
import { CleanerProfilePage } from './features/cleaner-profile/components/cleaner-profile-page';
import { CleanerListingPage } from './features/cleaners/components/cleaner-listing-page';
import { ContactPage } from './features/contact/components/contact-page';
import { DashboardPage } from './features/dashboard/components/dashboard-page';
import { HelpCenterPage } from './features/help/components/help-center-page';
import { SafetyPage } from './features/help/components/safety-page';
import { PrivacyPolicyPage } from './features/legal/components/privacy-policy-page';
import { TermsOfServicePage } from './features/legal/components/terms-of-service-page';
import { AboutPage } from './features/marketing/components/about-page';
import { HowItWorksPage } from './features/marketing/components/how-it-works-page';
import { LandingPage } from './features/marketing/components/landing-page';
import { OnboardingOverlay } from './features/onboarding/components/onboarding-overlay';
import { PaymentsPage } from './features/payments/components/payments-page';
import { ProfilePage } from './features/profile/components/profile-page';
import { SearchPage } from './features/search/components/search-page';
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

const placeholder = (title: string, description: string, handle: RouteHandle = {}) => ({
  element: <PlaceholderPage title={title} description={description} />,
  handle: { ...handle, placeholder: true } satisfies RouteHandle,
});

/** The one route table of the hosted app (spec 02 §2, "Full route table"). */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <AppLayout />
        {/* Spec 02 §2: over every route while a signed-in user has not finished onboarding. */}
        <OnboardingOverlay />
      </>
    ),
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // Cleaner discovery: the home route shows the listing (spec 01 §2.4).
          { index: true, element: <CleanerListingPage tips={<CleaningTipsWidget />} /> },
          { path: 'cleaners', element: <CleanerListingPage tips={<CleaningTipsWidget />} /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'cleaner/:id', element: <CleanerProfilePage /> },
          { path: 'landing', element: <LandingPage /> },

          // Informational pages (spec 01 §2.3).
          { path: 'about', element: <AboutPage /> },
          { path: 'how-it-works', element: <HowItWorksPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'help-center', element: <HelpCenterPage /> },
          { path: 'safety', element: <SafetyPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'terms-of-service', element: <TermsOfServicePage /> },

          // PLACEHOLDERS — routes of later issues, so links to them do not 404.
          {
            path: 'booking/:cleanerId/:serviceId?',
            element: <BookingPage />,
            handle: { protected: true } satisfies RouteHandle,
          },
          { path: 'checkout', element: <CheckoutPage />, handle: { protected: true } satisfies RouteHandle },
          { path: 'dashboard', element: <DashboardPage />, handle: { protected: true } satisfies RouteHandle },
          { path: 'profile', element: <ProfilePage />, handle: { protected: true } satisfies RouteHandle },
          { path: 'payments', element: <PaymentsPage />, handle: { protected: true } satisfies RouteHandle },
          { path: 'reviews', ...placeholder('Service Reviews & Ratings', 'Read and write reviews of cleaners.') },
          {
            path: 'cleaner-dashboard',
            ...placeholder('Cleaner Dashboard', 'Bookings, availability, time off and earnings.', { protected: true }),
          },
          {
            path: 'apply-cleaner',
            ...placeholder('Become a Cleaner', 'Apply to join Spotless as an independent cleaning professional.'),
          },
          // Accounts (spec 01 §6, spec 02 §2): the hosted sign-in page and the admin login page.
          { path: 'login', element: <LoginPage /> },
          { path: 'admin', element: <AdminLoginPage /> },
          {
            path: 'admin-dashboard',
            ...placeholder('Admin Dashboard', 'Review cleaner applications and documents.', {
              protected: true,
              admin: true,
            }),
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
