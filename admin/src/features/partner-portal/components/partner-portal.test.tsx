import type {
  PartnerInvitePreview,
  PartnerPortal,
  PartnerWebhookDeliveryPage,
  PartnerWebhookList,
} from '@spotless/sdk';
import { ApiError } from '@spotless/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '../../../lib/auth';
import { Route, Router } from '../../../lib/router';
import { invitePreviewQuery, portalDeliveriesQuery, portalQuery, portalWebhooksQuery } from '../api/portal.queries';
import { PartnerPortalPage } from './partner-portal-page';

/**
 * The partner portal as it first renders (decision 081): its sections one a tab, each control
 * where the answer's actions offer it — the key's grace from its action, an endpoint's edit,
 * disable and remove, a member's remove, an invitation's resend and revoke — and the invitation
 * naming its partner.
 */

const action = (name: string, method: string, href: string, extra: Record<string, unknown> = {}) =>
  ({ name, title: name, method, href, type: 'application/json', operation: name, fields: [], ...extra }) as never;

const PORTAL: PartnerPortal = {
  id: 7,
  name: 'Lakeside Homes',
  publishableKey: 'pk_new',
  previousKey: 'pk_old',
  previousKeyExpiresAt: '2026-11-29T21:04:00.000Z',
  allowedOrigins: ['https://lakeside.example'],
  commissionRateBps: 1250,
  isActive: true,
  previewKey: 'pkpreview_7_1_x',
  members: [
    {
      id: 1,
      name: 'Pat Lake',
      email: 'pat@lakeside.example',
      isYou: true,
      actions: { remove: action('Leave', 'DELETE', '/m/1') },
    },
    { id: 2, name: 'Sam Shore', email: 'sam@lakeside.example', isYou: false, actions: {} },
  ],
  invites: [
    {
      id: 3,
      email: 'kim@lakeside.example',
      expiresAt: '2026-12-04T18:00:00.000Z',
      actions: { resend: action('Resend', 'POST', '/i/3/resend'), revoke: action('Revoke', 'DELETE', '/i/3') },
    },
  ],
  links: {
    self: { href: '/api/partner-portal/7', operation: 'getPartnerPortal' },
    bookings: { href: '/b', operation: 'listPartnerBookings' },
    statements: { href: '/s', operation: 'listPartnerStatements' },
    webhooks: { href: '/w', operation: 'listPartnerWebhooks' },
    deliveries: { href: '/d', operation: 'listPartnerWebhookDeliveries' },
    payoutAccount: { href: '/p', operation: 'getPartnerPayoutAccount' },
  },
  actions: {
    updateOrigins: action('Save origins', 'PUT', '/o'),
    rotateKey: action('Rotate key', 'POST', '/k', {
      fields: [{ name: 'graceHours', type: 'integer', required: true, min: 0, max: 72, value: 24 }],
    }),
    invite: action('Invite a colleague', 'POST', '/inv'),
  },
};

