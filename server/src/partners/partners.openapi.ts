import { IdParam, Partner, PartnerCreate, PartnerList, PartnerUpdate } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** Partners (decision 048): administrators create and change the sites that embed the widgets. */
export const partnersApi = defineOperations({
  listPartners: {
    method: 'get',
    path: '/admin/partners',
    security: 'admin',
    summary: 'Every partner, with its bookings, revenue and commission (administrators)',
    description:
      "Every partner site, by name, with its publishable key, allowed origins, commission rate, per-minute limit and its figures: bookings, paid bookings, revenue (what customers paid, refunds deducted), commission and chats. Each booking counts at the commission rate in force when it was made. The list's `actions.create` adds a partner.",
    tags: ['partners', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The partners, by name', schema: PartnerList },
    },
  },
  createPartner: {
    method: 'post',
    path: '/admin/partners',
    security: 'admin',
    summary: 'Create a partner (administrators)',
    description:
      'The server makes the publishable key. Allowed origins are origins (`https://realty.example`) or an origin with any port (`http://127.0.0.1:*`).',
    tags: ['partners', 'admin'],
    access: 'admin',
    responses: {
      201: { description: 'The partner', schema: Partner },
    },
    request: { json: PartnerCreate },
  },
  getPartner: {
    method: 'get',
    path: '/admin/partners/:id',
    security: 'admin',
    summary: 'One partner (administrators)',
    description:
      'One partner site with its key, allowed origins, commission rate, limits and figures. `actions.update` changes it; `actions.deactivate` (or `activate`) stops or restarts its key at once.',
    tags: ['partners', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The partner', schema: Partner },
      404: { description: 'No such partner' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  updatePartner: {
    method: 'patch',
    path: '/admin/partners/:id',
    security: 'admin',
    summary: 'Change a partner (administrators)',
    description:
      'A new commission rate applies to bookings made from then on. `isActive: false` stops the key at once.',
    tags: ['partners', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The partner', schema: Partner },
      400: { description: 'Nothing to change, or a malformed field' },
      404: { description: 'No such partner' },
    },
    request: { param: z.object({ id: IdParam }), json: PartnerUpdate },
  },
});
