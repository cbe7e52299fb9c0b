import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type Chat, type ChatEntry, type ChatState, createChat, replyParts } from '../chat/index';
import { CHAT } from '../rules/chat';
import { MESSAGES } from '../rules/messages';
import { BookingDialog } from './booking';
import { type ChatTarget, chatLinks, chatTarget, plainer } from './chat-links';
import { isKeyRefusal, WidgetError } from './client';
import { Launcher } from './launcher';
import { KeyRefused, report, TopLayer, type WidgetProps } from './shared';

type BookingTarget = Extract<ChatTarget, { kind: 'booking' }>;

/**
 * The chat bubble on a partner's page (its own chunk, loaded when the visitor first opens it):
 * the SDK's framework-free chat store (decision 047) with the partner's key, no cookies, and the
 * conversation kept in this tab. A reply's cleaner or proposed booking opens the partner's own
 * booking widget (for that slot, when proposed); its other pages open on the hosted site, in a new
 * tab (chat-links.ts).
 */
export function ChatWidget(props: WidgetProps & { openAtOnce?: boolean; city?: string }) {
  const { ctx, emit, city } = props;
  const [problem, setProblem] = useState<{ message: string; code: string } | null>(null);
  const [booking, setBooking] = useState<BookingTarget | null>(null);
  // A refusal of the key itself is the page developer's to fix: the chat says it is unavailable,
  // with the server's reason for the developer under it (and `report` logs it), instead of its
  // usual "could not start" toast.
  const refused = useRef(false);
  const chat: Chat = useMemo(() => {
    const send = ctx.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    return createChat({
      baseUrl: ctx.base,
      credentials: 'omit',
      ...(city ? { city } : {}),
      headers: { 'x-spotless-key': ctx.key, ...(ctx.utm ? { 'x-spotless-utm': ctx.utm } : {}) },
      async fetch(input, init) {
        const res = await send(input, init);
        if (res.status === 403 && !refused.current) {
          const body = (await res
            .clone()
            .json()
            .catch(() => null)) as { error?: { code?: string; message?: string } } | null;
          const { code, message } = body?.error ?? {};
          if (code && isKeyRefusal(code) && message) {
            refused.current = true;
            setProblem({ message, code });
            report(emit, new WidgetError(403, message, {}, code));
          }
        }
        return res;
      },
      onError: (toast) => {
        if (!refused.current) emit('error', { message: toast.description, title: toast.title, status: 0 });
      },
    });
  }, [ctx, emit, city]);
  const [state, setState] = useState<ChatState>(chat.getState());
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const seen = useRef(1);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const stop = chat.subscribe(setState);
    if (props.openAtOnce) void chat.open();
    return () => {
      stop();
      chat.destroy();
    };
  }, [chat, props.openAtOnce]);

  // Each assistant reply after the welcome is a `chat:message`, once.
  useEffect(() => {
    const replies = state.messages.filter((m) => m.role === 'assistant');
    for (const reply of replies.slice(Math.max(1, seen.current))) {
      emit('chat:message', { role: 'assistant', content: reply.content });
    }
    seen.current = Math.max(seen.current, replies.length);
  }, [state.messages, emit]);

  // The newest message, or the reply as it streams, stays in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message or streamed piece
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [state.messages.length, state.streamingText, state.view]);

  useEffect(() => {
    if (state.view === 'open') input.current?.focus();
  }, [state.view]);

  const send = () => {
    const message = text;
    setText('');
    void chat.send(message);
  };

  /** A link of a reply: the booking widget here, or the hosted page in a new tab. */
  const follow: Follow = (target, label, className, name) =>
    target.kind === 'booking' ? (
      <button type="button" class={className} onClick={() => setBooking(target)}>
        {label}
      </button>
    ) : (
      <a class={className} href={target.href} target="_blank" rel="noopener" aria-label={name}>
        {label}
      </a>
    );

  const bookingDialog = booking ? (
    <BookingDialog
      ctx={ctx}
      emit={emit}
      cleanerId={booking.cleanerId}
      serviceId={booking.serviceId}
      date={booking.date}
      time={booking.time}
      onClose={() => setBooking(null)}
    />
  ) : null;

  if (state.view !== 'open') {
    return (
      <Launcher
        label={problem ? 'Open chat (unavailable)' : state.unread ? 'Open chat (new message)' : 'Open chat'}
        onOpen={() => void chat.open()}
      />
    );
  }
  return (
    <>
      {bookingDialog}
      <TopLayer>
        <section
          class="sp sp-card sp-chat-panel"
          part="chat-panel"
          aria-label="Spotless assistant"
          onKeyDown={(event) => {
            if (event.key === 'Escape') chat.minimize();
          }}
        >
          <div class="sp-chat-head">
            <div>
              <h2>Spotless Assistant</h2>
              <p>{problem ? CHAT.unavailable : state.subtitle}</p>
            </div>
            <button type="button" class="sp-button" aria-label="Minimize chat" onClick={() => chat.minimize()}>
              –
            </button>
          </div>
          <div ref={log} class="sp-chat-log" aria-live="polite">
            {problem ? (
              <KeyRefused visitor={MESSAGES.partner.chatUnavailable} message={problem.message} code={problem.code} />
            ) : null}
            {state.messages.map((m) => (
              <Message key={m.id} entry={m} base={ctx.base} follow={follow} />
            ))}
            {state.streamingText ? <div class="sp-msg sp-msg--assistant">{state.streamingText}</div> : null}
            {state.quickReplies.length > 0 ? (
              <div class="sp-badges">
                {state.quickReplies.map((reply) => (
                  <button key={reply} type="button" class="sp-slot" onClick={() => chat.sendQuickReply(reply)}>
                    {reply}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <form
            class="sp-chat-form"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <label class="sp-visually-hidden" for="sp-chat-input">
              Message
            </label>
            <textarea
              id="sp-chat-input"
              ref={input}
              class="sp-input"
              rows={1}
              value={text}
              maxLength={CHAT.messageMaxLength}
              disabled={state.pending || problem !== null}
              placeholder="Type your message…"
              onInput={(e) => setText(e.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  send();
                }
              }}
            />
            <button type="submit" class="sp-button" disabled={state.pending || problem !== null || text.trim() === ''}>
              Send
            </button>
          </form>
        </section>
      </TopLayer>
    </>
  );
}

type Follow = (target: ChatTarget, label: ComponentChildren, className: string, name?: string) => ComponentChildren;

/**
 * One message: its text, each page it names linked where it names it, then as buttons the
 * proposals and pages the text does not name: every link once. The text names a page before its
 * address ("Find a cleaner: /cleaners"), so a cleaner or a booking is linked by its title (the
 * cleaner's name), and a page of the hosted site by its title ("My Bookings"), opening on Spotless in a
 * new tab (a page without a title reads "open on Spotless").
 */
function Message(props: { entry: ChatEntry; base: string; follow: Follow }) {
  const { entry, base, follow } = props;
  const links = chatLinks(entry, base);
  const parts = plainer(replyParts(entry.content), links);
  const inline = new Set(parts.flatMap((part) => (part.kind === 'link' ? [part.href] : [])));
  const buttons = links.filter((link) => !inline.has(link.href));
  return (
    <div class={`sp-msg sp-msg--${entry.role}`}>
      {parts.map((part, i) => {
        if (part.kind === 'text') return part.text;
        const link = links.find((l) => l.href === part.href);
        const target = link?.target ?? chatTarget(part.href, entry.proposals, base);
        const title = part.label ?? link?.title ?? part.href;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, in order
          <span key={i}>
            {target.kind === 'page'
              ? follow(
                  target,
                  title === part.href ? 'open on Spotless' : title,
                  'sp-link',
                  `${title} on Spotless (new tab)`,
                )
              : follow(target, title, 'sp-link')}
          </span>
        );
      })}
      {buttons.length > 0 ? (
        <div class="sp-badges sp-msg-actions">
          {buttons.map((button) => (
            <span key={button.href}>
              {follow(
                button.target,
                button.title,
                button.primary ? 'sp-button sp-button--small' : 'sp-button sp-button--ghost sp-button--small',
              )}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
