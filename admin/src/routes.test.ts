import { HOSTED_PAGES } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { routeAt, routes } from './routes';

describe('the route table', () => {
  it('declares exactly the SDK’s hosted pages, which the server answers 200 (anything else is 404)', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...HOSTED_PAGES].sort());
  });

  it('finds the route of an address, its optional segments included, and none for an unknown one', () => {
    expect(routeAt('/cleaner/42')?.path).toBe('/cleaner/:id');
    expect(routeAt('/booking/3')?.handle?.protected).toBe(true);
    expect(routeAt('/booking/3/7')?.path).toBe('/booking/:cleanerId/:serviceId?');
    expect(routeAt('/admin-partners')?.handle).toEqual({ protected: true, admin: true });
    expect(routeAt('/cleaners')?.handle).toBeUndefined();
    expect(routeAt('/nowhere')).toBeUndefined();
    expect(routeAt('/cleaner/42/extra')).toBeUndefined();
  });
});
