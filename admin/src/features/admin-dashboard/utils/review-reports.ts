import type { ActionField, ReviewReport } from '@spotless/sdk';
import { MESSAGES } from '@spotless/sdk';
import { fieldValue, validate } from '@spotless/sdk/forms';

/** The body of a moderation action, or the problem to show under the reason. */
export type ModerationBody =
  | { ok: true; body: { status: 'hidden' | 'published'; reason?: string } }
  | { ok: false; message: string };

/**
 * The body of a report's `hideReview` or `keepReview` action: the status the action itself names,
 * and the reason, checked against the action's fields as the server checks it (hiding requires a
 * reason, which the review's author is sent; its length is the field's). The words are the server's.
 */
export function moderationBody(action: { fields: readonly ActionField[] }, reason: string): ModerationBody {
  const status = fieldValue(action, 'status');
  if (status !== 'hidden' && status !== 'published') return { ok: false, message: 'This action cannot be performed.' };
  const reasonOnly = { fields: action.fields.filter((field) => field.name === 'reason') };
  const problem = validate(reasonOnly, { reason }, { required: { reason: MESSAGES.review.hideReasonRequired } }).reason;
  if (problem) return { ok: false, message: problem };
  const trimmed = reason.trim();
  return { ok: true, body: trimmed ? { status, reason: trimmed } : { status } };
}

/** The reviewed cleaner's name. */
export function reportedCleanerName(report: Pick<ReviewReport, 'cleaner'>): string {
  return `${report.cleaner.firstName} ${report.cleaner.lastName}`.trim() || 'A cleaner';
}

/** "4/5": the reported review's overall rating. */
export function ratingText(rating: number): string {
  return `${rating}/5`;
}

/** What the reporter said: the reason, and their description when they gave one. */
export function reporterSaid(report: Pick<ReviewReport, 'reason' | 'description'>): string {
  return report.description ? `${report.reason}: ${report.description}` : report.reason;
}
