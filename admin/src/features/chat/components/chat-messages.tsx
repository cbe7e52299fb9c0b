import { type ChatEntry, type ChatState, replyLinks, replyParts } from '@spotless/sdk/chat';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router';

/**
 * The conversation: the person's messages and the assistant's replies, each reply's pages and
 * proposed bookings as buttons (the server's links and actions, not parsed from the text), and
 * the typing indicator. New replies are announced politely.
 */
export function ChatMessages({ state, onFollow }: { state: ChatState; onFollow: () => void }) {
  const end = useRef<HTMLDivElement>(null);
  const last = useRef<HTMLLIElement>(null);
  const count = state.messages.length;
  const streaming = state.streamingText;
  const lastRole = state.messages.at(-1)?.role;
  // A finished reply shows from its start (a long list opened at its end, its cleaners out of
  // view); the person's message, the typing dots and a streaming reply keep the end in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message or streamed piece
  useEffect(() => {
    if (!state.pending && lastRole === 'assistant') last.current?.scrollIntoView?.({ block: 'start' });
    else end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, streaming, state.pending]);

  return (
    <div className="chat-panel__messages">
      <ol className="chat-panel__list" aria-live="polite" aria-relevant="additions" aria-label="Conversation">
        {state.messages.map((message, i) => (
          <li
            key={message.id}
            ref={i === count - 1 ? last : undefined}
            className={`chat-message chat-message--${message.role}`}
            data-testid="chat-message"
            data-role={message.role}
          >
            <span className="visually-hidden">{message.role === 'user' ? 'You said:' : 'Assistant:'}</span>
            <p className="chat-message__text">
              <MessageText text={message.content} onFollow={onFollow} />
            </p>
            <Actions message={message} onFollow={onFollow} />
          </li>
        ))}
      </ol>
      {state.pending ? (
        <div className="chat-message chat-message--assistant chat-message--typing">
          {streaming ? (
            <p className="chat-message__text">{streaming}</p>
          ) : (
            <span className="chat-typing" role="img" aria-label="The assistant is typing">
              <span />
              <span />
              <span />
            </span>
          )}
        </div>
      ) : null}
      <div ref={end} />
    </div>
  );
}

function MessageText({ text, onFollow }: { text: string; onFollow: () => void }) {
  return (
    <>
      {replyParts(text).map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, in order
          <span key={i}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, in order
          <Link key={i} to={part.href} onClick={onFollow} data-testid="chat-link">
            {part.href}
          </Link>
        ),
      )}
    </>
  );
}

/** The reply's buttons: its proposed bookings, then its other pages, each once (`replyLinks`). */
function Actions({ message, onFollow }: { message: ChatEntry; onFollow: () => void }) {
  const links = replyLinks(message);
  if (links.length === 0) return null;
  return (
    <div className="chat-message__actions">
      {links.map((link) => (
        <Link
          key={link.href}
          to={link.href}
          className={link.primary ? 'btn btn--primary btn--sm' : 'btn btn--outline btn--sm'}
          onClick={onFollow}
          data-testid="chat-link"
          data-rel={link.rel}
        >
          {link.title}
        </Link>
      ))}
    </div>
  );
}
