import { ContactMessageCreated, ContactMessageInput } from '@spotless/sdk/schemas';
import { defineOperations } from '../contract/operations';

/** The contact operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const contactApi = defineOperations({
  sendContactMessage: {
    method: 'post',
    path: '/contact',
    security: 'public',
    summary: 'Send a message to support from the contact form',
    description:
      'Sends a message to support from the contact form: a first and last name, an e-mail address to answer, a subject and the message. It is stored and queued for support through the outbox in one transaction; messages are limited per account and per client address.',
    tags: ['contact'],
    access: 'public',
    responses: {
      201: { description: 'Stored and queued for support', schema: ContactMessageCreated },
      429: { description: 'Too many messages from this account or address (Retry-After)' },
    },
    request: { json: ContactMessageInput },
  },
});
