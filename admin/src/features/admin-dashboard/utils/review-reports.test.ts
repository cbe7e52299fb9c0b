import type { ActionField } from '@spotless/sdk';
import { MESSAGES } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { moderationBody, ratingText, reportedCleanerName, reporterSaid } from './review-reports';

/** The fields of a report's actions as the server lists them: the status fixed, the reason required to hide. */
const action = (status: 'hidden' | 'published'): { fields: ActionField[] } => ({
  fields: [
    { name: 'status', type: 'select', required: true, value: status, options: [{ value: status }] },
    { name: 'reason', type: 'text', required: status === 'hidden', maxLength: 500 },
  ],
});

describe('moderationBody', () => {
  it('hiding needs the reason its author is sent, checked from the action’s fields in the server’s words', () => {
    expect(moderationBody(action('hidden'), '   ')).toEqual({ ok: false, message: MESSAGES.review.hideReasonRequired });
    expect(moderationBody(action('hidden'), 'x'.repeat(501))).toEqual({
      ok: false,
      message: 'reason must be at most 500 characters.',
    });
    expect(moderationBody(action('hidden'), '  Shares a home address ')).toEqual({
      ok: true,
      body: { status: 'hidden', reason: 'Shares a home address' },
    });
  });

  it('keeping sends the status the action names, with no reason needed', () => {
    expect(moderationBody(action('published'), '')).toEqual({ ok: true, body: { status: 'published' } });
  });

  it('an action naming no status cannot be sent', () => {
    expect(moderationBody({ fields: [] }, 'why')).toEqual({ ok: false, message: 'This action cannot be performed.' });
  });
});

describe('a report as the queue shows it', () => {
  it('names the cleaner, the rating and what the reporter said', () => {
    expect(reportedCleanerName({ cleaner: { firstName: 'Jane', lastName: 'Doe' } })).toBe('Jane Doe');
    expect(ratingText(4)).toBe('4/5');
    expect(reporterSaid({ reason: 'Spam or fake review', description: 'Posted twice' })).toBe(
      'Spam or fake review: Posted twice',
    );
    expect(reporterSaid({ reason: 'Other', description: null })).toBe('Other');
  });
});
