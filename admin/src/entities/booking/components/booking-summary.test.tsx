import type { Booking } from '@spotless/sdk';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingSummary } from './booking-summary';

const booking = {
  id: 42,
  address: '410 Congress Ave, Austin, TX 78701',
  cleaner: { id: 1, user: { firstName: 'Ana', lastName: 'Silva' } },
  service: { id: 1, name: 'Deep Cleaning', description: 'Top to bottom' },
  startsAt: '2026-05-04T14:00:00.000Z',
  timeZone: 'America/Chicago',
  scheduledTime: '09:00',
  duration: 150,
  status: 'in_progress',
  specialRequests: '',
  totalPrice: '1234.50',
  totalAmount: 1234.5,
} as unknown as Booking;

/** The summary's rows as "label: value" text. */
function rows(html: string): string[] {
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, label, value]) =>
      `${label}: ${value!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}`,
  );
}

describe('BookingSummary', () => {
  beforeEach(() => vi.stubEnv('TZ', 'America/Chicago'));
  afterEach(() => vi.unstubAllEnvs());

  it('lists the chosen facts in order, money as formatDollars writes it', () => {
    const html = renderToStaticMarkup(
      <BookingSummary
        booking={booking}
        facts={['number', 'cleaner', 'service', 'date', 'time', 'duration', 'specialRequests', 'status', 'total']}
      />,
    );
    expect(rows(html)).toEqual([
      'Booking number: #42',
      'Cleaner: Ana Silva',
      'Service: Deep Cleaning Top to bottom',
      'Date: May 4, 2026',
      'Time: 9:00 AM',
      'Duration: 2 hr 30 min',
      'Special requests: None',
      'Status: IN PROGRESS',
      'Total: $1,234.50',
    ]);
  });

  it('names the cleaner’s zone beside the time for a viewer elsewhere, and keeps the cleaner’s date', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const late = { ...booking, startsAt: '2026-05-05T02:00:00.000Z', scheduledTime: '21:00' } as Booking;
    expect(rows(renderToStaticMarkup(<BookingSummary booking={late} facts={['date', 'time']} />))).toEqual([
      'Date: May 4, 2026',
      'Time: 9:00 PM CDT',
    ]);
  });

  it('lays the long facts across the grid of a booking card', () => {
    const html = renderToStaticMarkup(<BookingSummary booking={booking} facts={['total', 'address']} layout="grid" />);
    expect(html).toContain('class="booking-card__meta"');
    expect(html).toContain('<div class="booking-card__wide"><dt>Address</dt>');
    expect(html).not.toContain('detail-list__total');
  });

  it('says a cancelled booking’s status in words, when and by whom it was cancelled, its fee and its refund', () => {
    const cancelled = {
      ...booking,
      status: 'cancelled',
      paymentStatus: 'succeeded',
      cancelledAt: '2026-05-03T20:30:00.000Z',
      cancellationKind: 'customer',
      cancellationFee: '50.00',
      refund: { amount: '70.00', status: 'failed', note: 'The refund did not go through.' },
    } as Booking;
    expect(
      rows(
        renderToStaticMarkup(
          <BookingSummary booking={cancelled} facts={['state', 'cancelled', 'fee', 'refund', 'payment']} />,
        ),
      ),
    ).toEqual([
      'Status: Cancelled',
      'Cancelled: May 3, 2026, 3:30 PM, by you',
      'Cancellation fee: $50.00 kept',
      'Refund: $70.00 of $1,234.50 · Did not go through',
      'Payment: Paid',
    ]);
  });
});
