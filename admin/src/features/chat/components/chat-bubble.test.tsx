import type { ChatEntry, ChatPageLink, ChatState } from '@spotless/sdk/chat';
import { CHAT } from '@spotless/sdk/rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from '../../../lib/router';
import { chatStore } from '../api/chat-store';
import { ChatBubble } from './chat-bubble';
import { ChatMessages } from './chat-messages';

const page = (rel: ChatPageLink['rel'], href: string, title: string): ChatPageLink => ({
  rel,
  href,
  title,
  type: 'text/html',
});

function entry(role: ChatEntry['role'], content: string, extra: Partial<ChatEntry> = {}): ChatEntry {
  return { id: content, role, content, timestamp: '2026-11-24T15:00:00.000Z', pages: [], proposals: [], ...extra };
}

function state(patch: Partial<ChatState>): ChatState {
  return {
    view: 'open',
    sessionId: 'abcdefghijklmnopqrstuvwx',
    messages: [],
    pending: false,
    starting: false,
    unread: false,
    quickReplies: [],
    subtitle: CHAT.online,
    streamingText: null,
    ...patch,
  };
}

const html = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Router ssrPath="/">{node}</Router>
    </QueryClientProvider>,
  );

/** The links of some markup: their class, href and text. */
function links(markup: string) {
  return [...markup.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = '', text]) => {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1]?.replaceAll('&amp;', '&');
    return { class: attr('class'), href: attr('href'), testId: attr('data-testid'), rel: attr('data-rel'), text };
  });
}

describe('the conversation', () => {
  const proposal = {
    name: 'book',
    title: 'Book Ana on Saturday at 10:00',
    method: 'POST',
    href: '/api/bookings',
    type: 'application/json',
    operation: 'createBooking',
    fields: [],
    page: { href: '/booking/7?date=2026-11-28&time=10:00', type: 'text/html', title: 'Book Ana' },
  } as unknown as ChatEntry['proposals'][number];
  const reply = entry('assistant', 'Ana is free: /cleaner/7. <b>Rules</b> at /help-center#cancellation.', {
    pages: [
      page('cleaner', '/cleaner/7', 'Ana Diaz'),
      page('booking', '/booking/7?date=2026-11-28&time=10:00', 'Book Ana on Saturday at 10:00'),
    ],
    proposals: [proposal],
  });
  const out = html(
    <ChatMessages state={state({ messages: [entry('user', 'Who is free?'), reply] })} onFollow={() => {}} />,
  );

  it('lists the messages by role in a polite live region', () => {
    expect(out).toContain('aria-live="polite"');
    expect([...out.matchAll(/data-testid="chat-message" data-role="(\w+)"/g)].map((m) => m[1])).toEqual([
      'user',
      'assistant',
    ]);
  });

  it('makes this site’s paths in the text links and keeps markup as text', () => {
    expect(links(out).filter((link) => !link.class)).toEqual([
      { class: undefined, href: '/cleaner/7', testId: 'chat-link', rel: undefined, text: '/cleaner/7' },
      {
        class: undefined,
        href: '/help-center#cancellation',
        testId: 'chat-link',
        rel: undefined,
        text: '/help-center#cancellation',
      },
    ]);
    expect(out).toContain('&lt;b&gt;Rules&lt;/b&gt;');
    expect(out).not.toContain('<b>');
  });

  it('shows the reply’s pages by name and each proposal once, as a link to its booking page', () => {
    expect(links(out).filter((link) => link.class?.startsWith('btn'))).toEqual([
      {
        class: 'btn btn--primary btn--sm',
        href: '/booking/7?date=2026-11-28&time=10:00',
        testId: 'chat-link',
        rel: undefined,
        text: 'Book Ana on Saturday at 10:00',
      },
      { class: 'btn btn--outline btn--sm', href: '/cleaner/7', testId: 'chat-link', rel: 'cleaner', text: 'Ana Diaz' },
    ]);
  });

  it('shows the typing indicator while a reply is pending, then the text as it streams', () => {
    const typing = html(<ChatMessages state={state({ pending: true })} onFollow={() => {}} />);
    expect(typing).toContain('aria-label="The assistant is typing"');
    const streaming = html(
      <ChatMessages state={state({ pending: true, streamingText: 'Ana is' })} onFollow={() => {}} />,
    );
    expect(streaming).toContain('Ana is');
    expect(streaming).not.toContain('The assistant is typing');
    expect(html(<ChatMessages state={state({})} onFollow={() => {}} />)).not.toContain('chat-typing');
  });
});

describe('the bubble', () => {
  const fetch = vi.fn(async (url: string) => {
    if (url.endsWith('/api/chat/suggestions')) return Response.json({ quickReplies: ['A?', 'B?', 'C?', 'D?'] });
    return Response.json(
      {
        sessionId: 'abcdefghijklmnopqrstuvwx',
        welcomeMessage: 'Hi! I am the Spotless assistant.',
        links: { self: { href: '/api/chat/abcdefghijklmnopqrstuvwx' }, suggestions: { href: '/api/chat/suggestions' } },
        actions: {
          sendMessage: { method: 'POST', href: '/api/chat/abcdefghijklmnopqrstuvwx/message', fields: [] },
          deleteChat: { method: 'DELETE', href: '/api/chat/abcdefghijklmnopqrstuvwx', fields: [] },
        },
      },
      { status: 201 },
    );
  });
  beforeAll(() => void vi.stubGlobal('fetch', fetch));
  afterAll(() => void vi.unstubAllGlobals());

  it('is a named round button, collapsed, until opened', () => {
    const out = html(<ChatBubble />);
    expect(out).toContain('data-testid="chat-bubble"');
    expect(out).toContain('aria-label="Open the assistant chat"');
    expect(out).toContain('aria-expanded="false"');
    expect(out).not.toContain('chat-panel');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens as a labelled panel: welcome message, three quick replies, the message box and Send', async () => {
    await chatStore().open();
    const out = html(<ChatBubble />);
    expect(out).toMatch(
      /<section id="([^"]+)-panel" class="chat-panel" aria-labelledby="\1-title" data-testid="chat-panel"/,
    );
    expect(out).toContain('Spotless Assistant');
    expect(out).toContain(CHAT.online);
    expect(out).toContain('Hi! I am the Spotless assistant.');
    expect([...out.matchAll(/data-testid="chat-quick-reply"/g)]).toHaveLength(3);
    expect(out).toMatch(/<textarea[^>]*maxLength="2000"[^>]*data-testid="chat-input"/);
    expect(out).toMatch(/<button type="submit"[^>]*disabled=""[^>]*data-testid="chat-send">Send<\/button>/);
    expect(out).toContain('aria-label="Minimize the assistant chat"');
    expect(out).toContain('aria-label="Close the assistant chat"');
  });

  it('minimizes to its header with a button to expand it again', () => {
    chatStore().minimize();
    const out = html(<ChatBubble />);
    expect(out).toContain('chat-panel chat-panel--minimized');
    expect(out).toContain('aria-label="Expand the assistant chat"');
    expect(out).not.toContain('chat-input');
    chatStore().close();
  });
});
