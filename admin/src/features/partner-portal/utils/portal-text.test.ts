import type { ActionField } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  bookingStatusLabel,
  deliveryNextAttempt,
  deliveryStatus,
  graceEnd,
  graceProblem,
  instantLabel,
  lineKindLabel,
  originsOf,
  possessive,
  statementFileName,
  statementRows,
} from './portal-text';

const grace: ActionField = { name: 'graceHours', type: 'integer', required: true, min: 0, max: 168, value: 24 };

describe('the partner portal’s words', () => {
  it('writes an instant on the viewer’s clock and names its zone', () => {
    expect(instantLabel('2026-11-28T21:04:00Z', 'America/Chicago')).toBe('Nov 28, 2026, 3:04 PM CST');
    expect(instantLabel('2026-07-06T15:00:00Z', 'Europe/Paris')).toBe('Jul 6, 2026, 5:00 PM GMT+2');
    expect(instantLabel(graceEnd(new Date('2026-11-28T21:04:00Z'), 24), 'UTC')).toBe('Nov 29, 2026, 9:04 PM UTC');
  });

  it('requires the key’s grace as a whole number of hours within the action’s limits', () => {
    expect(graceProblem('', grace)).toBe('Enter how many hours the old key keeps working (0 to 168).');
    for (const text of ['abc', '1.5', '-1', '169', '2e1']) {
      expect(graceProblem(text, grace), text).toBe('Enter a whole number of hours from 0 to 168.');
    }
    expect(graceProblem('0', grace)).toBeNull();
    expect(graceProblem(' 168 ', grace)).toBeNull();
    expect(graceProblem('48', { ...grace, max: 24 })).toBe('Enter a whole number of hours from 0 to 24.');
  });

  it('reads origins one a line, and a partner’s name as its own', () => {
    expect(originsOf(' https://a.example/ \n\nhttps://a.example/, http://127.0.0.1:*\n')).toEqual([
      'https://a.example/',
      'http://127.0.0.1:*',
    ]);
    expect(originsOf('  \n ')).toEqual([]);
    expect(possessive('Sunrise Realty')).toBe('Sunrise Realty’s');
    expect(possessive('Lakeside Homes')).toBe('Lakeside Homes’');
  });

  it('names a statement’s file with one hyphen between words, and its lines in words', () => {
    expect(statementFileName('Sunrise Realty (demo partner)', '2026-11')).toBe(
      'Sunrise-Realty-demo-partner-commission-2026-11.csv',
    );
    expect(statementFileName('  Ace & Co. ', '2026-11')).toBe('Ace-Co-commission-2026-11.csv');
    expect(statementFileName('***', '2026-11')).toBe('partner-commission-2026-11.csv');
    expect(
      statementRows([
        {
          at: '2026-11-03T10:00:00.000Z',
          bookingId: 7,
          kind: 'partner_commission',
          amount: '9.00',
          bookingAmount: '90.00',
          service: 'Deep Cleaning',
        },
        {
          at: '2026-11-20T10:00:00.000Z',
          bookingId: null,
          kind: 'payout',
          amount: '-9.00',
          bookingAmount: null,
          service: null,
        },
      ]),
    ).toEqual([
      [
        'Date recorded (UTC; a commission on the day paid)',
        'Booking',
        'Service',
        'Booking amount (USD)',
        'Line',
        'Amount (USD)',
      ],
      ['2026-11-03', '7', 'Deep Cleaning', '90.00', 'Commission', '9.00'],
      ['2026-11-20', '', '', '', 'Paid to you', '-9.00'],
    ]);
    expect(['refund', 'payout', 'reversal', 'fee_adjustment'].map(lineKindLabel)).toEqual([
      'Refund (commission taken back)',
      'Paid to you',
      'Payout reversed',
      'Fee adjustment',
    ]);
  });

  it('writes a booking’s status and payment in words', () => {
    expect(bookingStatusLabel('confirmed', 'succeeded')).toBe('Confirmed · Paid');
    expect(bookingStatusLabel('in_progress', 'succeeded')).toBe('In Progress · Paid');
    expect(bookingStatusLabel('cancelled', 'unpaid')).toBe('Cancelled · Cancelled');
    expect(bookingStatusLabel('cancelled', 'refunded')).toBe('Cancelled · Refunded');
  });

  it('explains a delivery not sent yet, and a disabled endpoint’s delivery has no next attempt', () => {
    const at = '2026-11-28T21:04:00Z';
    const waiting = { status: 'pending' as const, attempts: 0, endpointActive: true, nextAttemptAt: at };
    expect(deliveryStatus(waiting)).toMatchObject({
      label: 'Pending',
      note: expect.stringMatching(/within about a minute/),
    });
    expect(deliveryNextAttempt(waiting, 'UTC')).toBe('Nov 28, 2026, 9:04 PM UTC');
    const disabled = { ...waiting, endpointActive: false, nextAttemptAt: null };
    expect(deliveryStatus(disabled).note).toMatch(/^Endpoint disabled/);
    expect(deliveryNextAttempt({ ...disabled, nextAttemptAt: at }, 'UTC')).toBe('Endpoint disabled');
    expect(deliveryStatus({ ...waiting, attempts: 2 }).note).toBeNull();
    expect(deliveryNextAttempt({ status: 'delivered', endpointActive: true, nextAttemptAt: null })).toBe('—');
  });
});
