import { describe, expect, it } from 'vitest';
import { hostedPageOf, isHostedPage, landingAfterSignIn } from './pages';

describe('isHostedPage', () => {
  it('knows the route table, with parameters and an optional last one', () => {
    for (const path of ['/', '/cleaners', '/cleaner/12', '/booking/3', '/booking/3/7', '/admin-dashboard', '/about/']) {
      expect(isHostedPage(path), path).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const path of ['/nope', '/cleaner', '/cleaner/12/extra', '/booking', '/booking/3/7/8', '/admin/x']) {
      expect(isHostedPage(path), path).toBe(false);
    }
  });
});

describe('hostedPageOf', () => {
  it('names the pattern a path is', () => {
    expect(hostedPageOf('/cleaner/12')).toBe('/cleaner/:id');
    expect(hostedPageOf('/booking/3/7')).toBe('/booking/:cleanerId/:serviceId?');
    expect(hostedPageOf('/')).toBe('/');
    expect(hostedPageOf('/nope')).toBeUndefined();
  });
});

describe('landingAfterSignIn', () => {
  it('lands an approved cleaner on their dashboard and anyone else at home, both pages of the app', () => {
    expect(landingAfterSignIn(true)).toBe('/cleaner-dashboard');
    expect(landingAfterSignIn(false)).toBe('/');
    expect(isHostedPage(landingAfterSignIn(true))).toBe(true);
  });
});
