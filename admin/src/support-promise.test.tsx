import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CleanerListingPage } from './features/cleaners/components/cleaner-listing-page';
import { HelpCenterPage } from './features/help/components/help-center-page';
import { Router } from './lib/router';

/**
 * What the pages promise about support is the support policy (`sdk/src/help/policy.ts`): the home
 * page's "Customer Support 24/7" tile (its title fixed by the product) and the help centre say the
 * same response time, read from the policy. Set to 12 hours here, both follow (the FAQ's answers
 * read the policy inside the SDK, not through this mock).
 */
vi.mock('@spotless/sdk/help', async (importOriginal) => {
  const original = await importOriginal<typeof import('@spotless/sdk/help')>();
  return { ...original, policy: { ...original.policy, supportResponseHours: 12 } };
});

/** The page's visible text as it first renders at `path`. */
function text(page: ReactElement, path: string): string {
  const [pathname, search = ''] = path.split('?');
  vi.stubGlobal('window', { location: { hash: '', pathname, search: search ? `?${search}` : '' } });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Router ssrPath={path}>{page}</Router>
    </QueryClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1')
    .trim();
}

afterEach(() => vi.unstubAllGlobals());

describe('the support promise', () => {
  it('on the home page: the 24/7 tile means writing at any hour, answered within the policy’s time', () => {
    const home = text(<CleanerListingPage />, '/');
    expect(home).toContain('Customer Support 24/7 Write to us any time, day or night: we reply within 12 hours.');
    expect(home).not.toMatch(/whenever you need help/);
  });

  it('in the help centre: the same response time, from the policy', () => {
    const help = text(<HelpCenterPage />, '/help-center');
    expect(help).toContain('Still need help? Our support team responds within 12 hours.');
    expect(help).not.toMatch(/24\/7/);
  });
});
