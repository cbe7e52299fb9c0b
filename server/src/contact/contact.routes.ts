import { Hono } from 'hono';
import { getUser } from '../auth/guards';
import { throttle } from '../auth/rate-limit';
import type { AppEnv } from '../deps';
import { endpoint, inputOf } from '../lib/operations';

import { contactApi as api } from './contact.openapi';
import { sendContactMessage } from './contact.service';

export const contactRoutes = new Hono<AppEnv>().post(...endpoint(api.sendContactMessage), async (c) => {
  const user = getUser(c);
  await throttle(c, 'contact', user ? `user:${user.id}` : undefined);
  const sent = await sendContactMessage(
    c.var.deps,
    { userId: user?.id ?? null },
    inputOf(c, api.sendContactMessage).json,
  );
  return c.json({ id: sent.id, receivedAt: sent.receivedAt.toISOString() }, 201);
});
