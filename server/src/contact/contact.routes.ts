import { Hono } from 'hono';
import { personOf } from '../contract/actor';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { throttle } from '../rate-limits/rate-limit';
import { contactApi as api } from './contact.openapi';
import { sendContactMessage } from './contact.service';

export const contactRoutes = new Hono<AppEnv>().post(...endpoint(api.sendContactMessage), async (c) => {
  const userId = personOf(c.get('actor'))?.userId ?? null;
  await throttle(c, 'contact', userId !== null ? `user:${userId}` : undefined);
  const sent = await sendContactMessage(c.get('deps'), c.get('actor'), inputOf(c, api.sendContactMessage).json);
  return c.json({ id: sent.id, receivedAt: sent.receivedAt.toISOString() }, 201);
});
