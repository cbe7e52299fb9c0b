import { ContactMessageCreated, ContactMessageInput } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { getUser } from '../auth/guards';
import { throttle } from '../auth/rate-limit';
import type { AppEnv } from '../deps';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { sendContactMessage } from './contact.service';

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  describe({
    operationId: 'sendContactMessage',
    security: 'public',
    summary: 'Send a message to support from the contact form',
    tags: ['contact'],
    access: 'public',
    responses: {
      201: { description: 'Stored and queued for support', schema: ContactMessageCreated },
      400: { description: 'A field is missing or invalid; `fields` names each' },
      429: { description: 'Too many messages from this account or address (Retry-After)' },
    },
  }),
  valid('json', ContactMessageInput),
  async (c) => {
    const user = getUser(c);
    await throttle(c, 'contact', user ? `user:${user.id}` : undefined);
    const sent = await sendContactMessage(c.var.deps, { userId: user?.id ?? null }, c.req.valid('json'));
    return c.json({ id: sent.id, receivedAt: sent.receivedAt.toISOString() }, 201);
  },
);
