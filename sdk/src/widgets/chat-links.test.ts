import { describe, expect, it } from 'vitest';
import type { ChatProposal } from '../chat/index';
import { replyParts } from '../chat/reply-links';
import { chatLinks, chatTarget, plainer } from './chat-links';

const BASE = 'https://spotless.example';

/** The assistant's proposal as the API renders it: the createBooking action, filled in, with its page. */
const proposal = {
  name: 'book',
  title: 'Book Maria Garcia at this time',
  method: 'POST',
  href: '/api/bookings',
  type: 'application/json',
  operation: 'createBooking',
  fields: [
    { name: 'cleanerId', type: 'integer', required: true, value: 125 },
    { name: 'serviceId', type: 'integer', required: true, value: 3 },
    { name: 'scheduledDate', type: 'date', required: true, value: '2027-06-19' },
    { name: 'scheduledTime', type: 'time', required: true, value: '10:00' },
    { name: 'address', type: 'text', required: true },
  ],
  page: {
    href: '/booking/125/3?date=2027-06-19&time=10:00',
    title: 'Book Maria Garcia at this time',
    type: 'text/html',
  },
} as unknown as ChatProposal;

describe('a chat reply’s links on a partner’s page', () => {
  it('opens the booking widget for a cleaner the reply names, not the hosted profile', () => {
    expect(chatTarget('/cleaner/125', [], BASE)).toEqual({ kind: 'booking', cleanerId: 125 });
  });

  it('opens the booking widget on the proposed service, day and time', () => {
    expect(chatTarget(proposal.page.href, [proposal], BASE)).toEqual({
      kind: 'booking',
      cleanerId: 125,
      serviceId: 3,
      date: '2027-06-19',
      time: '10:00',
    });
    // A booking page the reply names without a proposal still opens the widget, on its day.
    expect(chatTarget('/booking/125?date=2027-06-19', [], BASE)).toEqual({
      kind: 'booking',
      cleanerId: 125,
      date: '2027-06-19',
    });
  });

  it('opens a page with no widget on the hosted site, by its whole address', () => {
    expect(chatTarget('/help-center#cancellation', [], BASE)).toEqual({
      kind: 'page',
      href: 'https://spotless.example/help-center#cancellation',
    });
    expect(chatTarget('/cleaners?location=Denver', [], BASE)).toEqual({
      kind: 'page',
      href: 'https://spotless.example/cleaners?location=Denver',
    });
  });

  it('sends each of a reply’s buttons where it goes on the page: the booking widget or the hosted site', () => {
    const links = chatLinks(
      {
        proposals: [proposal],
        pages: [
          { rel: 'cleaner', href: '/cleaner/125', title: 'Maria Garcia', type: 'text/html' },
          { rel: 'booking', href: proposal.page.href, title: 'Book Maria Garcia at this time', type: 'text/html' },
          { rel: 'article', href: '/help-center#cancellation', title: 'Cancellation policy', type: 'text/html' },
        ],
      },
      BASE,
    );
    expect(links.map((b) => [b.title, b.target.kind])).toEqual([
      ['Book Maria Garcia at this time', 'booking'],
      ['Maria Garcia', 'booking'],
      ['Cancellation policy', 'page'],
    ]);
  });
  it('says a page’s title once: a label before its address is the link, a name already on the line is linked there', () => {
    const text =
      '1. Amara Patel — ★5.0, Verified: /cleaner/25\nBook 8:00 AM: /booking/25/1?date=2026-11-28&time=08:00\nSee all matching cleaners: /cleaners?location=Austin';
    const links = [
      { href: '/cleaner/25', title: 'Amara Patel', rel: 'cleaner' },
      { href: '/booking/25/1?date=2026-11-28&time=08:00', title: 'Book Amara Patel at 8:00 AM' },
      { href: '/cleaners?location=Austin', title: 'See all matching cleaners', rel: 'listing' },
    ];
    const shown = plainer(replyParts(text), links)
      .map((part) =>
        part.kind === 'text' ? part.text : `[${part.label ?? links.find((l) => l.href === part.href)?.title}]`,
      )
      .join('');
    expect(shown).toBe('1. [Amara Patel] — ★5.0, Verified\n[Book Amara Patel at 8:00 AM]\n[See all matching cleaners]');
  });
});
