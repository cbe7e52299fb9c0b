import { HOSTED_PAGES } from '@spotless/sdk';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prefetchPage, routeAt, routes } from './routes';

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

describe('the first reads of a page', () => {
  const keysAfter = (pathname: string) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchPage(pathname, client);
    return client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
  };

  it('start as the app starts on a profile or booking page, under the keys the pages read', () => {
    expect(keysAfter('/cleaner/42')).toEqual([['cleaners', 'detail', 42], ['services']]);
    expect(keysAfter('/booking/42/7')).toEqual([
      ['cleaners', 'detail', 42],
      ['services', 7],
    ]);
  });

  it('start nothing for a page without them or a malformed id', () => {
    expect(keysAfter('/about')).toEqual([]);
    expect(keysAfter('/cleaner/abc')).toEqual([]);
    expect(keysAfter('/nowhere')).toEqual([]);
  });
});
