import type { AuthUser } from '@spotless/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from '../../../lib/router';
import { sessionStateQuery } from '../api/auth.mutations';
import { GuestLinkPage } from './guest-link-page';

/** The page as it first renders at `/guest-link{hash}`, for a browser signed in as `state` says. */
function render(hash: string, state: { user: AuthUser | null; admin: boolean }): string {
  vi.stubGlobal('window', { location: { hash, pathname: '/guest-link', search: '' } });
  const client = new QueryClient();
  client.setQueryData(sessionStateQuery.queryKey, state);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/guest-link">
        <GuestLinkPage />
      </Router>
    </QueryClientProvider>,
  );
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

afterEach(() => vi.unstubAllGlobals());

describe('the page a guest booking’s link asks on', () => {
  it('asks before signing in, with Continue and Cancel', () => {
    const page = text(render('#token=abc', { user: null, admin: false }));
    expect(page).toContain('Open your booking?');
    expect(page).toContain('adds the booking to the Spotless account for the email address it was made with');
    expect(page).toContain('Continue');
    expect(page).toContain('Cancel');
    expect(page).not.toContain('signed in as');
  });

  it('names who is signed in, and says continuing signs them out first', () => {
    const user = { firstName: 'Vera', lastName: 'Victim', email: 'vera@example.com' } as AuthUser;
    const page = text(render('#token=abc', { user, admin: true }));
    expect(page).toContain(
      'You are signed in as Vera Victim (vera@example.com). Continuing signs you out of that account first.',
    );
    expect(page).toContain('administrator session');
  });

  it('says a link without its token is incomplete, and offers no Continue', () => {
    const page = text(render('', { user: null, admin: false }));
    expect(page).toContain('This link is incomplete');
    expect(page).not.toContain('Continue');
    expect(page).toContain('Go Home');
  });
});
