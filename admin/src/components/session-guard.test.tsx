import { describe, expect, it } from 'vitest';
import { routeAt, shownPage } from '../routes';
import { sessionDecision, signInPathFor } from './session-guard';

const read = { isLoading: false, isFetching: false };
const person = { id: 4 };

describe('sessionDecision', () => {
  it('shows a visitor the way to sign in, never a person’s page (so none of its reads is sent)', () => {
    expect(sessionDecision('person', { user: null, admin: false, ...read })).toBe('sign-in');
    expect(sessionDecision('person', { user: person, admin: false, ...read })).toBe('page');
  });

  it('waits while the session is read, and while it is read again for someone not yet allowed', () => {
    expect(sessionDecision('person', { user: null, admin: false, isLoading: true, isFetching: true })).toBe('wait');
    expect(sessionDecision('admin', { user: null, admin: false, isLoading: false, isFetching: true })).toBe('wait');
    // Someone allowed keeps the page while it is read again (on focus, say).
    expect(sessionDecision('person', { user: person, admin: false, isLoading: false, isFetching: true })).toBe('page');
  });

  it('keeps the admin area to an administrator session, a signed-in person or not', () => {
    expect(sessionDecision('admin', { user: person, admin: false, ...read })).toBe('sign-in');
    expect(sessionDecision('admin', { user: null, admin: true, ...read })).toBe('page');
  });

  it('opens a page for a person or an administrator to either', () => {
    expect(sessionDecision('person-or-admin', { user: null, admin: true, ...read })).toBe('page');
    expect(sessionDecision('person-or-admin', { user: person, admin: false, ...read })).toBe('page');
    expect(sessionDecision('person-or-admin', { user: null, admin: false, ...read })).toBe('sign-in');
  });

  it('sends a visitor to sign in and back, and the admin area to its own login', () => {
    expect(signInPathFor('person', '/dashboard?tab=history')).toBe('/api/login?returnUrl=%2Fdashboard%3Ftab%3Dhistory');
    expect(signInPathFor('admin', '/admin-partners')).toBe('/admin');
  });
});

describe('the route table’s protected pages', () => {
  it('check the session first, but the profile and the booking page, which tell a visitor themselves', () => {
    for (const path of ['/dashboard', '/payments', '/cleaner-dashboard', '/checkout', '/admin-dashboard']) {
      const route = routeAt(path);
      expect(route && shownPage(route), path).not.toBe(route?.page);
    }
    for (const path of ['/profile', '/booking/3', '/cleaners', '/about']) {
      const route = routeAt(path);
      expect(route && shownPage(route), path).toBe(route?.page);
    }
  });
});
