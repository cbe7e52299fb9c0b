import type { SeriesVisit } from '@spotless/sdk/schemas';
import { describe, expect, it } from 'vitest';
import {
  conflictText,
  frequencyFromOnboarding,
  frequencyPhrase,
  shortDay,
  visitPaymentText,
  visitWhen,
} from './series';

const visit = (over: Partial<SeriesVisit>): SeriesVisit =>
  ({
    bookingId: 3,
    occurrence: '2026-12-18',
    scheduledDate: '2026-12-18',
    scheduledTime: '09:00',
    startsAt: '2026-12-18T15:00:00.000Z',
    status: 'confirmed',
    skipped: false,
    payment: 'charge_scheduled',
    chargeAt: '2026-12-15T15:00:00.000Z',
    payBy: null,
    price: '90.00',
    links: { booking: { href: '/api/bookings/3', operation: 'getBooking' } },
    actions: {},
    ...over,
  }) as SeriesVisit;

describe('series words', () => {
  it('prefills the choice from the onboarding answer', () => {
    expect(frequencyFromOnboarding('biweekly')).toBe('biweekly');
    expect(frequencyFromOnboarding('onetime')).toBe('onetime');
    expect(frequencyFromOnboarding(undefined)).toBe('onetime');
    expect(frequencyFromOnboarding('quarterly')).toBe('quarterly');
  });

  it('says frequencies and days in words', () => {
    expect(frequencyPhrase('biweekly')).toBe('every 2 weeks');
    expect(frequencyPhrase('quarterly')).toBe('every 3 months');
    expect(frequencyPhrase('weekly')).toBe('weekly');
    expect(shortDay('2026-12-18')).toBe('Fri, Dec 18');
    expect(visitWhen(visit({}))).toBe('Fri, Dec 18 at 9:00 AM');
  });

  it('says each payment state of a visit', () => {
    const zone = 'America/Chicago';
    expect(visitPaymentText(visit({}), zone)).toBe('Card will be charged Tue, Dec 15');
    expect(visitPaymentText(visit({ payment: 'paid', chargeAt: null }), zone)).toBe('Paid');
    expect(visitPaymentText(visit({ payment: 'charge_failed', payBy: '2026-12-17T15:00:00.000Z' }), zone)).toBe(
      'Charge failed — pay by Thu, Dec 17',
    );
    expect(visitPaymentText(visit({ skipped: true, payment: null, status: 'cancelled' }), zone)).toBe('Skipped');
    expect(visitPaymentText(visit({ payment: 'refunded' }), zone)).toBe('Refunded');
  });

  it('says a conflict', () => {
    expect(
      conflictText({
        occurrence: '2026-12-18',
        reason: 'time_off',
        message: 'Jordan is away that day',
        alternatives: [],
        links: { book: { href: '/booking/1', type: 'text/html' } },
      }),
    ).toBe("We couldn't book Fri, Dec 18: Jordan is away that day");
  });
});
