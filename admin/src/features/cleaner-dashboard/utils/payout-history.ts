import { type CleanerPayout, formatLongDate } from '@spotless/sdk';

/**
 * A transfer's status in words that do not promise more than is true (decision 086): a sent one
 * has left Spotless, not yet reached the bank, so it says when it usually arrives.
 */
export function payoutStatusText(
  payout: Pick<CleanerPayout, 'status' | 'arrivesBy'>,
  timeZone?: string,
): { label: string; note: string | null } {
  if (payout.status === 'pending') return { label: 'Being sent', note: null };
  if (payout.status === 'failed') return { label: 'Not sent yet', note: 'We will try again' };
  return {
    label: 'Sent',
    note: payout.arrivesBy
      ? `Usually arrives within 2 business days (by ${formatLongDate(payout.arrivesBy, timeZone)})`
      : 'Usually arrives within 2 business days',
  };
}

export const PAYOUT_TONE: Record<CleanerPayout['status'], string> = { pending: 'blue', paid: 'green', failed: 'red' };
