import type { ServiceType } from '@spotless/sdk';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * Who a menu entry is for: everyone, a visitor (nobody signed in and no administrator session), a
 * signed-in person, or an open administrator session.
 */
export type Audience = 'everyone' | 'visitor' | 'signed-in' | 'admin';

export interface DrawerItem extends NavItem {
  /** Some drawer entries are only for signed-in users (docs/product/discovery.md), some for administrators. */
  visibleTo: Audience | readonly Audience[];
  /** My Bookings carries a count badge (docs/product/discovery.md) — the number of active bookings. */
  badge?: 'active-bookings';
}

/** What the menus need to know of who is signed in (lib/auth.ts `useSession`). */
export interface NavSession {
  /** The user's `links` say where they may go: `cleanerProfile` for an approved cleaner, `apply` for anyone else. */
  user: {
    roles: readonly string[];
    links: { cleanerProfile?: unknown; apply?: unknown; partnerPortal?: unknown };
  } | null;
  /** An administrator session is open (the admin login), with or without a signed-in person. */
  admin: boolean;
}

/** The header's six links (docs/product/discovery.md), as a customer or a visitor sees them. */
export const primaryNavItems: readonly NavItem[] = [
  { to: '/', label: 'Find Cleaners' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/dashboard', label: 'My Bookings' },
  { to: '/profile', label: 'Profile' },
];

/** A cleaner's jobs (their cleaner dashboard), in a cleaner's words wherever the menus name them. */
export const MY_JOBS: NavItem = { to: '/cleaner-dashboard', label: 'My Jobs' };
const MY_BOOKINGS: NavItem = { to: '/dashboard', label: 'My Bookings' };
/** Where a cleaner's pay is: a tab of their dashboard, named in the menus so pay is found from anywhere. */
const EARNINGS: NavItem = { to: '/cleaner-dashboard?tab=payouts', label: 'Earnings & Payouts' };

/** An approved cleaner: the user's links offer their cleaner profile (as the server decides). */
export function isApprovedCleaner(user: { links: { cleanerProfile?: unknown } } | null | undefined): boolean {
  return Boolean(user?.links.cleanerProfile);
}

/**
 * The header's six links for who is signed in: an approved cleaner's fifth is My Jobs (their
 * cleaner dashboard) where a customer's is My Bookings; their own bookings as a customer stay in
 * the account menu.
 */
export function headerNavItems(user: NavSession['user']): NavItem[] {
  if (!isApprovedCleaner(user)) return [...primaryNavItems];
  return primaryNavItems.map((item) => (item.to === MY_BOOKINGS.to ? MY_JOBS : item));
}

export const drawerItems: readonly DrawerItem[] = [
  { to: '/', label: 'Find Cleaners', visibleTo: 'everyone' },
  { to: '/cleaners?sort=rating', label: 'Top Rated', visibleTo: 'everyone' },
  // The header's information links, which a phone reaches only here.
  { to: '/how-it-works', label: 'How It Works', visibleTo: 'everyone' },
  { to: '/about', label: 'About', visibleTo: 'everyone' },
  { to: '/contact', label: 'Contact', visibleTo: 'everyone' },
  { to: '/dashboard', label: 'My Bookings', visibleTo: 'signed-in', badge: 'active-bookings' },
  { to: '/reviews', label: 'Reviews', visibleTo: 'everyone' },
  { to: '/payments', label: 'Payments', visibleTo: ['signed-in', 'admin'] },
  { to: '/profile', label: 'Profile', visibleTo: 'signed-in' },
  { to: '/cleaner-dashboard', label: 'Cleaner Dashboard', visibleTo: 'signed-in' },
  { ...EARNINGS, visibleTo: 'signed-in' },
  { to: '/partner-portal', label: 'Partner Portal', visibleTo: 'signed-in' },
  // The header's button beside Sign In, for visitors; for a signed-in person, as the server offers it.
  { to: '/apply-cleaner', label: 'Become a Cleaner', visibleTo: ['visitor', 'signed-in'] },
  // The admin area (docs/product/administration.md), while an administrator session is open.
  { to: '/admin-dashboard', label: 'Admin Dashboard', visibleTo: 'admin' },
  { to: '/admin-partners', label: 'Partners', visibleTo: 'admin' },
  { to: '/admin-payouts', label: 'Payouts', visibleTo: 'admin' },
];

export const bottomBarItems: readonly NavItem[] = [
  { to: '/', label: 'Search' },
  { to: '/dashboard', label: 'Bookings' },
  { to: '/help-center', label: 'Help' },
  { to: '/profile', label: 'Profile' },
];

/** The phone's four tabs for who is signed in: an approved cleaner's second is their Jobs. */
export function bottomBarItemsFor(user: NavSession['user']): NavItem[] {
  if (!isApprovedCleaner(user)) return [...bottomBarItems];
  return bottomBarItems.map((item) => (item.to === '/dashboard' ? { to: MY_JOBS.to, label: 'Jobs' } : item));
}

/** The four services by name, as the landing page and the footer call them (docs/product/discovery.md). */
export const SERVICE_TYPE_NAMES: Readonly<Record<ServiceType, string>> = {
  residential: 'House Cleaning',
  deep: 'Deep Cleaning',
  commercial: 'Office Cleaning',
  moveout: 'Move-in/Out Cleaning',
};

export const serviceLinks: readonly NavItem[] = (['residential', 'deep', 'commercial', 'moveout'] as const).map(
  (type) => ({ to: `/cleaners?serviceType=${type}`, label: SERVICE_TYPE_NAMES[type] }),
);

export const companyLinks: readonly NavItem[] = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  // The drawer's Reviews, for wide screens too.
  { to: '/reviews', label: 'Reviews' },
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

/**
 * The drawer's entries for a visitor, a signed-in person, and (`admin`) an administrator session;
 * given the person's links, the cleaner dashboard only for an approved cleaner and Become a Cleaner
 * only for whom the server offers it, as the account menu does. An approved cleaner's jobs take
 * My Bookings' place as My Jobs, and their own bookings as a customer move to where the cleaner
 * dashboard was (with their badge).
 */
export function visibleDrawerItems(
  signedIn: boolean,
  admin = false,
  links?: { cleanerProfile?: unknown; apply?: unknown; partnerPortal?: unknown },
): DrawerItem[] {
  const audiences = new Set<Audience>(['everyone']);
  if (signedIn) audiences.add('signed-in');
  if (admin) audiences.add('admin');
  if (!signedIn && !admin) audiences.add('visitor');
  const cleaner = signedIn && isApprovedCleaner(links ? { links } : null);
  return drawerItems
    .filter((item) => [item.visibleTo].flat().some((audience) => audiences.has(audience)))
    .filter((item) => {
      if (!links) return true;
      if (item.to.startsWith('/cleaner-dashboard')) return Boolean(links.cleanerProfile);
      if (item.to === '/apply-cleaner') return Boolean(links.apply);
      if (item.to === '/partner-portal') return Boolean(links.partnerPortal);
      return true;
    })
    .map((item): DrawerItem => {
      if (!cleaner) return item;
      if (item.to === MY_BOOKINGS.to) return { ...MY_JOBS, visibleTo: 'signed-in' };
      if (item.to === MY_JOBS.to) return { ...MY_BOOKINGS, visibleTo: 'signed-in', badge: 'active-bookings' };
      return item;
    });
}

/**
 * The account menu beside the header's six links (docs/product/discovery.md): on a wide screen it
 * reaches every page the phone drawer does that the links do not — an approved cleaner's own
 * bookings as a customer (their header link is My Jobs) and Become a Cleaner for anyone else (as
 * the user's links offer it), Payments and Reviews, the admin area while an administrator session
 * is open (its login for an administrator without one) — then Settings. Sign Out follows, always.
 */
export function accountMenuItems({ user, admin }: NavSession): NavItem[] {
  const items: NavItem[] = [];
  if (user) {
    if (isApprovedCleaner(user)) items.push(EARNINGS, MY_BOOKINGS);
    if (user.links.apply) items.push({ to: '/apply-cleaner', label: 'Become a Cleaner' });
    items.push({ to: '/payments', label: 'Payments' }, { to: '/reviews', label: 'Reviews' });
    // A partner's person reaches their portal as the server offers it (decision 081).
    if (user.links.partnerPortal) items.push({ to: '/partner-portal', label: 'Partner Portal' });
  }
  if (admin) {
    items.push(
      { to: '/admin-dashboard', label: 'Admin Dashboard' },
      { to: '/admin-partners', label: 'Partners' },
      { to: '/admin-payouts', label: 'Payouts' },
    );
    if (!user) items.push({ to: '/payments', label: 'Payments' });
  } else if (user?.roles.includes('admin')) {
    items.push({ to: '/admin', label: 'Admin Login' });
  }
  if (user) items.push({ to: '/profile', label: 'Settings' });
  return items;
}

function stripTrailingSlash(path: string): string {
  if (path === '' || path === '/') return '/';
  return path.endsWith('/') ? path.slice(0, -1) : path;
}
