import { ContactMessageCreated, ContactMessageInput } from '@spotless/sdk/schemas';
import { defineOperations } from '../contract/operations';

/** The contact operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const contactApi = defineOperations({
  sendContactMessage: {
    method: 'post',
    path: '/contact',
    security: 'public',
    summary: 'Send a message to support from the contact form',
    tags: ['contact'],
    access: 'public',
    responses: {
      201: { description: 'Stored and queued for support', schema: ContactMessageCreated },
      429: { description: 'Too many messages from this account or address (Retry-After)' },
    },
    request: { json: ContactMessageInput },
  },
});