const hook = (id: number, isActive: boolean, actions: Record<string, unknown>) => ({
  id,
  partnerId: 7,
  url: `https://hooks.lakeside.example/${id}`,
  events: ['booking.created', 'commission.paid'],
  isActive,
  signingSecret: `whsec_${id}`,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  links: {},
  actions,
});
const HOOKS = {
  items: [
    hook(1, true, {
      update: action('Save', 'PATCH', '/w/1'),
      delete: action('Remove', 'DELETE', '/w/1'),
      sendTest: action('Send a test event', 'POST', '/w/1/test'),
    }),
    hook(2, false, { update: action('Save', 'PATCH', '/w/2'), delete: action('Remove', 'DELETE', '/w/2') }),
    hook(3, true, {}),
  ],
  total: 3,
  links: {},
  actions: {},
} as unknown as PartnerWebhookList;
const DELIVERIES = {
  items: [
    {
      id: 9,
      endpointId: 1,
      url: 'https://hooks.lakeside.example/1',
      eventId: 'evt_1',
      eventType: 'booking.created',
      payload: {},
      status: 'pending',
      attempts: 2,
      nextAttemptAt: '2026-11-28T21:34:00.000Z',
      endpointActive: true,
      lastStatusCode: 503,
      lastError: 'HTTP 503: down for maintenance',
      deliveredAt: null,
      createdAt: '2026-11-28T21:04:00.000Z',
      links: {},
      actions: {},
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  links: {},
} as unknown as PartnerWebhookDeliveryPage;

/** The page at `path` as it first renders, with these answers already read. */
function render(path: string, answers: (client: QueryClient) => void, client = new QueryClient()) {
  const page: ReactElement = <PartnerPortalPage />;
  const [pathname, search = ''] = path.split('?');
  vi.stubGlobal('window', {
    location: { pathname, search: search ? `?${search}` : '', hash: '', origin: 'https://spotless.example' },
  });
  client.setQueryData(currentUserQuery.queryKey, { id: 5, email: 'pat@lakeside.example' } as never);
  answers(client);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={pathname} ssrSearch={search}>
        <Route path="/partner-portal/:id">{page}</Route>
        <Route path="/partner-portal">{page}</Route>
      </Router>
    </QueryClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
const withPortal = (client: QueryClient) => client.setQueryData(portalQuery(7).queryKey, PORTAL);

afterEach(() => vi.unstubAllGlobals());

describe('the partner portal', () => {
  it('shows one section at a time, as tabs, the one the address names selected', () => {
    const overview = render('/partner-portal/7', withPortal);
    expect(overview).toContain('Overview Statements Key & origins Widgets Webhooks People');
    expect(overview).toContain('Bookings your widgets brought');
    expect(overview).not.toContain('Your key and where it works');
    const key = render('/partner-portal/7?tab=key', withPortal);
    expect(key).toContain('Your key and where it works');
    expect(key).not.toContain('Bookings your widgets brought');
  });

  it('rotates with the grace its action suggests, within its limits, and says when the previous key stops', () => {
    const html = renderToStaticMarkupOf('/partner-portal/7?tab=key');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*min="0"[^>]*max="72"[^>]*value="24"/);
    expect(html).toContain('Keep the old key working for (hours, 0–72)');
    const text = render('/partner-portal/7?tab=key', withPortal);
    expect(text).toMatch(/keeps working until Nov 29, 2026, \d{1,2}:04 [AP]M [A-Z+0-9]+\./);
  });

  it('offers on each endpoint what its actions allow: edit, disable or enable, a test, remove', () => {
    const text = render('/partner-portal/7?tab=webhooks', (client) => {
      withPortal(client);
      client.setQueryData(portalWebhooksQuery(PORTAL).queryKey, HOOKS);
      client.setQueryData(portalDeliveriesQuery(PORTAL).queryKey, DELIVERIES);
    });
    const [, first = '', second = '', third = ''] = text.split('https://hooks.lakeside.example/');
    expect(first).toMatch(/Active .*Edit Disable Send a test event Remove/);
    expect(second).toMatch(/Disabled .*Edit Enable Remove/);
    expect(second).not.toContain('Send a test event');
    expect(third.split('Latest deliveries')[0]).not.toMatch(/Edit|Disable|Enable|Remove/);
    expect(first).toContain('Booking made, Commission paid');
  });

  it('lists each delivery’s endpoint, time, last error and next attempt, on the viewer’s clock with its zone', () => {
    const text = render('/partner-portal/7?tab=webhooks', (client) => {
      withPortal(client);
      client.setQueryData(portalWebhooksQuery(PORTAL).queryKey, HOOKS);
      client.setQueryData(portalDeliveriesQuery(PORTAL).queryKey, DELIVERIES);
    });
    const row = text.slice(text.indexOf('Next attempt'));
    expect(row).toContain('Booking made https://hooks.lakeside.example/1');
    expect(row).toMatch(/Nov 28, 2026, \d{1,2}:04 [AP]M [A-Z+0-9]+ Pending HTTP 503/);
    expect(row).toContain('HTTP 503: down for maintenance');
    expect(row).toMatch(/Nov 28, 2026, \d{1,2}:34 [AP]M [A-Z+0-9]+/);
  });

  it('hides each signing secret behind Reveal and Copy, and says under the URL which addresses are accepted', () => {
    const rule = 'A public https:// address: http://, loopback, private and link-local addresses are not accepted.';
    const text = render('/partner-portal/7?tab=webhooks', (client) => {
      withPortal(client);
      client.setQueryData(portalWebhooksQuery(PORTAL).queryKey, {
        ...HOOKS,
        actions: { create: action('Add endpoint', 'POST', '/w', { description: rule }) },
      });
      client.setQueryData(portalDeliveriesQuery(PORTAL).queryKey, DELIVERIES);
    });
    expect(text).not.toMatch(/whsec_[123]\b/);
    expect(text).toMatch(/Signing secret: whsec_•+ Reveal Copy/);
    expect(text).toContain(`Endpoint URL ${rule}`);
    expect(text).not.toContain('(https)');
  });

  it('says a disabled endpoint’s delivery waits for it, with no next attempt, and a test event not sent yet goes within a minute', () => {
    const base = DELIVERIES.items[0] as (typeof DELIVERIES.items)[number];
    const waiting = { ...base, id: 10, eventType: 'test', attempts: 0, lastStatusCode: null, lastError: null };
    const text = render('/partner-portal/7?tab=webhooks', (client) => {
      withPortal(client);
      client.setQueryData(portalWebhooksQuery(PORTAL).queryKey, HOOKS);
      client.setQueryData(portalDeliveriesQuery(PORTAL).queryKey, {
        ...DELIVERIES,
        items: [{ ...waiting, endpointActive: false, nextAttemptAt: null }],
      });
    });
    const row = text.slice(text.indexOf('Test event'));
    expect(row).toContain('Endpoint disabled: it is sent when you enable it again.');
    expect(row).not.toMatch(/:34 [AP]M/);
    const soon = render('/partner-portal/7?tab=webhooks', (client) => {
      withPortal(client);
      client.setQueryData(portalWebhooksQuery(PORTAL).queryKey, HOOKS);
      client.setQueryData(portalDeliveriesQuery(PORTAL).queryKey, { ...DELIVERIES, items: [waiting] });
    });
    expect(soon).toContain('Not sent yet: deliveries go out every minute, so within about a minute.');
  });

  it('lists the people with the removal each offers, and pending invitations with Resend and Revoke', () => {
    const text = render('/partner-portal/7?tab=people', withPortal);
    expect(text).toContain('Pat Lake (you) · pat@lakeside.example Leave');
    expect(text).toMatch(/Sam Shore · sam@lakeside.example (?!Remove)/);
    expect(text).toMatch(/kim@lakeside.example · link good until Dec 4, 2026, .* Resend Revoke/);
  });
});

describe('an invitation', () => {
  const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567';
  const preview: PartnerInvitePreview = { partnerName: 'Lakeside Homes', actions: {} };
  it('names the partner it joins', () => {
    const text = render(`/partner-portal?token=${TOKEN}`, (client) =>
      client.setQueryData(invitePreviewQuery(TOKEN).queryKey, preview),
    );
    expect(text).toContain('You’re invited to join Lakeside Homes’ portal');
    expect(text).toContain('Accept invitation');
  });

  it('opens signed out, naming the partner, and offers to create an account or sign in, coming back to accept', () => {
    const text = render(`/partner-portal?token=${TOKEN}`, (client) => {
      client.setQueryData(currentUserQuery.queryKey, null as never);
      client.setQueryData(invitePreviewQuery(TOKEN).queryKey, preview);
    });
    expect(text).toContain('You’re invited to join Lakeside Homes’ portal');
    expect(text).toMatch(/Create an account Sign in/);
    expect(text).not.toContain('Accept invitation');
    expect(text).not.toContain('Please sign in. Redirecting');
  });

  it('keeps the portal itself behind the session check', () => {
    const text = render('/partner-portal/7', (client) => {
      client.setQueryData(currentUserQuery.queryKey, null as never);
      withPortal(client);
    });
    expect(text).not.toContain('Bookings your widgets brought');
  });

  it('says plainly when it is no longer valid, and offers nothing to accept', async () => {
    const client = new QueryClient();
    await client.prefetchQuery({
      queryKey: invitePreviewQuery(TOKEN).queryKey,
      queryFn: () => Promise.reject(new ApiError(404, 'not found', { error: { code: 'not_found', message: 'x' } })),
      retry: false,
    });
    const text = render(`/partner-portal?token=${TOKEN}`, () => {}, client);
    expect(text).toContain('This invitation is not valid');
    expect(text).not.toContain('Accept invitation');
  });
});

/** The raw markup of a portal tab (for attributes the text leaves out). */
function renderToStaticMarkupOf(path: string) {
  const [pathname, search = ''] = path.split('?');
  vi.stubGlobal('window', {
    location: { pathname, search: `?${search}`, hash: '', origin: 'https://spotless.example' },
  });
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, { id: 5, email: 'pat@lakeside.example' } as never);
  withPortal(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={pathname} ssrSearch={search}>
        <Route path="/partner-portal/:id">
          <PartnerPortalPage />
        </Route>
      </Router>
    </QueryClientProvider>,
  );
}
