import {
  AcceptPartnerInviteInput,
  IdParam,
  PageQuery,
  PartnerBooking,
  PartnerBookingPage,
  PartnerInviteInput,
  PartnerInvitePreview,
  PartnerInvitePreviewInput,
  PartnerOriginsInput,
  PartnerPortal,
  PartnerPortalList,
  PartnerStatement,
  PartnerStatementList,
  RotateKeyInput,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

const PortalParam = z.object({ id: IdParam });
const InviteParams = z.object({ id: IdParam, inviteId: IdParam });
const PEOPLE = 'the partner’s people, admin';

/** A partner's own portal (decision 081): its people manage the partner and read what it earned. */
export const partnerPortalApi = defineOperations({
  listMyPartners: {
    method: 'get',
    path: '/partner-portal',
    security: 'user',
    summary: 'The partners whose portal the signed-in person may open',
    description: 'The partners the person is a member of (an invitation made them one); each links to its portal.',
    tags: ['partner portal'],
    access: 'signed-in user',
    responses: { 200: { description: 'Their partners', schema: PartnerPortalList } },
  },
  getPartnerPortal: {
    method: 'get',
    path: '/partner-portal/:id',
    security: 'user-or-admin',
    summary: 'A partner’s portal: its key, origins, rate and people',
    description:
      'The publishable key (and the previous one while its grace lasts), the allowed origins, the commission rate, its people and open invitations; `links` to its bookings, statements, webhooks and delivery log; `actions` to change the origins, rotate the key and invite a colleague. Anyone who is not one of its people (nor an administrator) is told it does not exist.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The portal', schema: PartnerPortal },
      404: { description: 'No such partner of yours' },
    },
    request: { param: PortalParam },
  },
  updatePartnerOrigins: {
    method: 'put',
    path: '/partner-portal/:id/origins',
    security: 'user-or-admin',
    summary: 'Replace the origins whose pages may use the partner’s key',
    description:
      'Origins (`https://realty.example`) or an origin with any port (`http://127.0.0.1:*`), each trimmed, lower-cased and without a trailing slash before it is checked (`HTTPS://Realty.Example/` is stored as `https://realty.example`); duplicates dropped. An empty list stops the key on every page. Audited.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The portal', schema: PartnerPortal },
      400: { description: 'A malformed origin, named by its index' },
      404: { description: 'No such partner of yours' },
    },
    request: { param: PortalParam, json: PartnerOriginsInput },
  },
  rotatePartnerKey: {
    method: 'post',
    path: '/partner-portal/:id/key',
    security: 'user-or-admin',
    summary: 'Rotate the partner’s publishable key, keeping the old one for a grace period',
    description:
      'A new key; the old one keeps working for `graceHours` (required: a whole number from 0 to 168; 0 stops it at once) while the pages that carry it are changed. Rotating again ends the previous grace. Audited.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The portal with its new key', schema: PartnerPortal },
      400: { description: '`graceHours` missing, not a whole number, or outside 0 to 168' },
      404: { description: 'No such partner of yours' },
    },
    request: { param: PortalParam, json: RotateKeyInput },
  },
  invitePartnerMember: {
    method: 'post',
    path: '/partner-portal/:id/invites',
    security: 'user-or-admin',
    summary: 'Invite someone to the partner’s portal',
    description:
      'E-mails a single-use link, good for 7 days, that makes the account it is accepted with one of the partner’s people. An administrator invites the first; they invite their colleagues. A pending invitation to the same address is replaced: its link stops working.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      201: { description: 'The portal with the invitation', schema: PartnerPortal },
      404: { description: 'No such partner of yours' },
    },
    request: { param: PortalParam, json: PartnerInviteInput },
  },
  resendPartnerInvite: {
    method: 'post',
    path: '/partner-portal/:id/invites/:inviteId/resend',
    security: 'user-or-admin',
    summary: 'Send a pending invitation again',
    description:
      'A new link, good for 7 days from now, e-mailed to the same address; the link sent before stops working. Audited.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The portal', schema: PartnerPortal },
      404: { description: 'No such partner of yours, or no such pending invitation of it' },
    },
    request: { param: InviteParams },
  },
  revokePartnerInvite: {
    method: 'delete',
    path: '/partner-portal/:id/invites/:inviteId',
    security: 'user-or-admin',
    summary: 'Withdraw a pending invitation',
    description: 'Its link stops working. Audited.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The portal', schema: PartnerPortal },
      404: { description: 'No such partner of yours, or no such pending invitation of it' },
    },
    request: { param: InviteParams },
  },
  removePartnerMember: {
    method: 'delete',
    path: '/partner-portal/:id/members/:memberId',
    security: 'user-or-admin',
    summary: 'Remove one of the partner’s people',
    description:
      'Their account stays; their access to the portal goes. One of its people may remove anyone, themselves too, but not the last of them (409 `last_member`); an administrator may remove anyone. Audited.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      204: { description: 'Removed' },
      404: { description: 'No such partner of yours, or no such member of it' },
      409: { description: 'The last of the partner’s people may not remove themselves' },
    },
    request: { param: z.object({ id: IdParam, memberId: IdParam }) },
  },
  previewPartnerInvite: {
    method: 'post',
    path: '/partner-invites/preview',
    security: 'public',
    summary: 'What an invitation opens: the partner’s name',
    description:
      'For whoever holds the link, signed in or not: the name of the partner whose portal it joins, and nothing else of it; `actions.accept` for a signed-in person. An unknown, used or expired token is 404. The token is sent in the body, never in a URL a log would keep.',
    tags: ['partner portal'],
    access: 'the holder of the invitation',
    responses: {
      200: { description: 'The invitation', schema: PartnerInvitePreview },
      404: { description: 'The invitation is not valid' },
    },
    request: { json: PartnerInvitePreviewInput },
  },
  acceptPartnerInvite: {
    method: 'post',
    path: '/partner-invites/accept',
    security: 'user',
    summary: 'Accept an invitation to a partner’s portal',
    description: 'The signed-in person becomes one of the partner’s people. An unknown, used or expired token is 404.',
    tags: ['partner portal'],
    access: 'signed-in user holding the invitation',
    responses: {
      200: { description: 'Their partners', schema: PartnerPortalList },
      404: { description: 'The invitation is not valid' },
    },
    request: { json: AcceptPartnerInviteInput },
  },
  listPartnerBookings: {
    method: 'get',
    path: '/partner-portal/:id/bookings',
    security: 'user-or-admin',
    summary: 'The bookings the partner’s widgets brought, newest first',
    description:
      'What a partner needs of each — date, city, service, amount, status and the commission it earns — and nothing of the guest’s (no name, e-mail, phone or address).',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'A page of bookings', schema: PartnerBookingPage },
      404: { description: 'No such partner of yours' },
    },
    request: { param: PortalParam, query: PageQuery },
  },
  getPartnerBooking: {
    method: 'get',
    path: '/partner-portal/:id/bookings/:bookingId',
    security: 'user-or-admin',
    summary: 'One booking the partner’s widgets brought',
    tags: ['partner portal'],
    description: 'As the list shows it; any other booking is 404.',
    access: PEOPLE,
    responses: {
      200: { description: 'The booking', schema: PartnerBooking },
      404: { description: 'No such booking of this partner' },
    },
    request: { param: z.object({ id: IdParam, bookingId: IdParam }) },
  },
  listPartnerStatements: {
    method: 'get',
    path: '/partner-portal/:id/statements',
    security: 'user-or-admin',
    summary: 'The partner’s monthly statements: commission accrued, paid and payable',
    description:
      'Per calendar month (UTC): `accrued` (commissions less what refunds took back), `paid` (paid out, less reversals) and `payable`. Each month links to its lines.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The months, newest first', schema: PartnerStatementList },
      404: { description: 'No such partner of yours' },
    },
    request: { param: PortalParam },
  },
  getPartnerStatement: {
    method: 'get',
    path: '/partner-portal/:id/statements/:month',
    security: 'user-or-admin',
    summary: 'One month’s statement, line by line',
    description: 'Every line of the partner’s account that month (commission, refund, payout, reversal), oldest first.',
    tags: ['partner portal'],
    access: PEOPLE,
    responses: {
      200: { description: 'The statement', schema: PartnerStatement },
      400: { description: 'The month is not YYYY-MM' },
      404: { description: 'No such partner of yours' },
    },
    request: {
      param: z.object({ id: IdParam, month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM') }),
    },
  },
});
