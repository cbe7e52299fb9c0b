import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type Chat, type ChatState, createChat } from '../chat/index';
import { CHAT } from '../rules/chat';
import { TopLayer, type WidgetProps } from './shared';

/**
 * The chat bubble on a partner's page (its own chunk, loaded when the visitor first opens it):
 * the SDK's framework-free chat store (decision 047) with the partner's key, no cookies, and the
 * conversation kept in this tab. Replies' links open on the hosted site.
 */
export function ChatWidget(props: WidgetProps & { openAtOnce?: boolean }) {
  const { ctx, emit } = props;
  const chat: Chat = useMemo(
    () =>
      createChat({
        baseUrl: ctx.base,
        credentials: 'omit',
        headers: { 'x-spotless-key': ctx.key, ...(ctx.utm ? { 'x-spotless-utm': ctx.utm } : {}) },
        onError: (toast) => emit('error', { message: toast.description, title: toast.title, status: 0 }),
        ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
      }),
    [ctx, emit],
  );
  const [state, setState] = useState<ChatState>(chat.getState());
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const seen = useRef(1);

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

  useEffect(() => {
    if (state.view === 'open') input.current?.focus();
  }, [state.view]);

  const send = () => {
    const message = text;
    setText('');
    void chat.send(message);
  };

  if (state.view !== 'open') {
    return (
      <TopLayer class="sp">
        <button
          ref={launcher}
          type="button"
          class="sp-button sp-chat-launcher"
          part="chat-launcher"
          aria-label={state.unread ? 'Open chat (new message)' : 'Open chat'}
          onClick={() => void chat.open()}
        >
          ?
        </button>
      </TopLayer>
    );
  }
  return (
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
            <p>{state.subtitle}</p>
          </div>
          <button type="button" class="sp-button" aria-label="Minimize chat" onClick={() => chat.minimize()}>
            –
          </button>
        </div>
        <div class="sp-chat-log" aria-live="polite">
          {state.messages.map((m) => (
            <div key={m.id} class={`sp-msg sp-msg--${m.role}`}>
              {m.content}
              {m.pages.length > 0 ? (
                <div class="sp-badges">
                  {m.pages.map((page) => (
                    <a key={page.href} href={new URL(page.href, ctx.base).href} target="_blank" rel="noopener">
                      {page.title ?? page.href}
                    </a>
                  ))}
                </div>
              ) : null}
            </div>
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
            disabled={state.pending}
            placeholder="Type your message…"
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                send();
              }
            }}
          />
          <button type="submit" class="sp-button" disabled={state.pending || text.trim() === ''}>
            Send
          </button>
        </form>
      </section>
    </TopLayer>
  );
}
