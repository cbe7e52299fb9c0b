import {
  type Partner,
  PartnerCreate,
  PartnerInviteInput,
  type PartnerList,
  PartnerUpdate,
} from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations } from '../contract/hypermedia';
import { INVITE_DAYS } from './partner-people.service';
import type { PartnerData } from './partners.service';

type Actions = Partner['actions'];

/** `platformFeeBps`: the fee in force, which a partner's commission may not exceed (decision 078). */
export function renderPartner(ops: Operations, partner: PartnerData, platformFeeBps: number): Partner {
  const params = { id: partner.id };
  return {
    ...partner,
    links: {
      self: linkTo(ops, 'getPartner', params),
      partners: linkTo(ops, 'listPartners'),
      webhooks: linkTo(ops, 'listPartnerWebhooks', params),
      portal: linkTo(ops, 'getPartnerPortal', params),
    },
    actions: {
      update: actionTo(ops, 'update', 'updatePartner', {
        title: 'Save',
        params,
        body: PartnerUpdate,
        only: ['name', 'allowedOrigins', 'commissionRateBps', 'rateLimitPerMinute', 'contactEmail'],
        max: { commissionRateBps: platformFeeBps },
        values: {
          name: partner.name,
          allowedOrigins: partner.allowedOrigins,
          commissionRateBps: partner.commissionRateBps,
          rateLimitPerMinute: partner.rateLimitPerMinute,
          contactEmail: partner.contactEmail,
        },
      }) as Actions['update'],
      invite: actionTo(ops, 'invite', 'invitePartnerMember', {
        // Once an invitation waits, inviting again is for someone else (a new one to the same address replaces it).
        title:
          partner.stats.people === 0 && partner.stats.pendingInvites === 0
            ? 'Invite its first person'
            : 'Invite someone',
        description: `They get an e-mail with a link, good for ${INVITE_DAYS} days, to create an account or sign in and join.`,
        params,
        body: PartnerInviteInput,
      }) as Actions['invite'],
      ...(partner.isActive
        ? {
            deactivate: actionTo(ops, 'deactivate', 'updatePartner', {
              title: 'Deactivate',
              description: 'The key stops working on every site at once.',
              params,
              body: PartnerUpdate,
              only: ['isActive'],
              values: { isActive: false },
            }) as Actions['deactivate'],
          }
        : {
            activate: actionTo(ops, 'activate', 'updatePartner', {
              title: 'Activate',
              params,
              body: PartnerUpdate,
              only: ['isActive'],
              values: { isActive: true },
            }) as Actions['activate'],
          }),
    },
  };
}

export function renderPartnerList(ops: Operations, partners: PartnerData[], platformFeeBps: number): PartnerList {
  return {
    items: partners.map((p) => renderPartner(ops, p, platformFeeBps)),
    total: partners.length,
    links: { self: linkTo(ops, 'listPartners') },
    actions: {
      create: actionTo(ops, 'create', 'createPartner', {
        title: 'Create partner',
        body: PartnerCreate,
        max: { commissionRateBps: platformFeeBps },
      }) as PartnerList['actions']['create'],
    },
  };
}
