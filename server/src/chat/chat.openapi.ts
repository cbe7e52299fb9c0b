import {
  ChatHistoryDeleted,
  ChatMessageInput,
  ChatReply,
  ChatSession,
  ChatSessionCreated,
  ChatSessionParam,
  ChatSuggestions,
} from '@spotless/sdk/schemas';
import { defineOperations } from '../contract/operations';

/** The chat assistant's operations (docs/product/assistant.md; decision 047). */
export const chatApi = defineOperations({
  createChatSession: {
    method: 'post',
    path: '/chat/session',
    security: 'public',
    partners: true,
    summary: 'Start a conversation with the assistant',
    description:
      'No body and no token needed. The `sessionId` answered is an unguessable capability: whoever holds it may continue the conversation until it is a signed-in person’s — started signed in, or since one wrote in it — then only that person may (404 for anyone else). A signed-out conversation is deleted 30 days after its last message.',
    tags: ['chat'],
    access: 'public',
    responses: {
      201: { description: 'The new conversation and the welcome message', schema: ChatSessionCreated },
      429: { description: 'Too many new conversations from this address (Retry-After)' },
    },
  },
  getChatSuggestions: {
    method: 'get',
    path: '/chat/suggestions',
    security: 'public',
    partners: true,
    summary: 'Quick replies to offer before the first message',
    description: 'The quick replies a chat window offers before the first message; the window shows the first three.',
    tags: ['chat'],
    access: 'public',
    responses: { 200: { description: 'The quick replies; the bubble shows the first 3', schema: ChatSuggestions } },
  },
  deleteChatHistory: {
    method: 'delete',
    path: '/chat/history',
    security: 'user',
    summary: 'Delete every conversation the signed-in person has had with the assistant',
    description:
      'Deletes every conversation the signed-in person has had with the assistant, and answers how many there were.',
    tags: ['chat'],
    access: 'the signed-in person',
    responses: {
      200: { description: 'How many conversations were deleted', schema: ChatHistoryDeleted },
    },
  },
  getChatSession: {
    method: 'get',
    path: '/chat/:sessionId',
    security: 'public',
    partners: true,
    summary: 'A conversation so far',
    description:
      "A conversation with the assistant so far, oldest message first, with each reply's pages and proposed bookings, so a chat window can be restored after a reload. The session id is the key to a conversation nobody has claimed; once a signed-in person has written in it, only they can read it.",
    tags: ['chat'],
    access: 'whoever holds the session id; a signed-in person’s conversation only to them',
    responses: {
      200: { description: 'The conversation and its messages, oldest first', schema: ChatSession },
      404: { description: 'No such conversation, or not yours' },
    },
    request: { param: ChatSessionParam },
  },
  sendChatMessage: {
    method: 'post',
    path: '/chat/:sessionId/message',
    security: 'public',
    partners: true,
    summary: 'Send a message and get the assistant’s reply',
    description:
      'The reply’s `response` is complete on its own, with relative links (`/cleaner/42`); the same pages come as `links.pages` and proposed bookings as `actions.proposals` (the assistant never books, pays or cancels). A signed-in person’s message makes a conversation that was nobody’s theirs. With `Accept: text/event-stream` the reply streams as server-sent events: `delta` events carry pieces of the text, then one `reply` event carries this object (its `response` is the whole text), or an `error` event.',
    tags: ['chat'],
    access: 'whoever holds the session id; a signed-in person’s conversation only to them',
    responses: {
      200: { description: 'The assistant’s reply', schema: ChatReply },
      400: { description: '`message` is missing, empty or longer than 2000 characters' },
      404: { description: 'No such conversation, or not yours' },
      409: { description: 'The conversation reached its length or token budget: start a new one' },
      429: {
        description: 'More than 30 messages a minute in this conversation, or too many from this address (Retry-After)',
      },
    },
    request: { param: ChatSessionParam, json: ChatMessageInput },
  },
  deleteChatSession: {
    method: 'delete',
    path: '/chat/:sessionId',
    security: 'public',
    partners: true,
    summary: 'Delete a conversation and its messages',
    description:
      'Deletes a conversation with the assistant and every message in it. The same rules as reading it: the session id, and the person once they have written in it.',
    tags: ['chat'],
    access: 'whoever holds the session id; a signed-in person’s conversation only to them',
    responses: { 204: { description: 'Deleted' }, 404: { description: 'No such conversation, or not yours' } },
    request: { param: ChatSessionParam },
  },
});
