import { describe, expect, it } from 'vitest';
import { damageReportNote } from './damage-report';

const decided = (status: 'released' | 'partial_refund' | 'full_refund', refund: string) => ({
  damageReportStatus: status,
  damageDecision: { refund, reason: 'The crack was new', resolvedAt: '2026-11-28T10:00:00Z' },
});

describe('a booking’s problem report, in its details', () => {
  it('says nothing without a report, and that it is being looked at while open', () => {
    expect(damageReportNote({ damageReportStatus: null, damageDecision: null }, 'customer')).toBeNull();
    const open = { damageReportStatus: 'open' as const, damageDecision: null };
    expect(damageReportNote(open, 'customer')).toMatchObject({ state: 'open', reason: null });
    expect(damageReportNote(open, 'cleaner')?.text).toContain('Your payout for it waits');
  });

  it('tells each party the decision in words addressed to them, with the reason', () => {
    const partial = decided('partial_refund', '60.00');
    expect(damageReportNote(partial, 'customer')).toEqual({
      state: 'decided',
      text: 'Problem report decided: we refunded you $60.00.',
      reason: 'The crack was new',
    });
    expect(damageReportNote(partial, 'cleaner')?.text).toContain('the customer was refunded $60.00');
    expect(damageReportNote(decided('full_refund', '180.00'), 'cleaner')?.text).toContain('nothing is paid out');
    expect(damageReportNote(decided('released', '0.00'), 'customer')?.text).toBe(
      'Problem report decided: no refund was due.',
    );
  });
});
