import { z } from 'zod';
import { listOf, Money } from './common';
import { actionOf, linkTo } from './hypermedia';

/** Paying out (decision 080): a cleaner's payout account, test-mode onboarding, transfers. */

export const PayoutAccount = z
  .object({
    status: z.enum(['not_connected', 'onboarding', 'enabled']),
    requirement: z.string().nullable().meta({ description: 'why payouts cannot go out yet, in words' }),
    links: z.object({ self: linkTo('getPayoutAccount') }),
    actions: z.object({
      connect: actionOf('connect', 'POST', 'connectPayoutAccount')
        .optional()
        .meta({ description: 'until payouts are enabled: answers where to enter the details' }),
    }),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof PayoutAccount>;

/** A partner's payout account, for its commission (decision 081). */
export const PartnerPayoutAccount = z
  .object({
    status: z.enum(['not_connected', 'onboarding', 'enabled']),
    requirement: z.string().nullable(),
    links: z.object({ self: linkTo('getPartnerPayoutAccount') }),
    actions: z.object({
      connect: actionOf('connect', 'POST', 'connectPartnerPayoutAccount').optional(),
    }),
  })
  .meta({ id: 'PartnerPayoutAccount' });
export type PartnerPayoutAccount = z.infer<typeof PartnerPayoutAccount>;

export const PayoutOnboarding = z
  .object({ onboardingUrl: z.string(), account: PayoutAccount })
  .meta({ id: 'PayoutOnboarding' });

export const TestOnboardingInput = z
  .object({
    account: z.string().min(1).max(100),
    token: z.string().min(1).max(100),
    routingNumber: z.string().regex(/^\d{9}$/, 'A routing number is 9 digits'),
    accountNumber: z.string().regex(/^\d{4,17}$/, 'An account number is 4 to 17 digits'),
  })
  .strict()
  .meta({ id: 'TestOnboardingInput' });

export const Payout = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    kind: z.enum(['cleaner_share', 'partner_commission']),
    recipient: z.string().meta({ description: "Whom it was paid to: the cleaner's name, or the partner's" }),
    amount: Money,
    reversed: Money,
    status: z.enum(['pending', 'paid', 'failed']),
    failureReason: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    links: z.object({ self: linkTo('getPayout'), booking: linkTo('getBooking') }),
    actions: z.object({
      retry: actionOf('retry', 'POST', 'retryPayout').optional().meta({ description: 'a failed transfer' }),
    }),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof Payout>;

export const PayoutList = listOf(Payout)
  .extend({ links: z.object({ self: linkTo('listPayouts') }) })
  .meta({ id: 'PayoutList' });
export type PayoutList = z.infer<typeof PayoutList>;

/** One transfer of a cleaner's share, as the cleaner sees it in their payout history (decision 086). */
export const CleanerPayout = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    amount: Money,
    reversed: Money.meta({ description: 'taken back by a refund after it was sent' }),
    status: z.enum(['pending', 'paid', 'failed']),
    reference: z.string().nullable().meta({ description: "the payment provider's transfer id, once sent" }),
    sentAt: z.string().nullable(),
    arrivesBy: z
      .string()
      .nullable()
      .meta({ description: 'when a sent transfer usually reaches the bank: 2 business days after it was sent' }),
    job: z.object({ service: z.string(), startsAt: z.string(), timeZone: z.string() }),
    links: z.object({
      self: linkTo('listCleanerPayouts').meta({
        description: 'the payout within its list (`#payout-<id>`): a cleaner reads their transfers as one history',
      }),
      booking: linkTo('getBooking'),
    }),
    actions: z.object({}),
  })
  .meta({ id: 'CleanerPayout' });
export type CleanerPayout = z.infer<typeof CleanerPayout>;

export const CleanerPayoutList = listOf(CleanerPayout)
  .extend({ links: z.object({ self: linkTo('listCleanerPayouts'), earnings: linkTo('getCleanerEarnings') }) })
  .meta({ id: 'CleanerPayoutList' });
export type CleanerPayoutList = z.infer<typeof CleanerPayoutList>;

/** The ledger against the provider: totals, and every difference found (decision 080). */
export const LedgerReport = z
  .object({
    debits: Money,
    credits: Money,
    balanced: z.boolean(),
    paymentsChecked: z.number().int(),
    transfersChecked: z.number().int(),
    providerUnavailable: z.boolean(),
    differences: z.array(
      z.object({
        kind: z.enum(['unbalanced_booking', 'charge', 'refund', 'transfer', 'reversal', 'missing_at_provider']),
        bookingId: z.number().int().nullable(),
        ledger: Money,
        provider: Money,
        detail: z.string(),
      }),
    ),
    links: z.object({ self: linkTo('getLedgerReport'), payouts: linkTo('listPayouts') }),
  })
  .meta({ id: 'LedgerReport' });
export type LedgerReport = z.infer<typeof LedgerReport>;

export const EARNING_STATES = ['upcoming', 'pending', 'available', 'paid_out', 'refunded'] as const;

/** A cleaner's earnings in four states, per job with the platform fee, and when they are paid (decision 080). */
export const CleanerEarnings = z
  .object({
    totals: z.object({ upcoming: Money, pending: Money, available: Money, paidOut: Money }),
    platformFeePercent: z.number(),
    nextPayoutAt: z.string().nullable().meta({ description: 'when the next transfer is due, if one can go out' }),
    timeZone: z
      .string()
      .meta({ description: "the cleaner's own time zone (IANA): the clock of their jobs and payouts" }),
    whenPaid: z.string().meta({ description: 'the answer to “when do I get paid?”, in words' }),
    account: PayoutAccount,
    jobs: z.array(
      z.object({
        bookingId: z.number().int(),
        startsAt: z.string(),
        timeZone: z.string(),
        service: z.string(),
        status: z.string(),
        charged: Money,
        refunded: Money,
        fee: Money.meta({ description: 'the platform fee on what was kept' }),
        yours: Money,
        paidOut: Money,
        state: z.enum(EARNING_STATES),
        availableAt: z.string().nullable(),
      }),
    ),
    links: z.object({
      self: linkTo('getCleanerEarnings'),
      payoutAccount: linkTo('getPayoutAccount'),
      payouts: linkTo('listCleanerPayouts'),
    }),
  })
  .meta({ id: 'CleanerEarnings' });
export type CleanerEarnings = z.infer<typeof CleanerEarnings>;

/** Each partner's commission per month: accrued (after refunds), paid out, and still payable (decision 080). */
export const PartnerCommissionReport = z
  .object({
    months: z.array(
      z.object({
        partnerId: z.number().int(),
        partnerName: z.string(),
        month: z.string().meta({ description: 'YYYY-MM, UTC' }),
        accrued: Money,
        paid: Money,
        payable: Money,
      }),
    ),
    links: z.object({ self: linkTo('listPartnerCommissions'), partners: linkTo('listPartners') }),
  })
  .meta({ id: 'PartnerCommissionReport' });
export type PartnerCommissionReport = z.infer<typeof PartnerCommissionReport>;
