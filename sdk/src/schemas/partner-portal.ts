import { z } from 'zod';
import { PARTNER_LIMITS, partnerText } from '../rules/partners';
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
    members: z.array(
      z.object({
        id: z.number().int().meta({ description: 'the membership' }),
        name: z.string(),
        email: z.string(),
        isYou: z.boolean().meta({ description: 'the caller’s own membership' }),
        actions: z.object({
          remove: actionOf('remove', 'DELETE', 'removePartnerMember')
            .optional()
            .meta({ description: 'absent for a partner’s last member, unless an administrator asks' }),
        }),
      }),
    ),
    invites: z.array(
      z.object({
        id: z.number().int(),
        email: z.string(),
        expiresAt: z.string(),
        actions: z.object({
          resend: actionOf('resend', 'POST', 'resendPartnerInvite').meta({
            description: 'a new link, good for 7 days; the one sent before stops working',
          }),
          revoke: actionOf('revoke', 'DELETE', 'revokePartnerInvite'),
        }),
      }),
    ),
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
  .object({
    allowedOrigins: z
      .array(OriginPattern, { error: 'Send the allowed origins as a list' })
      .max(PARTNER_LIMITS.originsMax, partnerText.originsMax),
  })
  .strict()
  .meta({ id: 'PartnerOriginsInput' });

/** The longest a rotated key keeps working: a week, time to change every page's tag. */
export const MAX_GRACE_HOURS = 168;
export const graceHoursText = {
  required: `Enter how many hours the old key keeps working (0 to ${MAX_GRACE_HOURS})`,
  invalid: `Enter a whole number of hours from 0 to ${MAX_GRACE_HOURS} (a week)`,
};

export const RotateKeyInput = z
  .object({
    graceHours: z
      .number({
        error: (issue) => (issue.input === undefined ? graceHoursText.required : graceHoursText.invalid),
      })
      .int(graceHoursText.invalid)
      .min(0, graceHoursText.invalid)
      .max(MAX_GRACE_HOURS, graceHoursText.invalid)
      .meta({ description: 'hours the old key keeps working (0: it stops at once)' }),
  })
  .strict()
  .meta({ id: 'RotateKeyInput' });

export const PartnerInviteInput = z
  .object({
    email: z
      .email({
        error: (issue) =>
          issue.input === undefined ? 'Enter your colleague’s e-mail address' : 'Please enter a valid email address',
      })
      .max(254, 'Enter an e-mail address of at most 254 characters'),
  })
  .strict()
  .meta({ id: 'PartnerInviteInput' });

const INVITE_LINK_BROKEN = 'This invitation link is incomplete: open the one in your e-mail';
/** An invitation's token, as its e-mailed link carries it. */
const InviteToken = z.string({ error: INVITE_LINK_BROKEN }).min(10, INVITE_LINK_BROKEN).max(100, INVITE_LINK_BROKEN);

export const AcceptPartnerInviteInput = z
  .object({ token: InviteToken })
  .strict()
  .meta({ id: 'AcceptPartnerInviteInput' });

export const PartnerInvitePreviewInput = z
  .object({ token: InviteToken })
  .strict()
  .meta({ id: 'PartnerInvitePreviewInput' });

/** What an invitation's link opens, for whoever holds it: the partner's name and nothing else. */
export const PartnerInvitePreview = z
  .object({
    partnerName: z.string(),
    actions: z.object({
      accept: actionOf('accept', 'POST', 'acceptPartnerInvite')
        .optional()
        .meta({ description: 'for a signed-in person: joins the partner’s people' }),
    }),
  })
  .meta({ id: 'PartnerInvitePreview' });
export type PartnerInvitePreview = z.infer<typeof PartnerInvitePreview>;

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
    month: z.string().meta({
      description:
        'YYYY-MM (UTC): lines are filed by when they were recorded — a commission by the month its booking was paid',
    }),
    accrued: SignedMoney,
    paid: SignedMoney,
    payable: SignedMoney,
    lines: z.array(
      z.object({
        at: z.string(),
        bookingId: z.number().int().nullable(),
        kind: z.string(),
        amount: SignedMoney.meta({ description: 'negative: taken back by a refund, or paid out' }),
        bookingAmount: Money.nullable().meta({
          description: 'the booking’s amount (what its customer was charged), when the line is a booking’s',
        }),
        service: z
          .string()
          .nullable()
          .meta({ description: 'the booking’s service, by name, when the line is a booking’s' }),
      }),
    ),
    links: z.object({ self: linkTo('getPartnerStatement'), statements: linkTo('listPartnerStatements') }),
  })
  .meta({ id: 'PartnerStatement' });
export type PartnerStatement = z.infer<typeof PartnerStatement>;
