import { Hono } from 'hono';
import { userIdOf } from '../contract/actor';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { throttle } from '../rate-limits/rate-limit';
import { messagesApi as api } from './messages.openapi';
import { renderThread, renderUnread } from './messages.resource';
import { getThread, markRead, postMessage, reportMessage, unreadMessages } from './messages.service';

/** Messages on a booking (decision 087). */
export const messagesRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getUnreadMessages), async (c) =>
    c.json(renderUnread(c.get('operations'), await unreadMessages(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.listBookingMessages), async (c) => {
    const { id } = inputOf(c, api.listBookingMessages).param;
    return c.json(renderThread(c.get('operations'), await getThread(c.get('deps'), c.get('actor'), id)));
  })
  .post(...endpoint(api.markBookingMessagesRead), async (c) => {
    const { id } = inputOf(c, api.markBookingMessagesRead).param;
    return c.json(renderThread(c.get('operations'), await markRead(c.get('deps'), c.get('actor'), id)));
  })
  .post(...endpoint(api.postBookingMessage), async (c) => {
    const input = inputOf(c, api.postBookingMessage);
    const actor = c.get('actor');
    const thread = await postMessage(c.get('deps'), actor, input.param.id, input.json, () =>
      throttle(c, 'bookingMessage', `user:${userIdOf(actor) ?? 0}`),
    );
    return c.json(renderThread(c.get('operations'), thread), 201);
  })
  .post(...endpoint(api.reportBookingMessage), async (c) => {
    const input = inputOf(c, api.reportBookingMessage);
    const thread = await reportMessage(
      c.get('deps'),
      c.get('actor'),
      input.param.id,
      input.param.messageId,
      input.json,
    );
    return c.json(renderThread(c.get('operations'), thread), 201);
  });
