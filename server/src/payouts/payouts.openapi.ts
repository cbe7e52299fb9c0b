import {
  CleanerEarnings,
  CleanerPayoutList,
  IdParam,
  LedgerReport,
  PartnerCommissionReport,
  PartnerPayoutAccount,
  PayoutAccount,
  PayoutList,
  PayoutOnboarding,
  TestOnboardingInput,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** Paying out (decision 080): a cleaner's payout account and the transfers of what they earned. */
export const payoutsApi = defineOperations({
  getPayoutAccount: {
    method: 'get',
    path: '/cleaners/profile/payout-account',
    security: 'user',
    summary: 'The signed-in cleaner’s payout account',
    description:
      'Whether payouts can reach the cleaner: `not_connected`, `onboarding` (with the `requirement` still due, in words) or `enabled`. `actions.connect` until enabled.',
    tags: ['payouts'],
    access: 'a signed-in user with an active cleaner profile',
    responses: {
      200: { description: 'The account', schema: PayoutAccount },
      404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
    },
  },
  getCleanerEarnings: {
    method: 'get',
    path: '/cleaners/profile/earnings',
    security: 'user',
    summary: 'The signed-in cleaner’s earnings, per job and in four states',
    description:
      'From the ledger: each job’s charge, refunds, the platform fee and the cleaner’s share, in one state — `upcoming` (booked), `pending` (completed, inside the 24 hours a customer has to report a problem, or held by a report), `available` (due: the payout job sends it, once a payout account can receive it), `paid_out` — with the totals of each, when the next payout is due, and `whenPaid`, the answer to “when do I get paid?”. The newest 100 jobs are listed; the totals count every job.',
    tags: ['payouts'],
    access: 'a signed-in user with an active cleaner profile',
    responses: {
      200: { description: 'The earnings', schema: CleanerEarnings },
      404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
    },
  },
  listCleanerPayouts: {
    method: 'get',
    path: '/cleaners/profile/payouts',
    security: 'user',
    summary: 'The signed-in cleaner’s payout history, newest first',
    description:
      'Each transfer of the cleaner’s share: the job it paid for, the amount (and any part a later refund took back), its status, the provider’s reference, when it was sent and when it usually reaches the bank (2 business days later). The newest 100.',
    tags: ['payouts'],
    access: 'a signed-in user with an active cleaner profile: their own transfers only',
    responses: {
      200: { description: 'The payouts', schema: CleanerPayoutList },
      404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
    },
  },
  connectPayoutAccount: {
    method: 'post',
    path: '/cleaners/profile/payout-account',
    security: 'user',
    summary: 'Connect (or continue connecting) the cleaner’s payout account',
    description:
      'Makes the account at the payment provider once (Stripe Connect Express; the local test-mode provider’s own otherwise) and answers `onboardingUrl`, where the cleaner enters their details: Stripe’s onboarding, or this site’s offline test page. Refused to the assistant.',
    tags: ['payouts'],
    access: 'a signed-in user with an active cleaner profile',
    responses: {
      200: { description: 'Where to go next', schema: PayoutOnboarding },
      404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
    },
  },
  getPartnerPayoutAccount: {
    method: 'get',
    path: '/partner-portal/:id/payout-account',
    security: 'user-or-admin',
    summary: 'A partner’s payout account, for its commission',
    description:
      'As a cleaner’s: `not_connected`, `onboarding` (with what is still due) or `enabled`; `actions.connect` until enabled.',
    tags: ['payouts', 'partner portal'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'The account', schema: PartnerPayoutAccount },
      404: { description: 'No such partner of yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  connectPartnerPayoutAccount: {
    method: 'post',
    path: '/partner-portal/:id/payout-account',
    security: 'user-or-admin',
    summary: 'Connect (or continue connecting) a partner’s payout account',
    description:
      'The same as a cleaner’s, for the partner’s commission; its people come back to the portal. Refused to the assistant.',
    tags: ['payouts', 'partner portal'],
    access: 'the partner’s people, admin',
    responses: {
      200: {
        description: 'Where to go next',
        schema: z.object({ onboardingUrl: z.string(), account: PartnerPayoutAccount }),
      },
      404: { description: 'No such partner of yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  completeTestOnboarding: {
    method: 'post',
    path: '/payouts/test-onboarding',
    security: 'public',
    summary: 'Finish a test-mode payout account (local provider only)',
    description:
      'The offline onboarding page of the local test-mode provider sends the account, its link’s token and a bank account; Stripe’s test account (routing 110000000, account 000123456789) enables payouts. 404 with Stripe configured or for an unknown account or token.',
    tags: ['payouts'],
    access: 'holder of the onboarding link',
    responses: {
      200: { description: 'The account’s new state', schema: z.object({ payoutsEnabled: z.boolean() }) },
      400: { description: 'A field is malformed, or the bank account is not the test one' },
      404: { description: 'No such account or token, or not the local provider' },
    },
    request: { json: TestOnboardingInput },
  },
  listPayouts: {
    method: 'get',
    path: '/admin/payouts',
    security: 'admin',
    summary: 'Transfers to cleaners and partners, newest first (administrators)',
    description: 'The latest 200 transfers with their status; a failed one carries `actions.retry`.',
    tags: ['payouts', 'admin'],
    access: 'admin',
    responses: { 200: { description: 'The transfers', schema: PayoutList } },
  },
  getLedgerReport: {
    method: 'get',
    path: '/admin/reconciliation',
    security: 'admin',
    summary: 'The ledger against the payment provider (administrators)',
    description:
      'Whether the books balance, in total and per booking, and every difference between the ledger and the provider for the newest 200 charged payments and 200 transfers: a charge or refund amount, a transfer or its reversals, something the provider does not know. The daily `reconcile-ledger` job logs the same differences.',
    tags: ['payouts', 'admin'],
    access: 'admin',
    responses: { 200: { description: 'The report', schema: LedgerReport } },
  },
  listPartnerCommissions: {
    method: 'get',
    path: '/admin/partner-commissions',
    security: 'admin',
    summary: 'Commission owed to each partner, per month (administrators)',
    description:
      'From the ledger, per partner and calendar month (UTC) of the entries: `accrued` (commissions less what refunds took back), `paid` (payouts less reversals) and `payable`, the difference. The newest 500 rows.',
    tags: ['payouts', 'admin', 'partners'],
    access: 'admin',
    responses: { 200: { description: 'The months', schema: PartnerCommissionReport } },
  },
  getPayout: {
    method: 'get',
    path: '/admin/payouts/:id',
    security: 'admin',
    summary: 'One transfer (administrators)',
    description: 'A transfer with its status, what was reversed of it, and `actions.retry` when it failed.',
    tags: ['payouts', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The transfer', schema: PayoutList.shape.items.element },
      404: { description: 'No such transfer' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  retryPayout: {
    method: 'post',
    path: '/admin/payouts/:id/retry',
    security: 'admin',
    summary: 'Ask again for a failed transfer (administrators)',
    description:
      'Sent with the transfer’s own idempotency key: the provider moves the money once however often it is asked. Audited.',
    tags: ['payouts', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The transfer as it is now', schema: PayoutList.shape.items.element },
      404: { description: 'No such transfer' },
      409: { description: 'It has not failed' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
});
