import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CleanerListingPage } from './features/cleaners/components/cleaner-listing-page';
import { ContactPage } from './features/contact/components/contact-page';
import { HelpCenterPage } from './features/help/components/help-center-page';
import { Router } from './lib/router';

/**
 * What the pages promise about support is the support policy (`sdk/src/help/policy.ts`): its hours
 * and its response time, as the help centre's support-hours article says them. The home page's
 * support tile, the contact page and the help centre read them from the policy: set to other hours
 * and 12 hours here, all follow (the FAQ's answers and the articles read the policy inside the SDK,
 * not through this mock). Nothing promises support around the clock.
 */
vi.mock('@spotless/sdk/help', async (importOriginal) => {
  const original = await importOriginal<typeof import('@spotless/sdk/help')>();
  return {
    ...original,
    SUPPORT_HOURS: ['Mon-Fri 7AM-9PM ET', 'Sat-Sun 10AM-4PM ET'],
    policy: { ...original.policy, supportResponseHours: 12 },
  };
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
  it('on the home page: the support tile gives the policy’s hours and response time, never 24/7', () => {
    const home = text(<CleanerListingPage />, '/');
    expect(home).toContain(
      'Support 7 Days a Week Open Mon-Fri 7AM-9PM ET and Sat-Sun 10AM-4PM ET; we respond within 12 hours.',
    );
    expect(home).not.toMatch(/24\/7|day or night|whenever you need help/);
  });

  it('on the contact page: the same hours beside the office, and the same response time', () => {
    const contact = text(<ContactPage />, '/contact');
    expect(contact).toContain('Support hours Mon-Fri 7AM-9PM ET Sat-Sun 10AM-4PM ET');
    expect(contact).toContain('We answer every message within 12 hours.');
    expect(contact).toContain('our support team will reply within 12 hours.');
    expect(contact).not.toMatch(/24\/7|24 hours/);
  });

  it('in the help centre: the same response time, from the policy', () => {
    const help = text(<HelpCenterPage />, '/help-center');
    expect(help).toContain('Still need help? Our support team responds within 12 hours.');
    expect(help).not.toMatch(/24\/7/);
  });
});
