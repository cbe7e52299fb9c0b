/**
 * The hosted app's pages (docs/product/README.md, each area's routes), as path patterns: `:name` is
 * one segment, `:name?` an optional last one. The hosted app's router declares exactly these (a
 * test holds the two together), and the server answers any other path with the app's Not Found page
 * and status 404, so a mistyped link is a 404 to browsers, crawlers and monitors alike.
 */
export const HOSTED_PAGES = [
  '/',
  '/cleaners',
  '/search',
  '/cleaner/:id',
  '/landing',
  '/about',
  '/how-it-works',
  '/contact',
  '/help-center',
  '/safety',
  '/privacy-policy',
  '/terms-of-service',
  '/booking/:cleanerId/:serviceId?',
  '/checkout',
  '/dashboard',
  '/profile',
  '/payments',
  '/reviews',
  '/cleaner-dashboard',
  '/apply-cleaner',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/guest-link',
  '/admin',
  '/admin-dashboard',
  '/admin-partners',
  '/admin-payouts',
  '/payouts/test-onboarding',
  '/partner-portal/:id?',
] as const;

export type HostedPage = (typeof HOSTED_PAGES)[number];

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (segments.length > parts.length) return false;
  return parts.every((part, i) => {
    const segment = segments[i];
    if (part.endsWith('?')) return i === parts.length - 1;
    if (segment === undefined) return false;
    return part.startsWith(':') ? segment !== '' : part === segment;
  });
}

/** The hosted page pattern a path (without its query) is, e.g. '/cleaner/:id' for '/cleaner/12'. */
export function hostedPageOf(pathname: string): HostedPage | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return HOSTED_PAGES.find((pattern) => matches(pattern, segments));
}

/** Whether a path (without its query) is one of the hosted app's pages. */
export function isHostedPage(pathname: string): boolean {
  return hostedPageOf(pathname) !== undefined;
}

/**
 * Where someone lands once signed in when no page asked them to (no return address): an approved
 * cleaner on their cleaner dashboard, anyone else on the home page. The hosted sign-in page and the
 * server's sign-in redirects (`GET /api/login`, the providers' callback) follow it alike.
 */
export function landingAfterSignIn(approvedCleaner: boolean): HostedPage {
  return approvedCleaner ? '/cleaner-dashboard' : '/';
}
