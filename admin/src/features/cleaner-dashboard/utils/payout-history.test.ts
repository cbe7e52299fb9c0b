import { describe, expect, it } from 'vitest';
import { payoutStatusText } from './payout-history';

describe('a payout’s status in words', () => {
  it('says a sent transfer is on its way, with the day it usually arrives, never that it has arrived', () => {
    const sent = payoutStatusText({ status: 'paid', arrivesBy: '2026-12-01T22:00:00Z' }, 'America/Chicago');
    expect(sent).toBe('Sent — usually arrives within 2 business days (by December 1, 2026)');
    expect(sent).not.toContain('Sent to your bank');
    expect(payoutStatusText({ status: 'pending', arrivesBy: null })).toBe('Being sent');
    expect(payoutStatusText({ status: 'failed', arrivesBy: null })).toContain('Not sent yet');
  });
});
