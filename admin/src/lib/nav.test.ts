import { describe, expect, it } from 'vitest';
import {
  accountMenuItems,
  bottomBarItemsFor,
  headerNavItems,
  isActivePath,
  primaryNavItems,
  serviceLinks,
  visibleDrawerItems,
} from './nav';

describe('isActivePath', () => {
  it('marks / active only on an exact match', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
    expect(isActivePath('/cleaners', '/')).toBe(false);
  });

  it('marks a link active on its own path', () => {
    expect(isActivePath('/about', '/about')).toBe(true);
    expect(isActivePath('/dashboard', '/dashboard')).toBe(true);
  });

  it('marks a link active below its path', () => {
    expect(isActivePath('/profile/settings', '/profile')).toBe(true);
    expect(isActivePath('/dashboard/bookings/3', '/dashboard')).toBe(true);
  });

  it('does not treat a shared prefix as a sub-path', () => {
    expect(isActivePath('/about-us', '/about')).toBe(false);
    expect(isActivePath('/contacts', '/contact')).toBe(false);
    expect(isActivePath('/profiles', '/profile')).toBe(false);
  });

  it('does not mark unrelated paths active', () => {
    expect(isActivePath('/about', '/contact')).toBe(false);
    expect(isActivePath('/how-it-works', '/help-center')).toBe(false);
  });

  it('ignores trailing slashes and the link query string', () => {
    expect(isActivePath('/about/', '/about')).toBe(true);
    expect(isActivePath('/cleaners', '/cleaners?sort=rating')).toBe(true);
    expect(isActivePath('/', '/?location=Austin')).toBe(true);
  });
});

describe('visibleDrawerItems', () => {
  it('offers the cleaner dashboard only to a cleaner, and Become a Cleaner only where the server offers it', () => {
    const customer = visibleDrawerItems(true, false, { apply: { href: '/api/applications' } }).map((i) => i.to);
    expect(customer).toContain('/apply-cleaner');
    expect(customer).not.toContain('/cleaner-dashboard');
    const cleaner = visibleDrawerItems(true, false, { cleanerProfile: { href: '/api/cleaners/1' } }).map((i) => i.to);
    expect(cleaner).toContain('/cleaner-dashboard');
    expect(cleaner).not.toContain('/apply-cleaner');
  });

  it('shows signed-out visitors the public entries: the header’s links and its Become a Cleaner too', () => {
    expect(visibleDrawerItems(false).map((item) => item.label)).toEqual([
      'Find Cleaners',
      'Top Rated',
      'How It Works',
      'About',
      'Contact',
      'Reviews',
      'Become a Cleaner',
    ]);
    // Every link of the wide header is in a visitor's drawer.
    const drawer = visibleDrawerItems(false).map((item) => item.to);
    for (const link of primaryNavItems.filter((item) => !['/dashboard', '/profile'].includes(item.to))) {
      expect(drawer).toContain(link.to);
    }
  });

  it('shows every entry to signed-in users, in the menu’s order', () => {
    expect(visibleDrawerItems(true).map((item) => item.to)).toEqual([
      '/',
      '/cleaners?sort=rating',
      '/how-it-works',
      '/about',
      '/contact',
      '/dashboard',
      '/reviews',
      '/payments',
      '/profile',
      '/cleaner-dashboard',
      '/cleaner-dashboard?tab=payouts',
      '/partner-portal',
      '/apply-cleaner',
    ]);
  });

  it('names an approved cleaner’s jobs My Jobs in My Bookings’ place, their own bookings (with the badge) after', () => {
    const items = visibleDrawerItems(true, false, { cleanerProfile: { href: '/api/cleaners/profile' } });
    expect(items.map((item) => `${item.label} ${item.to}`)).toEqual([
      'Find Cleaners /',
      'Top Rated /cleaners?sort=rating',
      'How It Works /how-it-works',
      'About /about',
      'Contact /contact',
      'My Jobs /cleaner-dashboard',
      'Reviews /reviews',
      'Payments /payments',
      'Profile /profile',
      'My Bookings /dashboard',
      'Earnings & Payouts /cleaner-dashboard?tab=payouts',
    ]);
    expect(items.find((item) => item.to === '/dashboard')?.badge).toBe('active-bookings');
    expect(items.find((item) => item.to === '/cleaner-dashboard')?.badge).toBeUndefined();
  });
});

