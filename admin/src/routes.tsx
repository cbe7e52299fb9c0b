import type { RouteObject } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { PlaceholderPage } from './components/placeholder-page';
import { RouteErrorPage } from './components/route-error-page';
import { CleanerListingPage } from './features/cleaners/components/cleaner-listing-page';
import { ContactPage } from './features/contact/components/contact-page';
import { HelpCenterPage } from './features/help/components/help-center-page';
import { SafetyPage } from './features/help/components/safety-page';
import { PrivacyPolicyPage } from './features/legal/components/privacy-policy-page';
import { TermsOfServicePage } from './features/legal/components/terms-of-service-page';
import { AboutPage } from './features/marketing/components/about-page';
import { HowItWorksPage } from './features/marketing/components/how-it-works-page';
import { LandingPage } from './features/marketing/components/landing-page';

/** Route metadata read by the app shell. */
export interface RouteHandle {
  /** Needs a signed-in user: a 401 here toasts 'Unauthorized' and sends the user to log in (spec 01 §6). */
  protected?: boolean;
  /** Reserved for a later issue; renders a 'Coming soon' page until then. */
  placeholder?: boolean;
}

const placeholder = (title: string, description: string, handle: RouteHandle = {}) => ({
  element: <PlaceholderPage title={title} description={description} />,
  handle: { ...handle, placeholder: true } satisfies RouteHandle,
});

/** The one route table of the hosted app (spec 02 §2, "Full route table"). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // Cleaner discovery: the home route shows the listing (spec 01 §2.4).
          { index: true, element: <CleanerListingPage /> },
          { path: 'cleaners', element: <CleanerListingPage /> },
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
            path: 'search',
            ...placeholder('Advanced Search', 'Search cleaners by keyword, distance, rating and price.'),
          },
          { path: 'cleaner/:id', ...placeholder('Cleaner Profile', 'Services, reviews and booking for this cleaner.') },
          {
            path: 'booking/:cleanerId/:serviceId?',
            ...placeholder('Book a Cleaning', 'Choose a date, time and address for your cleaning.', {
              protected: true,
            }),
          },
          {
            path: 'checkout',
            ...placeholder('Complete Your Payment', 'Secure card payment for your booking.', { protected: true }),
          },
          {
            path: 'dashboard',
            ...placeholder('My Dashboard', 'Manage your cleaning service appointments and history.', {
              protected: true,
            }),
          },
          {
            path: 'profile',
            ...placeholder('My Profile', 'Your personal information, activity and recent bookings.', {
              protected: true,
            }),
          },
          {
            path: 'payments',
            ...placeholder('Payments', 'Payment history, statuses and refunds.', { protected: true }),
          },
          { path: 'reviews', ...placeholder('Service Reviews & Ratings', 'Read and write reviews of cleaners.') },
          {
            path: 'cleaner-dashboard',
            ...placeholder('Cleaner Dashboard', 'Bookings, availability, time off and earnings.', { protected: true }),
          },
          {
            path: 'apply-cleaner',
            ...placeholder('Become a Cleaner', 'Apply to join Spotless as an independent cleaning professional.'),
          },
          { path: 'admin', ...placeholder('Admin Login', 'Sign in to the administration area.') },
          {
            path: 'admin-dashboard',
            ...placeholder('Admin Dashboard', 'Review cleaner applications and documents.', { protected: true }),
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
