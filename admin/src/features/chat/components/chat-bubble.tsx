import '../chat.css';
import type { ChatState } from '@spotless/sdk/chat';
import { CHAT } from '@spotless/sdk/rules';
import { type KeyboardEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { ChevronIcon, CloseIcon, SparkleIcon } from '../../../components/icons';
import { useCurrentUser } from '../../../lib/auth';
import { chatStore, followSignedIn } from '../api/chat-store';
import { ChatMessages } from './chat-messages';

/**
 * The floating assistant on every page (docs/product/assistant.md): a round button (closed; a
 * pulsing red dot when a reply is unread), the panel (open, 384 × 500 px) or its header alone
 * (minimized, 64 px). State and transport are the SDK's chat store; this only draws it.
 */
export function ChatBubble() {
  const chat = chatStore();
  const state = useSyncExternalStore(chat.subscribe, chat.getState, chat.getState);
  const id = useId();
  const launcher = useRef<HTMLButtonElement>(null);
  const restore = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const previous = useRef(state.view);
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!isLoading) followSignedIn(userId);
  }, [isLoading, userId]);

  // Focus follows the view: into the input when it opens, back to what reopens it otherwise.
  useEffect(() => {
    const was = previous.current;
    previous.current = state.view;
    if (was === state.view) return;
    if (state.view === 'open') input.current?.focus();
    else if (state.view === 'minimized') restore.current?.focus();
    else launcher.current?.focus();
  }, [state.view]);
  // The input is disabled until the session starts and while a reply is pending: focus it once it
  // is ready, unless the person has moved focus elsewhere meanwhile.
  const ready = state.view === 'open' && !state.pending && state.sessionId !== null;
  useEffect(() => {
    const at = document.activeElement;
    if (ready && (at === null || at === document.body)) input.current?.focus();
  }, [ready]);

  const send = () => {
    const text = draft.trim();
    if (!text || state.pending || !state.sessionId) return;
    setDraft('');
    void chat.send(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  // Escape steps back one view: open → minimized (focus on its expand button) → closed (focus on
  // the bubble). The panel is not modal, so nothing else listens for it.
  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (state.view === 'open') chat.minimize();
    else chat.close();
  };

  if (state.view === 'closed') {
    return (
      <button
        ref={launcher}
        type="button"
        className={`chat-launcher${state.unread ? ' chat-launcher--unread' : ''}`}
        aria-label={state.unread ? 'Open the assistant chat (new reply)' : 'Open the assistant chat'}
        aria-expanded={false}
        aria-controls={`${id}-panel`}
        data-testid="chat-bubble"
        onClick={() => void chat.open()}
      >
        <SparkleIcon width={26} height={26} aria-hidden="true" />
        {state.unread ? <span className="chat-launcher__dot" aria-hidden="true" /> : null}
      </button>
    );
  }

  const minimized = state.view === 'minimized';
  return (
    <section
      id={`${id}-panel`}
      className={`chat-panel${minimized ? ' chat-panel--minimized' : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid="chat-panel"
      onKeyDown={onPanelKeyDown}
    >
      <header className="chat-panel__header">
        <span className="chat-panel__avatar" aria-hidden="true">
          <SparkleIcon width={20} height={20} />
          {minimized && state.unread ? <span className="chat-launcher__dot" /> : null}
        </span>
        <div className="chat-panel__heading">
          <h2 id={`${id}-title`} className="chat-panel__title">
            Spotless Assistant
          </h2>
          <p className="chat-panel__subtitle">{state.subtitle}</p>
        </div>
        {minimized ? (
          <button
            ref={restore}
            type="button"
            className="chat-panel__icon-button"
            aria-label="Expand the assistant chat"
            aria-expanded={false}
            onClick={() => void chat.open()}
          >
            <ChevronIcon width={18} height={18} className="chat-panel__expand" />
          </button>
        ) : (
          <button
            type="button"
            className="chat-panel__icon-button"
            aria-label="Minimize the assistant chat"
            aria-expanded={true}
            onClick={() => chat.minimize()}
          >
            <ChevronIcon width={18} height={18} />
          </button>
        )}
        <button
          type="button"
          className="chat-panel__icon-button"
          aria-label="Close the assistant chat"
          onClick={() => chat.close()}
        >
          <CloseIcon width={18} height={18} />
        </button>
      </header>
      {minimized ? null : (
        <>
          <ChatMessages state={state} onFollow={() => chat.minimize()} />
          <QuickReplies state={state} onPick={(text) => chat.sendQuickReply(text)} />
          <form
            className="chat-panel__form"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <label htmlFor={`${id}-input`} className="visually-hidden">
              Message the assistant
            </label>
            <textarea
              ref={input}
              id={`${id}-input`}
              className="chat-panel__input"
              rows={1}
              maxLength={CHAT.messageMaxLength}
              placeholder="Type your message…"
              value={draft}
              disabled={state.pending || !state.sessionId}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              data-testid="chat-input"
            />
            <button
              type="submit"
              className="btn btn--primary chat-panel__send"
              disabled={state.pending || !state.sessionId || draft.trim() === ''}
              data-testid="chat-send"
            >
              Send
            </button>
          </form>
        </>
      )}
    </section>
  );
}

function QuickReplies({ state, onPick }: { state: ChatState; onPick: (text: string) => void }) {
  if (state.quickReplies.length === 0 || !state.sessionId) return null;
  return (
    <ul className="chat-panel__quick" aria-label="Suggested questions">
      {state.quickReplies.map((reply) => (
        <li key={reply}>
          <button
            type="button"
            className="chat-panel__chip"
            disabled={state.pending}
            onClick={() => onPick(reply)}
            data-testid="chat-quick-reply"
          >
            {reply}
          </button>
        </li>
      ))}
    </ul>
  );
}
