import { HOSTED_PAGES } from '@spotless/sdk';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** Every page path of a route tree, as `/a/:b` patterns. */
function pagesOf(tree: RouteObject[], base = ''): string[] {
  return tree.flatMap((route) => {
    const here = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
    const own = route.index ? [base || '/'] : route.path && route.path !== '*' ? [here] : [];
    return [...own, ...(route.children ? pagesOf(route.children, here) : [])];
  });
}

describe('the route table', () => {
  it('declares exactly the SDK’s hosted pages, which the server answers 200 (anything else is 404)', () => {
    expect(pagesOf(routes).sort()).toEqual([...HOSTED_PAGES].sort());
  });
});
