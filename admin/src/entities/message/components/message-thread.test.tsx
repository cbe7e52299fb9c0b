import type { MessageThread as Thread } from '@spotless/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { threadQuery } from '../api/messages';
import { MessageThread } from './message-thread';

const link = { href: '/api/bookings/7/messages', operation: 'listBookingMessages' as const };
const action = (name: string, operation: string, href: string) => ({
  name,
  title: name,
  method: 'POST',
  href,
  type: 'application/json',
  operation,
  fields: name === 'post' ? [{ name: 'body', type: 'text', required: true, maxLength: 2000 }] : [],
});
const message = (id: number, over: Partial<Thread['items'][number]>) => ({
  id,
  bookingId: 7,
  from: 'cleaner' as const,
  senderName: 'Jordan',
  mine: false,
  body: 'Hello',
  masked: false,
  unread: false,
  reported: false,
  createdAt: '2026-06-15T15:00:00.000Z',
  links: { self: { href: `/api/bookings/7/messages#message-${id}`, operation: 'listBookingMessages' as const } },
  actions: {},
  ...over,
});

/** The thread's markup, with the thread already read into the cache. */
function render(thread: Partial<Thread>): string {
  const client = new QueryClient();
  client.setQueryData(threadQuery(link).queryKey, {
    bookingId: 7,
    items: [],
    unreadCount: 0,
    contactDetailsHidden: false,
    links: { self: link, booking: { href: '/api/bookings/7', operation: 'getBooking' } },
    actions: {},
    ...thread,
  } as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MessageThread link={link} />
    </QueryClientProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a booking’s message thread', () => {
  it('shows messages as text, marks where the new ones start, and offers Report on the other party’s', () => {
    const html = render({
      unreadCount: 1,
      items: [
        message(1, { from: 'customer', senderName: 'Ann', mine: true, body: 'Is there <b>parking</b>?' }),
        message(2, {
          unread: true,
          body: 'Call me on [contact details hidden until the booking is paid]',
          masked: true,
          actions: { report: action('report', 'reportBookingMessage', '/api/bookings/7/messages/2/report') } as never,
        }),
      ],
      contactDetailsHidden: true,
      actions: { post: action('post', 'postBookingMessage', '/api/bookings/7/messages') } as never,
    });
    expect(html).toContain('Is there &lt;b&gt;parking&lt;/b&gt;?');
    expect(html).not.toContain('<b>parking</b>');
    const shown = text(html);
    expect(shown).toContain('You ');
    expect(shown).toMatch(/Is there .*New Jordan/);
    expect(shown).toContain('Contact details hidden until the booking is paid');
    expect(shown).toContain('Phone numbers and e-mail addresses are hidden until the booking is paid');
    expect(html.match(/>Report</g)).toHaveLength(1);
    expect(html).toContain('maxLength="2000"');
    expect(shown).toContain('Write a message');
  });

  it('has no composer and no Report for a reader the server gave no actions (an administrator)', () => {
    const html = render({ items: [message(1, {}), message(2, { from: 'customer', senderName: 'Ann' })] });
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('>Report<');
    expect(html).not.toContain('>New<');
    expect(text(html)).toContain('only the customer and the cleaner write in it');
  });

  it('says when there are no messages yet, and marks a reported message', () => {
    expect(text(render({}))).toContain('No messages yet.');
    expect(text(render({ items: [message(3, { reported: true })] }))).toContain('You reported this message');
  });
});
