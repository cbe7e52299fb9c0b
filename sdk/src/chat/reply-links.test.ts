import { describe, expect, it } from 'vitest';
import type { ChatProposal } from '../schemas/chat';
import { replyLinks, replyParts } from './reply-links';

/** The assistant's proposal as the API renders it: the createBooking action, filled in, with its page. */
const proposal = {
  name: 'book',
  title: 'Book Maria Garcia at this time',
  method: 'POST',
  href: '/api/bookings',
  type: 'application/json',
  operation: 'createBooking',
  fields: [{ name: 'cleanerId', type: 'integer', required: true, value: 125 }],
  page: {
    href: '/booking/125/3?date=2027-06-19&time=10:00',
    title: 'Book Maria Garcia at this time',
    type: 'text/html',
  },
} as unknown as ChatProposal;

describe('a reply’s text, as the hosted bubble and the partner’s widget both read it', () => {
  it('makes the hosted pages it names links and leaves the rest text, with its punctuation', () => {
    expect(replyParts('See /cleaner/42. Or /cleaners?location=Denver&sortBy=price, and /api/admin/users.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: '/cleaner/42' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', href: '/cleaners?location=Denver&sortBy=price' },
      { kind: 'text', text: ', and /api/admin/users.' },
    ]);
    expect(replyParts('Maria Garcia — 4.9, Austin: /cleaner/125. Or see /nowhere-at-all.')).toEqual([
      { kind: 'text', text: 'Maria Garcia — 4.9, Austin: ' },
      { kind: 'link', href: '/cleaner/125' },
      { kind: 'text', text: '. Or see /nowhere-at-all.' },
    ]);
  });

  it('never turns markup into anything but text', () => {
    expect(replyParts('<img src=x onerror=alert(1)> /help-center#damage')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> ' },
      { kind: 'link', href: '/help-center#damage' },
    ]);
    expect(replyParts('')).toEqual([]);
  });
});

describe('a reply’s buttons', () => {
  it('lists the proposals first, then the other pages, each address once', () => {
    const links = replyLinks({
      proposals: [proposal],
      pages: [
        { rel: 'cleaner', href: '/cleaner/125', title: 'Maria Garcia', type: 'text/html' },
        { rel: 'booking', href: proposal.page.href, title: 'Book Maria Garcia at this time', type: 'text/html' },
        { rel: 'article', href: '/help-center#cancellation', type: 'text/html' },
        { rel: 'cleaner', href: '/cleaner/125', title: 'Maria Garcia', type: 'text/html' },
      ],
    });
    expect(links).toEqual([
      { href: proposal.page.href, title: 'Book Maria Garcia at this time', primary: true },
      { href: '/cleaner/125', title: 'Maria Garcia', primary: false, rel: 'cleaner' },
      // A page without a title is named by its address.
      { href: '/help-center#cancellation', title: '/help-center#cancellation', primary: false, rel: 'article' },
    ]);
  });
});
