export interface NavItem {
  to: string;
  label: string;
}

export interface DrawerItem extends NavItem {
  /** Some drawer entries are only for signed-in users (docs/product/discovery.md). */
  visibleTo: 'everyone' | 'signed-in';
  /** My Bookings carries a count badge (docs/product/discovery.md) — the number of active bookings. */
  badge?: 'active-bookings';
}

export const primaryNavItems: readonly NavItem[] = [
  { to: '/', label: 'Find Cleaners' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/dashboard', label: 'My Bookings' },
  { to: '/profile', label: 'Profile' },
];

export const drawerItems: readonly DrawerItem[] = [
  { to: '/', label: 'Find Cleaners', visibleTo: 'everyone' },
  { to: '/cleaners?sort=rating', label: 'Top Rated', visibleTo: 'everyone' },
  { to: '/dashboard', label: 'My Bookings', visibleTo: 'signed-in', badge: 'active-bookings' },
  { to: '/reviews', label: 'Reviews', visibleTo: 'everyone' },
  { to: '/payments', label: 'Payments', visibleTo: 'signed-in' },
  { to: '/profile', label: 'Profile', visibleTo: 'signed-in' },
  { to: '/cleaner-dashboard', label: 'Cleaner Dashboard', visibleTo: 'signed-in' },
  { to: '/apply-cleaner', label: 'Become a Cleaner', visibleTo: 'signed-in' },
];

export const bottomBarItems: readonly NavItem[] = [
  { to: '/', label: 'Search' },
  { to: '/dashboard', label: 'Bookings' },
  { to: '/help-center', label: 'Help' },
  { to: '/profile', label: 'Profile' },
];

export const serviceLinks: readonly NavItem[] = [
  { to: '/cleaners?serviceType=residential', label: 'House Cleaning' },
  { to: '/cleaners?serviceType=deep', label: 'Deep Cleaning' },
  { to: '/cleaners?serviceType=commercial', label: 'Office Cleaning' },
  { to: '/cleaners?serviceType=moveout', label: 'Move-in/Out Cleaning' },
];

export const companyLinks: readonly NavItem[] = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/apply-cleaner', label: 'Become a Cleaner' },
  { to: '/contact', label: 'Contact' },
];

export const supportLinks: readonly NavItem[] = [
  { to: '/help-center', label: 'Help Center' },
  { to: '/safety', label: 'Safety' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

/**
 * The active-link rule (docs/product/discovery.md): a link is active when the path equals it or
 * lies below it (`/about/team` for `/about`), but `/` is active only on an exact match. A query
 * string on the link is ignored.
 */
export function isActivePath(pathname: string, href: string): boolean {
  const target = stripTrailingSlash(href.split(/[?#]/, 1)[0] ?? '');
  const current = stripTrailingSlash(pathname);
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}

export function visibleDrawerItems(signedIn: boolean): DrawerItem[] {
  return drawerItems.filter((item) => item.visibleTo === 'everyone' || signedIn);
}

function stripTrailingSlash(path: string): string {
  if (path === '' || path === '/') return '/';
  return path.endsWith('/') ? path.slice(0, -1) : path;
}
