import { z } from 'zod';
import { isOriginPattern, PARTNER_LIMITS, partnerText } from '../rules/partners';
import { listOf, Money } from './common';
import { actionOf, linkTo } from './hypermedia';

/**
 * Partners (decision 048): sites that embed the widgets with a publishable key.
 * Administrators create and change them through the actions below.
 */

/**
 * An allowed origin as people type it, cleaned: trimmed, lower-cased and without a trailing slash
 * (`HTTPS://Example.COM/` is stored as `https://example.com`), then checked.
 */
export const OriginPattern = z
  .string({ error: 'Write each origin as text, such as https://realty.example' })
  .trim()
  .toLowerCase()
  .overwrite((value) => value.replace(/\/+$/, ''))
  .max(200, 'Write an origin of at most 200 characters')
  .refine(isOriginPattern, { error: (issue) => partnerText.origin(String(issue.input)) });

const PartnerFields = {
  name: z.string().trim().min(1, 'Name is required').max(PARTNER_LIMITS.nameMax),
  allowedOrigins: z
    .array(OriginPattern)
    .max(PARTNER_LIMITS.originsMax, partnerText.originsMax)
    .meta({ description: 'origins (scheme, host, port; `:*` for any port) whose pages may use the key' }),
  commissionRateBps: z
    .number()
    .int('must be a whole number of basis points')
    .min(0, 'must be at least 0')
    .max(PARTNER_LIMITS.commissionBpsMax, `must be at most ${PARTNER_LIMITS.commissionBpsMax}`)
    .meta({ description: 'the partner’s share of each booking, in basis points (1000 = 10%)' }),
  rateLimitPerMinute: z
    .number()
    .int()
    .min(PARTNER_LIMITS.rateLimitMin, `must be at least ${PARTNER_LIMITS.rateLimitMin}`)
    .max(PARTNER_LIMITS.rateLimitMax, `must be at most ${PARTNER_LIMITS.rateLimitMax}`)
    .meta({ description: 'requests a minute the key may make' }),
  contactEmail: z.email('Please enter a valid email address').max(254).nullable(),
  isActive: z.boolean(),
};

export const PartnerCreate = z
  .object({
    ...PartnerFields,
    commissionRateBps: PartnerFields.commissionRateBps.default(0),
    rateLimitPerMinute: PartnerFields.rateLimitPerMinute.default(600),
    contactEmail: PartnerFields.contactEmail.optional(),
    isActive: PartnerFields.isActive.default(true),
  })
  .strict()
  .meta({ id: 'PartnerCreate' });
export type PartnerCreate = z.input<typeof PartnerCreate>;

export const PartnerUpdate = z
  .object(PartnerFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' })
  .meta({ id: 'PartnerUpdate' });
export type PartnerUpdate = z.input<typeof PartnerUpdate>;

export const PartnerStats = z
  .object({
    bookings: z.number().int().meta({ description: 'bookings made through the partner’s widgets' }),
    paidBookings: z.number().int(),
    revenue: Money.meta({ description: 'what customers paid for them, refunds deducted' }),
    commission: Money.meta({ description: 'the partner’s share, each booking at the rate in force when made' }),
    chats: z.number().int(),
    people: z.number().int().meta({ description: 'its people: the accounts that can open its portal' }),
    pendingInvites: z
      .number()
      .int()
      .meta({ description: 'invitations to its portal sent and not yet accepted nor past their date' }),
  })
  .meta({ id: 'PartnerStats' });

export const Partner = z
  .object({
    id: z.number().int(),
    name: z.string(),
    publishableKey: z.string(),
    allowedOrigins: z.array(z.string()),
    commissionRateBps: z.number().int(),
    rateLimitPerMinute: z.number().int(),
    contactEmail: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    stats: PartnerStats,
    links: z.object({
      self: linkTo('getPartner'),
      partners: linkTo('listPartners'),
      webhooks: linkTo('listPartnerWebhooks').meta({ description: 'the endpoints its events are sent to' }),
      portal: linkTo('getPartnerPortal').meta({ description: 'its portal: people, key, bookings, statements' }),
    }),
    actions: z.object({
      update: actionOf('update', 'PATCH', 'updatePartner'),
      deactivate: actionOf('deactivate', 'PATCH', 'updatePartner')
        .optional()
        .meta({ description: 'while active: its key stops working at once' }),
      activate: actionOf('activate', 'PATCH', 'updatePartner').optional().meta({ description: 'while inactive' }),
      invite: actionOf('invite', 'POST', 'invitePartnerMember').meta({
        description: 'invites someone to its portal by e-mail: its first person, or another',
      }),
    }),
  })
  .meta({ id: 'Partner' });
export type Partner = z.infer<typeof Partner>;

export const PartnerList = listOf(Partner)
  .extend({
    links: z.object({ self: linkTo('listPartners') }),
    actions: z.object({ create: actionOf('create', 'POST', 'createPartner') }),
  })
  .meta({ id: 'PartnerList' });
export type PartnerList = z.infer<typeof PartnerList>;
