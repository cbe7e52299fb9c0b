import { ContactMessageCreated, ContactMessageInput } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { contactMessages } from '../db/schema';
import type { AppEnv } from '../deps';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { enqueueNotification } from '../notifications/outbox';

/** Where contact-form messages are delivered (through the outbox). */
export const SUPPORT_INBOX = 'support@spotless.example';

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  describe({
    summary: 'Send a message to support from the contact form',
    tags: ['contact'],
    access: 'public',
    responses: {
      201: { description: 'Stored and queued for support', schema: ContactMessageCreated },
      400: { description: 'A field is missing or invalid; `fields` names each' },
    },
  }),
  valid('json', ContactMessageInput),
  async (c) => {
    const input = c.req.valid('json');
    const { database, clock } = c.var.deps;
    const now = clock.now();
    const created = await database.write(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...input, createdAt: now })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('contact message insert returned no row');
      await enqueueNotification(tx, now, {
        type: 'contact_message',
        recipientEmail: SUPPORT_INBOX,
        subject: `[Contact] ${input.subject}`,
        body: `From ${input.firstName} ${input.lastName} <${input.email}>\n\n${input.message}`,
        payload: { contactMessageId: row.id, replyTo: input.email },
      });
      return row;
    });
    return c.json({ id: created.id, receivedAt: now.toISOString() }, 201);
  },
);
