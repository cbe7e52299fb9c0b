import { describe, expect, it } from 'vitest';
import { FAQ_GROUPS, filterFaq } from './faq';

describe('filterFaq', () => {
  it('keeps every group for an empty query', () => {
    expect(filterFaq(FAQ_GROUPS, '   ').map((group) => group.title)).toEqual([
      'Getting Started',
      'Booking & Scheduling',
      'Payments & Pricing',
      'Safety & Trust',
    ]);
  });

  it('matches questions and answers case-insensitively and drops empty groups', () => {
    const result = filterFaq(FAQ_GROUPS, 'RESCHEDULE');
    expect(result.map((group) => group.title)).toEqual(['Booking & Scheduling']);
    expect(result[0]?.entries.map((entry) => entry.question)).toContain('Can I reschedule a booking?');
  });

  it('requires every word to match', () => {
    const result = filterFaq(FAQ_GROUPS, 'damage 24 hours');
    expect(result.flatMap((group) => group.entries.map((entry) => entry.question))).toEqual([
      'What if something is damaged during a cleaning?',
    ]);
  });

  it('returns nothing when no entry matches', () => {
    expect(filterFaq(FAQ_GROUPS, 'zebra')).toEqual([]);
  });
});
