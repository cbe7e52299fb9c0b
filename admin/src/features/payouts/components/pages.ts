/** The payouts pages, in one chunk: the route table loads them together (a smaller first download). */
export { AdminPayoutsPage } from './admin-payouts-page';
export { TestOnboardingPage } from './test-onboarding-page';
