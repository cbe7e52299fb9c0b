import { type CleanerPayout, formatLongDate } from '@spotless/sdk';

/**
 * A transfer's status in words that do not promise more than is true (decision 086): a sent one
 * has left Spotless, not yet reached the bank, so it says when it usually arrives.
 */
export function payoutStatusText(payout: Pick<CleanerPayout, 'status' | 'arrivesBy'>, timeZone?: string): string {
  if (payout.status === 'pending') return 'Being sent';
  if (payout.status === 'failed') return 'Not sent yet — we will try again';
  return payout.arrivesBy
    ? `Sent — usually arrives within 2 business days (by ${formatLongDate(payout.arrivesBy, timeZone)})`
    : 'Sent — usually arrives within 2 business days';
}

export const PAYOUT_TONE: Record<CleanerPayout['status'], string> = { pending: 'blue', paid: 'green', failed: 'red' };
