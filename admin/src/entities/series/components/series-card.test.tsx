import type { Booking } from '@spotless/sdk';
import type { BookingSeries } from '@spotless/sdk/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from '../../../lib/router';
import { SeriesCard } from './series-card';
import { SeriesNote } from './series-note';

const action = (name: string, operation: string, href: string) => ({
  name,
  title: name,
  method: 'POST',
  href,
  type: 'application/json',
  operation,
  fields: [],
});

const visit = (bookingId: number, date: string, over: object = {}) => ({
  bookingId,
  occurrence: date,
  scheduledDate: date,
  scheduledTime: '09:00',
  startsAt: `${date}T15:00:00.000Z`,
  status: 'confirmed',
  skipped: false,
  payment: 'charge_scheduled',
  chargeAt: '2026-12-15T15:00:00.000Z',
  payBy: null,
  price: '90.00',
  links: { booking: { href: `/api/bookings/${bookingId}`, operation: 'getBooking' } },
  actions: {},
  ...over,
});

const series = (over: Partial<BookingSeries> = {}): BookingSeries =>
  ({
    id: 5,
    role: 'customer',
    status: 'active',
    frequency: 'biweekly',
    schedule: 'Every 2 weeks on Friday at 9:00 AM (CST)',
    weekday: 5,
    localTime: '09:00',
    timeZone: 'America/Chicago',
    duration: 120,
    address: '1 Main St',
    specialInstructions: '',
    pricePerVisit: '90.00',
    card: { last4: '4242' },
    cleaner: { id: 2, firstName: 'Jordan', lastName: 'Lee' },
    customer: { firstName: 'Ann', lastName: 'Bell' },
    service: { id: 1, name: 'Regular Cleaning' },
    nextVisit: null,
    visits: [
      visit(10, '2026-12-04', { payment: 'paid', chargeAt: null }),
      visit(11, '2026-12-18', {
        actions: { skip: action('skip', 'skipSeriesVisit', '/api/booking-series/5/visits/11/skip') },
      }),
    ],
    conflicts: [
      {
        occurrence: '2027-01-01',
        reason: 'time_off',
        message: 'Jordan is away that day',
        alternatives: [{ startsAt: '2027-01-02T15:00:00.000Z', scheduledDate: '2027-01-02', scheduledTime: '10:00' }],
        links: { book: { href: '/booking/2/1', type: 'text/html' } },
      },
    ],
    plannedThrough: '2027-01-29',
    endedAt: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    links: {
      self: { href: '/api/booking-series/5', operation: 'getBookingSeries' },
      cleaner: { href: '/api/cleaners/2', operation: 'getCleaner' },
      page: { href: '/dashboard?tab=regular', type: 'text/html' },
    },
    actions: {
      pause: action('pause', 'pauseBookingSeries', '/api/booking-series/5/pause'),
      end: action('end', 'endBookingSeries', '/api/booking-series/5/end'),
    },
    ...over,
  }) as BookingSeries;

const wrap = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Router ssrPath="/dashboard">{node}</Router>
    </QueryClientProvider>,
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('a recurring cleaning’s card', () => {
  it('shows the schedule, the cleaner, the price, the card, the visits in words and only the actions it carries', () => {
    const shown = text(wrap(<SeriesCard series={series()} />));
    expect(shown).toContain('Every 2 weeks on Friday at 9:00 AM (CST)');
    expect(shown).toContain('Jordan Lee');
    expect(shown).toContain('$90.00');
    expect(shown).toContain('Card ending 4242');
    expect(shown).toMatch(/Fri, Dec 4 at 9:00 AM Paid/);
    expect(shown).toMatch(/Fri, Dec 18 at 9:00 AM Card will be charged Tue, Dec 15 Skip/);
    expect(shown).toContain("We couldn't book Fri, Jan 1: Jordan is away that day");
    expect(shown).toContain('Sat, Jan 2 at 10:00 AM');
    expect(shown).toContain(' Pause ');
    expect(shown).toContain(' End ');
    expect(shown).not.toContain('Resume');
    expect(shown).not.toContain('Decline');
    expect(shown.match(/ Skip /g)).toHaveLength(1);
  });

  it('says a pending series books its visits once the first is paid, and that they are coming once it is', () => {
    const first = visit(10, '2026-12-04', { payment: 'awaiting_payment', chargeAt: null });
    const waiting = text(
      wrap(<SeriesCard series={series({ status: 'pending', card: null, actions: {}, visits: [first] as never })} />),
    );
    expect(waiting).toContain('once the first visit is paid: they appear here within a minute or two after paying');
    expect(waiting).toContain('Saved when the first visit is paid');
    expect(waiting).not.toContain('Pause');
    const paid = text(wrap(<SeriesCard series={series({ status: 'pending', card: null, actions: {} })} />));
    expect(paid).toContain('The first visit is paid: the later visits are being booked');
    expect(paid).toContain('Setting up');
  });

  it('shows the customer and Decline series to the cleaner', () => {
    const shown = text(
      wrap(
        <SeriesCard
          series={series({
            role: 'cleaner',
            actions: { decline: action('decline', 'declineBookingSeries', '/api/booking-series/5/decline') } as never,
          })}
        />,
      ),
    );
    expect(shown).toContain('Ann Bell');
    expect(shown).toContain('Decline series');
    expect(shown).not.toContain('Card ending');
    expect(shown).not.toContain('Book another time');
  });
});

describe('a booking’s series note', () => {
  const booking = (over: object) => ({ id: 11, series: null, actions: {}, links: {}, ...over }) as unknown as Booking;

  it('says the series a visit belongs to, links to it and offers its skip', () => {
    const html = wrap(
      <SeriesNote
        booking={booking({
          series: { id: 5, frequency: 'biweekly', chargeAt: null },
          actions: { skip: action('skip', 'skipSeriesVisit', '/api/booking-series/5/visits/11/skip') },
        })}
        reader="customer"
      />,
    );
    expect(text(html)).toContain('Part of a regular cleaning — every 2 weeks.');
    expect(html).toContain('href="/dashboard?tab=regular&amp;series=5"');
    expect(text(html)).toContain('Skip this visit');
  });

  it('offers Make this regular on a one-time booking that carries the action, and nothing otherwise', () => {
    const make = action('makeRecurring', 'createBookingSeries', '/api/booking-series');
    expect(
      text(wrap(<SeriesNote booking={booking({ actions: { makeRecurring: make } })} reader="customer" />)),
    ).toContain('Make this regular');
    expect(wrap(<SeriesNote booking={booking({})} reader="customer" />)).toBe('');
  });
});
