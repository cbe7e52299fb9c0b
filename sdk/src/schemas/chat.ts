import { z } from 'zod';
import { CHAT, isTimeZone } from '../rules/chat';
import { MESSAGES } from '../rules/messages';
import { actionOf, linkTo, PageLink } from './hypermedia';

/**
 * The chat assistant (docs/product/assistant.md; decision 047). The product's fields stay at the
 * top level — `sessionId` and `welcomeMessage`, `response`, `quickReplies` — and every answer also
 * carries links and actions, so a client renders buttons without parsing text.
 */

export const ChatSessionParam = z.object({
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,64}$/, 'is not a chat session id')
    .meta({ description: 'the id `POST /api/chat/session` answered' }),
});

const chatActions = z
  .object({
    sendMessage: actionOf('sendMessage', 'POST', 'sendChatMessage'),
    deleteChat: actionOf('deleteChat', 'DELETE', 'deleteChatSession'),
  })
  .meta({ id: 'ChatActions' });

const chatLinks = z
  .object({
    self: linkTo('getChatSession'),
    suggestions: linkTo('getChatSuggestions'),
  })
  .meta({ id: 'ChatLinks' });

/** A page of this site a reply points to: a cleaner, a listing, a booking page, a help article. */
export const ChatPageLink = PageLink.extend({
  rel: z
    .enum(['cleaner', 'listing', 'booking', 'bookings', 'article', 'page'])
    .meta({ description: 'what the page is: a cleaner profile, a search listing, a booking page, …' }),
}).meta({ id: 'ChatPageLink' });
export type ChatPageLink = z.infer<typeof ChatPageLink>;

/**
 * A booking the assistant proposes: the `createBooking` action with the cleaner, service and
 * start filled in. It never books by itself — the person opens the booking page (`links.page`)
 * or fills in the rest and sends it.
 */
export const ChatProposal = actionOf('book', 'POST', 'createBooking')
  .extend({ page: PageLink })
  .meta({ id: 'ChatProposal' });
export type ChatProposal = z.infer<typeof ChatProposal>;

export const ChatMessageRole = z.enum(['user', 'assistant']);

/** A chat message (docs/product/assistant.md), with the pages and proposals of an assistant reply. */
export const ChatMessage = z
  .object({
    id: z.number().int(),
    role: ChatMessageRole,
    content: z.string(),
    timestamp: z.string().meta({ description: 'ISO 8601 UTC' }),
    links: z.object({ pages: z.array(ChatPageLink) }),
    actions: z.object({ proposals: z.array(ChatProposal) }),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** `POST /api/chat/session`: the product's `sessionId` and `welcomeMessage`. */
export const ChatSessionCreated = z
  .object({
    sessionId: z.string().meta({ description: 'an unguessable capability (144 random bits)' }),
    welcomeMessage: z.string(),
    links: chatLinks,
    actions: chatActions,
  })
  .meta({ id: 'ChatSessionCreated' });
export type ChatSessionCreated = z.infer<typeof ChatSessionCreated>;

/** `GET /api/chat/{sessionId}`: the conversation so far, to restore a bubble after a reload. */
export const ChatSession = ChatSessionCreated.extend({
  messages: z.array(ChatMessage),
  createdAt: z.string(),
}).meta({ id: 'ChatSession' });
export type ChatSession = z.infer<typeof ChatSession>;

export const ChatMessageInput = z
  .object({
    message: z
      .string({ error: MESSAGES.chat.messageRequired })
      .trim()
      .min(1, MESSAGES.chat.messageRequired)
      .max(CHAT.messageMaxLength, MESSAGES.chat.messageTooLong),
    timeZone: z.string().max(64).refine(isTimeZone, MESSAGES.chat.timeZoneInvalid).optional().meta({
      description:
        'The asker’s IANA time zone (the browser’s, e.g. America/Denver), to read “tomorrow” or “Saturday morning” in; without it, the named city’s zone',
    }),
    city: z.string().trim().min(1, MESSAGES.chat.cityUnknown).max(60, MESSAGES.chat.cityUnknown).optional().meta({
      description:
        'The city the page is about (a partner page’s `data-city`, e.g. Denver): where “near here” or “anyone free Saturday?” looks when the message names no place. One of the cities Spotless serves (400 naming `city` otherwise).',
    }),
  })
  .meta({ id: 'ChatMessageInput' });
export type ChatMessageInput = z.input<typeof ChatMessageInput>;

/**
 * `POST /api/chat/{sessionId}/message`: the product's `response` — complete on its own, with
 * relative URLs — and the same targets as links and proposals. With `Accept: text/event-stream`
 * the text comes as `delta` events first and this object as the final `reply` event.
 */
export const ChatReply = z
  .object({
    response: z.string(),
    message: ChatMessage,
    links: chatLinks.extend({ pages: z.array(ChatPageLink) }),
    actions: chatActions.extend({ proposals: z.array(ChatProposal) }),
  })
  .meta({ id: 'ChatReply' });
export type ChatReply = z.infer<typeof ChatReply>;

export const ChatSuggestions = z
  .object({
    quickReplies: z.array(z.string()).meta({ description: 'the bubble shows the first 3' }),
    links: z.object({ self: linkTo('getChatSuggestions'), startChat: linkTo('createChatSession') }),
  })
  .meta({ id: 'ChatSuggestions' });
export type ChatSuggestions = z.infer<typeof ChatSuggestions>;

export const ChatHistoryDeleted = z.object({ deletedSessions: z.number().int() }).meta({ id: 'ChatHistoryDeleted' });
