import { describe, expect, it } from 'vitest';
import { payoutStatusText } from './payout-history';

describe('a payout’s status in words', () => {
  it('says a sent transfer is on its way, with the day it usually arrives, never that it has arrived', () => {
    const sent = payoutStatusText({ status: 'paid', arrivesBy: '2026-12-01T22:00:00Z' }, 'America/Chicago');
    expect(sent).toEqual({ label: 'Sent', note: 'Usually arrives within 2 business days (by December 1, 2026)' });
    expect(payoutStatusText({ status: 'pending', arrivesBy: null }).label).toBe('Being sent');
    expect(payoutStatusText({ status: 'failed', arrivesBy: null }).label).toBe('Not sent yet');
  });
});
