import { z } from 'zod';
import { PARTNER_LIMITS } from '../rules/partners';
import { Money, pageOf } from './common';
import { actionOf, linkTo, pageLinks } from './hypermedia';
import { OriginPattern } from './partners';

/** A partner's own portal (decision 081): its people, key, origins, bookings and statements. */

/** Dollars that may be negative: what a refund took back, or what was paid out. */
const SignedMoney = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'US dollars, two decimals, may be negative' });

export const PartnerPortalSummary = z
  .object({ id: z.number().int(), name: z.string(), links: z.object({ self: linkTo('getPartnerPortal') }) })
  .meta({ id: 'PartnerPortalSummary' });

export const PartnerPortalList = z
  .object({ items: z.array(PartnerPortalSummary), links: z.object({ self: linkTo('listMyPartners') }) })
  .meta({ id: 'PartnerPortalList' });
export type PartnerPortalList = z.infer<typeof PartnerPortalList>;

export const PartnerPortal = z
  .object({
    id: z.number().int(),
    name: z.string(),
    publishableKey: z.string(),
    previousKey: z.string().nullable().meta({ description: 'the key before the last rotation, while it still works' }),
    previousKeyExpiresAt: z.string().nullable(),
    allowedOrigins: z.array(z.string()),
    commissionRateBps: z.number().int(),
    isActive: z.boolean(),
    previewKey: z
      .string()
      .meta({ description: 'for the snippet builder’s live preview: works on this site alone, for 30 minutes' }),
    members: z.array(z.object({ name: z.string(), email: z.string() })),
    invites: z.array(z.object({ email: z.string(), expiresAt: z.string() })),
    links: z.object({
      self: linkTo('getPartnerPortal'),
      bookings: linkTo('listPartnerBookings'),
      statements: linkTo('listPartnerStatements'),
      webhooks: linkTo('listPartnerWebhooks'),
      deliveries: linkTo('listPartnerWebhookDeliveries'),
      payoutAccount: linkTo('getPartnerPayoutAccount'),
    }),
    actions: z.object({
      updateOrigins: actionOf('updateOrigins', 'PUT', 'updatePartnerOrigins'),
      rotateKey: actionOf('rotateKey', 'POST', 'rotatePartnerKey'),
      invite: actionOf('invite', 'POST', 'invitePartnerMember'),
    }),
  })
  .meta({ id: 'PartnerPortal' });
export type PartnerPortal = z.infer<typeof PartnerPortal>;

export const PartnerOriginsInput = z
  .object({ allowedOrigins: z.array(OriginPattern).max(PARTNER_LIMITS.originsMax) })
  .strict()
  .meta({ id: 'PartnerOriginsInput' });

export const RotateKeyInput = z
  .object({
    graceHours: z
      .number()
      .int()
      .min(0)
      .max(168, 'At most 168 hours (a week)')
      .meta({ description: 'hours the old key keeps working (0: it stops at once)' }),
  })
  .strict()
  .meta({ id: 'RotateKeyInput' });

export const PartnerInviteInput = z
  .object({ email: z.email('Please enter a valid email address').max(254) })
  .strict()
  .meta({ id: 'PartnerInviteInput' });

export const AcceptPartnerInviteInput = z
  .object({ token: z.string().min(10).max(100) })
  .strict()
  .meta({ id: 'AcceptPartnerInviteInput' });

/** A booking a partner's widgets brought, as the partner sees it: nothing of the guest's. */
export const PartnerBooking = z
  .object({
    id: z.number().int(),
    startsAt: z.string(),
    timeZone: z.string(),
    city: z.string(),
    service: z.string(),
    amount: Money,
    status: z.string(),
    paymentStatus: z.string(),
    commission: Money,
    links: z.object({ self: linkTo('getPartnerBooking') }),
  })
  .meta({ id: 'PartnerBooking' });

export const PartnerBookingPage = pageOf(PartnerBooking)
  .extend({ links: pageLinks('listPartnerBookings') })
  .meta({ id: 'PartnerBookingPage' });
export type PartnerBookingPage = z.infer<typeof PartnerBookingPage>;

export const PartnerStatementList = z
  .object({
    months: z.array(
      z.object({
        month: z.string(),
        accrued: SignedMoney,
        paid: SignedMoney,
        payable: SignedMoney,
        links: z.object({ self: linkTo('getPartnerStatement') }),
      }),
    ),
    links: z.object({ self: linkTo('listPartnerStatements'), portal: linkTo('getPartnerPortal') }),
  })
  .meta({ id: 'PartnerStatementList' });
export type PartnerStatementList = z.infer<typeof PartnerStatementList>;

export const PartnerStatement = z
  .object({
    month: z.string(),
    accrued: SignedMoney,
    paid: SignedMoney,
    payable: SignedMoney,
    lines: z.array(
      z.object({
        at: z.string(),
        bookingId: z.number().int().nullable(),
        kind: z.string(),
        amount: SignedMoney.meta({ description: 'negative: taken back by a refund, or paid out' }),
      }),
    ),
    links: z.object({ self: linkTo('getPartnerStatement'), statements: linkTo('listPartnerStatements') }),
  })
  .meta({ id: 'PartnerStatement' });
export type PartnerStatement = z.infer<typeof PartnerStatement>;
