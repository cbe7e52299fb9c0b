import type { AuthUser, GuestLinkPreview } from '@spotless/sdk';
import { ApiError } from '@spotless/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '../../../lib/auth';
import { Router } from '../../../lib/router';
import { guestLinkPreviewQuery, sessionStateQuery } from '../api/auth.mutations';
import { GuestLinkPage } from './guest-link-page';
import { LoginPage } from './login-page';

/** What `POST /api/guest-link/preview` answers for a good link, nobody of its account signed in. */
const PREVIEW: GuestLinkPreview = {
  booking: {
    cleanerName: 'Maria Garcia',
    scheduledDate: '2027-06-22',
    scheduledTime: '10:00',
    startsAt: '2027-06-22T15:00:00.000Z',
    timeZone: 'America/Chicago',
  },
  email: 'g•••@example.net',
  signedInToThisAccount: false,
  alreadyOpened: false,
  links: { next: { href: '/dashboard', title: 'My Bookings', type: 'text/html' } },
  actions: {
    open: {
      name: 'open',
      title: 'Continue',
      method: 'POST',
      href: '/api/guest-link',
      type: 'application/json',
      operation: 'confirmGuestLink',
      fields: [{ name: 'token', type: 'text', required: true }],
    },
  },
};

interface Seen {
  user?: AuthUser | null;
  admin?: boolean;
  /** The preview's answer, or its error; neither: still being read. */
  preview?: GuestLinkPreview | ApiError;
}

/** `page` as it first renders at `path` (and `hash`), for a browser signed in as `seen` says. */
async function render(page: ReactElement, path: string, hash: string, seen: Seen = {}): Promise<string> {
  const [pathname, search = ''] = path.split('?');
  vi.stubGlobal('window', { location: { hash, pathname, search: search ? `?${search}` : '' } });
  const client = new QueryClient();
  const state: { user: AuthUser | null; admin: boolean } = { user: seen.user ?? null, admin: seen.admin ?? false };
  client.setQueryData(sessionStateQuery.queryKey, state);
  client.setQueryData(currentUserQuery.queryKey, seen.user ?? null);
  const { queryKey } = guestLinkPreviewQuery(new URLSearchParams(hash.slice(1)).get('token') ?? '');
  const answer = seen.preview;
  if (answer instanceof ApiError) {
    await client.prefetchQuery({ queryKey, queryFn: () => Promise.reject(answer), retry: false });
  } else if (answer) {
    client.setQueryData(queryKey, answer);
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={path}>{page}</Router>
    </QueryClientProvider>,
  );
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1')
    .trim();
const asking = async (seen: Seen = {}) => text(await render(<GuestLinkPage />, '/guest-link', '#token=abc', seen));

afterEach(() => vi.unstubAllGlobals());

describe('the page a guest booking’s link asks on', () => {
  it('reads what the link opens before it asks: no Continue yet', async () => {
    const page = await asking();
    expect(page).toContain('Checking your link...');
    expect(page).not.toContain('Continue');
  });

  it('names the booking and the masked address it opens, with Continue and Cancel', async () => {
    const page = await asking({ preview: PREVIEW });
    expect(page).toMatch(
      /Booking with Maria Garcia on Tuesday, June 22, 2027 at 10:00 AM( CDT)?, made with g•••@example\.net\./,
    );
    expect(page).toContain('adds this booking to the Spotless account for that email address and signs you in');
    expect(page).toContain('Continue');
    expect(page).toContain('Cancel');
    expect(page).not.toContain('signed in as');
  });

  it('names who is signed in, and says continuing signs them out first', async () => {
    const user = { firstName: 'Vera', lastName: 'Victim', email: 'vera@example.com' } as AuthUser;
    const page = await asking({ user, admin: true, preview: PREVIEW });
    expect(page).toContain(
      'You are signed in as Vera Victim (vera@example.com). Continuing signs you out of that account first.',
    );
    expect(page).toContain('administrator session');
  });

  it('does not ask when the link opens the account signed in, or its booking is there already', async () => {
    const user = { firstName: 'Gwen', lastName: 'Guest', email: 'gwen@example.net' } as AuthUser;
    for (const preview of [
      { ...PREVIEW, signedInToThisAccount: true },
      { ...PREVIEW, signedInToThisAccount: true, alreadyOpened: true, actions: {} },
    ]) {
      const page = await asking({ user, preview });
      expect(page).toContain('Opening your booking...');
      expect(page).not.toContain('Continue');
      expect(page).not.toContain('signs you out');
    }
  });

  it('asks nothing of a link that no longer works (the page moves on to the expired-link page)', async () => {
    const invalid = new ApiError(400, 'Bad Request', {
      error: { code: 'invalid_token', message: 'This link has expired or was already used.', fields: {} },
    });
    const page = await asking({ preview: invalid });
    expect(page).not.toContain('Continue');
    expect(page).not.toContain('Booking with');
    const failed = await asking({ preview: new ApiError(503, 'Service Unavailable', {}) });
    expect(failed).toContain('Could not check the link');
    expect(failed).toContain('Try Again');
  });

  it('says a link without its token is incomplete, offers a new link and no Continue', async () => {
    const page = text(await render(<GuestLinkPage />, '/guest-link', ''));
    expect(page).toContain('This link is incomplete');
    expect(page).toContain('Send me a new link');
    expect(page).not.toContain('Continue');
    expect(page).toContain('Go Home');
  });
});

describe('the expired-link page (/login?link=expired)', () => {
  it('is headed for the booking, offers a new link first, and keeps sign-in with “Forgot password?”', async () => {
    const page = text(await render(<LoginPage />, '/login?link=expired', ''));
    expect(page).toContain('Open your booking');
    expect(page).not.toContain('Welcome back');
    expect(page).toContain('That link has expired or was already used.');
    expect(page).toContain('Email you booked with');
    expect(page).toContain('Send me a new link');
    expect(page).toContain('Have an account? Sign in below');
    expect(page).toContain('Forgot password?');
    expect(page.indexOf('Send me a new link')).toBeLessThan(page.indexOf('Forgot password?'));
  });

  it('offers a signed-in person the new link and their bookings, not a sign-in form', async () => {
    const user = { firstName: 'Cara', lastName: 'Customer', email: 'cara@example.com' } as AuthUser;
    const page = text(await render(<LoginPage />, '/login?link=expired', '', { user }));
    expect(page).toContain('That link has expired or was already used.');
    expect(page).toContain('Send me a new link');
    expect(page).toContain('Go to My Bookings');
    expect(page).not.toContain('Forgot password?');
  });

  it('is still “Welcome back” for a plain sign-in', async () => {
    const page = text(await render(<LoginPage />, '/login', ''));
    expect(page).toContain('Welcome back');
    expect(page).not.toContain('Send me a new link');
  });
});
