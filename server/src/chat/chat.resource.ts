import {
  BookingCreateInput,
  type ChatMessage,
  ChatMessageInput,
  type ChatReply,
  type ChatSession,
  type ChatSessionCreated,
  type ChatSuggestions,
} from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, pageLink } from '../contract/hypermedia';
import type { ChatMessageRow } from './chat.queries';
import type { ChatStarted, ChatTurn, ChatView } from './chat.service';
import type { PageRef, ProposalRef } from './links';

/** The chat's resources (decision 047): the product's fields, with links and actions. */

function chatControls(ops: Operations, sessionId: string) {
  return {
    links: {
      self: linkTo(ops, 'getChatSession', { sessionId }),
      suggestions: linkTo(ops, 'getChatSuggestions'),
    },
    actions: {
      sendMessage: actionTo(ops, 'sendMessage', 'sendChatMessage', {
        title: 'Send',
        params: { sessionId },
        body: ChatMessageInput,
      }) as ChatSessionCreated['actions']['sendMessage'],
      deleteChat: actionTo(ops, 'deleteChat', 'deleteChatSession', {
        title: 'Delete this conversation',
        params: { sessionId },
      }) as ChatSessionCreated['actions']['deleteChat'],
    },
  };
}

export function renderChatStarted(ops: Operations, started: ChatStarted): ChatSessionCreated {
  return {
    sessionId: started.sessionId,
    welcomeMessage: started.welcomeMessage,
    ...chatControls(ops, started.sessionId),
  };
}

/** A proposed booking: the booking form's action with the cleaner, service and start filled in. */
function renderProposal(ops: Operations, proposal: ProposalRef, title: string) {
  return {
    ...(actionTo(ops, 'book', 'createBooking', {
      title,
      body: BookingCreateInput,
      values: {
        cleanerId: proposal.cleanerId,
        ...(proposal.serviceId === null ? {} : { serviceId: proposal.serviceId }),
        scheduledDate: proposal.date,
        scheduledTime: proposal.time,
      },
      types: { scheduledDate: 'date', scheduledTime: 'time' },
    }) as Omit<ChatMessage['actions']['proposals'][number], 'page'>),
    page: pageLink(proposal.href, title),
  };
}

function attachmentsOf(row: ChatMessageRow): { pages: PageRef[]; proposals: ProposalRef[] } {
  const stored = (row.attachments ?? {}) as { pages?: PageRef[]; proposals?: ProposalRef[] };
  return { pages: stored.pages ?? [], proposals: stored.proposals ?? [] };
}

export function renderChatMessage(ops: Operations, row: ChatMessageRow): ChatMessage {
  const { pages, proposals } = attachmentsOf(row);
  const titleOf = (p: ProposalRef) => pages.find((page) => page.href === p.href)?.title ?? 'Book this time';
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    links: { pages: pages.map((p) => ({ ...pageLink(p.href, p.title), rel: p.rel })) },
    actions: { proposals: proposals.map((p) => renderProposal(ops, p, titleOf(p))) },
  };
}

export function renderChatReply(ops: Operations, sessionId: string, turn: ChatTurn): ChatReply {
  const message = renderChatMessage(ops, turn.reply);
  const controls = chatControls(ops, sessionId);
  return {
    response: turn.text,
    message,
    links: { ...controls.links, pages: message.links.pages },
    actions: { ...controls.actions, proposals: message.actions.proposals },
  };
}

export function renderChatSession(ops: Operations, view: ChatView): ChatSession {
  return {
    sessionId: view.sessionId,
    welcomeMessage: view.welcomeMessage,
    createdAt: view.createdAt.toISOString(),
    messages: view.messages.map((m) => renderChatMessage(ops, m)),
    ...chatControls(ops, view.sessionId),
  };
}

export function renderChatSuggestions(ops: Operations, quickReplies: string[]): ChatSuggestions {
  return {
    quickReplies,
    links: { self: linkTo(ops, 'getChatSuggestions'), startChat: linkTo(ops, 'createChatSession') },
  };
}
