import type { FaqGroup } from '@spotless/sdk/help';
/** The answers' ids: `/help-center#cleaner-payouts` (the Become a Cleaner page and the terms link it). */
export const CLEANER_PAY_IDS = { howPaid: 'cleaner-payouts', fee: 'platform-fee' } as const;

/** The figures `GET /api/payout-terms` answers. */
export interface CleanerPayFigures {
  platformFeePercent: number;
  cleanerSharePercent: number;
  /** The answer to "when do I get paid?", as the cleaner's earnings give it. */
  whenPaid: string;
}

/**
 * The help centre's questions about how cleaners are paid (decision 085), written once and filled
 * with the server's figures (`GET /api/payout-terms`): the platform fee is configuration, so it is
 * never written into the help content itself.
 */
export function cleanerPayFaq(figures: CleanerPayFigures): FaqGroup {
  return {
    title: 'For Cleaners',
    entries: [
      {
        id: CLEANER_PAY_IDS.howPaid,
        question: 'How and when are cleaners paid?',
        answer: `Customers pay by card when they book, and cleaners are paid to the payout account they connect on the Earnings & Payouts tab of their Cleaner Dashboard. ${figures.whenPaid}`,
      },
      {
        id: CLEANER_PAY_IDS.fee,
        question: 'How much does Spotless keep?',
        answer: `Spotless keeps a platform fee of ${figures.platformFeePercent}% of what the customer pays for each booking; the cleaner receives the other ${figures.cleanerSharePercent}%. When a booking comes through a partner's site, the partner's commission comes out of our fee, never the cleaner's share. Each job's fee and share are on the cleaner's Earnings & Payouts tab.`,
      },
    ],
  };
}
