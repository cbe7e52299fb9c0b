import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../contract/errors';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { throttle } from '../rate-limits/rate-limit';
import { chatApi as api } from './chat.openapi';
import { renderChatReply, renderChatSession, renderChatStarted, renderChatSuggestions } from './chat.resource';
import {
  answerTurn,
  chatSuggestions,
  deleteChat,
  deleteChatHistory,
  getChat,
  openTurn,
  startChat,
  storedChatId,
} from './chat.service';

export const chatRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createChatSession), async (c) => {
    await throttle(c, 'chatSession');
    return c.json(renderChatStarted(c.get('operations'), await startChat(c.get('deps'), c.get('actor'))), 201);
  })
  .get(...endpoint(api.getChatSuggestions), (c) =>
    c.json(renderChatSuggestions(c.get('operations'), chatSuggestions(c.get('actor')))),
  )
  .delete(...endpoint(api.deleteChatHistory), async (c) =>
    c.json(await deleteChatHistory(c.get('deps'), c.get('actor'))),
  )
  .get(...endpoint(api.getChatSession), async (c) => {
    const { sessionId } = inputOf(c, api.getChatSession).param;
    return c.json(renderChatSession(c.get('operations'), await getChat(c.get('deps'), c.get('actor'), sessionId)));
  })
  .post(...endpoint(api.sendChatMessage), async (c) => {
    const { param, json } = inputOf(c, api.sendChatMessage);
    const { deps, actor, operations } = c.var;
    await throttle(c, 'chatMessage', `session:${storedChatId(param.sessionId)}`);
    await throttle(c, 'chatMessageAddress');
    const turn = await openTurn(deps, actor, param.sessionId);
    const siteOrigin = new URL(deps.config.publicUrl).origin;
    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      const answered = await answerTurn(deps, turn, json.message, {
        siteOrigin,
        signal: c.req.raw.signal,
        timeZone: json.timeZone,
        city: json.city,
      });
      return c.json(renderChatReply(operations, param.sessionId, answered));
    }
    return streamSSE(c, async (stream) => {
      try {
        const answered = await answerTurn(deps, turn, json.message, {
          siteOrigin,
          signal: c.req.raw.signal,
          timeZone: json.timeZone,
          city: json.city,
          onDelta: (text) => void stream.writeSSE({ event: 'delta', data: JSON.stringify({ text }) }),
        });
        await stream.writeSSE({
          event: 'reply',
          data: JSON.stringify(renderChatReply(operations, param.sessionId, answered)),
        });
      } catch (error) {
        const known = error instanceof AppError;
        if (!known)
          deps.logger.error('chat reply failed', { error: error instanceof Error ? error.stack : String(error) });
        const body = known
          ? { error: { code: error.code, message: error.message } }
          : { error: { code: 'internal_error', message: 'The assistant could not answer. Please try again.' } };
        await stream.writeSSE({ event: 'error', data: JSON.stringify(body) });
      }
    });
  })
  .delete(...endpoint(api.deleteChatSession), async (c) => {
    await deleteChat(c.get('deps'), c.get('actor'), inputOf(c, api.deleteChatSession).param.sessionId);
    return c.body(null, 204);
  });
