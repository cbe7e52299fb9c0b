import { describe, expect, it } from 'vitest';
import { isActivePath, visibleDrawerItems } from './nav';

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
  it('shows only the public entries to signed-out visitors', () => {
    expect(visibleDrawerItems(false).map((item) => item.label)).toEqual(['Find Cleaners', 'Top Rated', 'Reviews']);
  });

  it('shows every entry to signed-in users, in the menu’s order', () => {
    expect(visibleDrawerItems(true).map((item) => item.to)).toEqual([
      '/',
      '/cleaners?sort=rating',
      '/dashboard',
      '/reviews',
      '/payments',
      '/profile',
      '/cleaner-dashboard',
      '/apply-cleaner',
    ]);
  });
});