describe('the header’s six links and the phone’s tabs', () => {
  const customer = { roles: ['customer'], links: { apply: { href: '/apply-cleaner' } } };
  const cleaner = { roles: ['customer', 'cleaner'], links: { cleanerProfile: { href: '/api/cleaners/profile' } } };
  const labels = (items: { label: string; to: string }[]) => items.map((item) => `${item.label} ${item.to}`);

  it('keeps the specification’s six for a visitor and a customer', () => {
    for (const user of [null, customer]) {
      expect(labels(headerNavItems(user))).toEqual([
        'Find Cleaners /',
        'How It Works /how-it-works',
        'About /about',
        'Contact /contact',
        'My Bookings /dashboard',
        'Profile /profile',
      ]);
      expect(labels(bottomBarItemsFor(user))).toEqual([
        'Search /',
        'Bookings /dashboard',
        'Help /help-center',
        'Profile /profile',
      ]);
    }
  });

  it('names an approved cleaner’s jobs in a cleaner’s words: My Jobs, and Jobs on the phone', () => {
    expect(labels(headerNavItems(cleaner))).toEqual([
      'Find Cleaners /',
      'How It Works /how-it-works',
      'About /about',
      'Contact /contact',
      'My Jobs /cleaner-dashboard',
      'Profile /profile',
    ]);
    expect(labels(bottomBarItemsFor(cleaner))).toEqual([
      'Search /',
      'Jobs /cleaner-dashboard',
      'Help /help-center',
      'Profile /profile',
    ]);
  });
});

describe('the drawer for an administrator session', () => {
  it('adds the admin area, and Payments without a signed-in person', () => {
    expect(visibleDrawerItems(false, true).map((item) => item.to)).toEqual([
      '/',
      '/cleaners?sort=rating',
      '/how-it-works',
      '/about',
      '/contact',
      '/reviews',
      '/payments',
      '/admin-dashboard',
      '/admin-partners',
      '/admin-payouts',
    ]);
    expect(visibleDrawerItems(true, true).map((item) => item.to)).toContain('/admin-dashboard');
    expect(visibleDrawerItems(true, false).map((item) => item.to)).not.toContain('/admin-dashboard');
  });
});

describe('accountMenuItems', () => {
  const apply = { href: '/apply-cleaner', type: 'text/html' };
  const customer = { roles: ['customer'], links: { apply } };
  const cleaner = { roles: ['customer', 'cleaner'], links: { cleanerProfile: { href: '/api/cleaners/profile' } } };
  const named = { roles: ['customer', 'admin'], links: { apply } };
  const paths = (...args: Parameters<typeof accountMenuItems>) => accountMenuItems(...args).map((item) => item.to);

  it('reaches what the drawer reaches and the six links do not, for a customer', () => {
    expect(paths({ user: customer, admin: false })).toEqual(['/apply-cleaner', '/payments', '/reviews', '/profile']);
  });

  it('takes an approved cleaner, whose header link is My Jobs, to their own bookings instead of Become a Cleaner', () => {
    expect(paths({ user: cleaner, admin: false })).toEqual([
      '/cleaner-dashboard?tab=payouts',
      '/dashboard',
      '/payments',
      '/reviews',
      '/profile',
    ]);
    expect(accountMenuItems({ user: cleaner, admin: false })[0]?.label).toBe('Earnings & Payouts');
    expect(accountMenuItems({ user: cleaner, admin: false })[1]?.label).toBe('My Bookings');
  });

  it('reaches the admin area while an administrator session is open, with or without a person', () => {
    expect(paths({ user: null, admin: true })).toEqual([
      '/admin-dashboard',
      '/admin-partners',
      '/admin-payouts',
      '/payments',
    ]);
    expect(paths({ user: named, admin: true })).toEqual([
      '/apply-cleaner',
      '/payments',
      '/reviews',
      '/admin-dashboard',
      '/admin-partners',
      '/admin-payouts',
      '/profile',
    ]);
  });

  it('offers a named administrator without an admin session the admin login', () => {
    expect(paths({ user: named, admin: false })).toContain('/admin');
    expect(paths({ user: customer, admin: false })).not.toContain('/admin');
  });

  it("reaches a partner's person's portal when the server links it, and no one else's menu offers it", () => {
    const member = { roles: ['customer', 'partner'], links: { apply, partnerPortal: { href: '/partner-portal' } } };
    expect(paths({ user: member, admin: false })).toEqual([
      '/apply-cleaner',
      '/payments',
      '/reviews',
      '/partner-portal',
      '/profile',
    ]);
    expect(paths({ user: customer, admin: false })).not.toContain('/partner-portal');
    expect(visibleDrawerItems(true, false, member.links).map((item) => item.to)).toContain('/partner-portal');
    expect(visibleDrawerItems(true, false, customer.links).map((item) => item.to)).not.toContain('/partner-portal');
  });

  it('is empty for a visitor (the header offers Sign In instead)', () => {
    expect(paths({ user: null, admin: false })).toEqual([]);
  });
});

describe('serviceLinks', () => {
  it('names the four services in words', () => {
    expect(serviceLinks.map((link) => `${link.label} ${link.to}`)).toEqual([
      'House Cleaning /cleaners?serviceType=residential',
      'Deep Cleaning /cleaners?serviceType=deep',
      'Office Cleaning /cleaners?serviceType=commercial',
      'Move-in/Out Cleaning /cleaners?serviceType=moveout',
    ]);
  });
});
