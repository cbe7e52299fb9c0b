import '../messages.css';
import type { MessageThread as Thread } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { type ThreadLink, threadQuery, useMarkRead, usePostMessage, useReportMessage } from '../api/messages';
import { authorOf, canSend, firstUnreadId, lengthHint, maxLengthOf, sentAt } from '../utils/thread';

type Message = Thread['items'][number];

/**
 * A booking's messages between its customer and its cleaner (decision 087), for the booking details
 * dialog: the thread by the booking's `links.messages`, a "New" marker before the first unread
 * message (which it then marks read), a text-only composer, and Report on the other party's messages.
 * Everything shown is text: React escapes it, and nothing is read as HTML.
 */
export function MessageThread({ link }: { link: ThreadLink }) {
  const thread = useQuery(threadQuery(link));
  if (thread.isPending) return <p className="loading-text">Loading messages...</p>;
  if (thread.isError)
    return <p className="alert alert--error">{errorMessage(thread.error, 'Messages could not be loaded.')}</p>;
  return <ThreadView link={link} thread={thread.data} />;
}

export function ThreadView({ link, thread }: { link: ThreadLink; thread: Thread }) {
  const id = useId();
  const markRead = useMarkRead(link);
  // Where "New" goes is decided by the thread as first shown, so marking it read does not move it.
  const [newFrom] = useState(() => firstUnreadId(thread.items));
  const action = thread.actions.markRead;
  const marking = markRead.mutate;
  useEffect(() => {
    if (action) marking(action);
  }, [action, marking]);
  // Opened at the first new message, else at the latest; again at the latest when one is added.
  const list = useRef<HTMLOListElement>(null);
  const count = thread.items.length;
  useEffect(() => {
    const el = list.current;
    if (!el || count === 0) return;
    const marker = el.querySelector<HTMLElement>('.message-thread__new');
    el.scrollTop = marker ? marker.offsetTop - el.offsetTop : el.scrollHeight;
  }, [count]);

  return (
    <section className="message-thread" aria-labelledby={`${id}-title`} data-testid="message-thread">
      <h3 id={`${id}-title`} className="message-thread__title">
        Messages
      </h3>
      {thread.contactDetailsHidden ? (
        <p className="message-thread__note">
          Phone numbers and e-mail addresses are hidden until the booking is paid. Keep your conversation on Spotless.
        </p>
      ) : null}
      {thread.items.length === 0 ? (
        <p className="message-thread__empty">No messages yet.</p>
      ) : (
        <ol ref={list} className="message-thread__list" aria-label="Messages in this booking">
          {thread.items.map((message) => (
            <MessageItem key={message.id} link={link} message={message} isFirstNew={message.id === newFrom} />
          ))}
        </ol>
      )}
      {thread.actions.post ? (
        <Composer link={link} action={thread.actions.post} />
      ) : (
        <p className="message-thread__note">
          You can read this conversation; only the customer and the cleaner write in it.
        </p>
      )}
    </section>
  );
}

function MessageItem({ link, message, isFirstNew }: { link: ThreadLink; message: Message; isFirstNew: boolean }) {
  const report = useReportMessage(link);
  const [asking, setAsking] = useState(false);
  const action = message.actions.report;
  const send = () => {
    if (!action) return;
    report.mutate(action, {
      onSuccess: () => toast({ title: 'Message reported', description: 'The Spotless team will look at it.' }),
      onError: (error) => {
        if (errorStatus(error) === 401) return;
        toast({ title: 'Not reported', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
      onSettled: () => setAsking(false),
    });
  };
  return (
    <>
      {isFirstNew ? (
        <li className="message-thread__new" aria-label="New messages">
          <span>New</span>
        </li>
      ) : null}
      <li className={`message ${message.mine ? 'message--mine' : 'message--theirs'}`} data-testid="message">
        <div className="message__meta">
          <span className="message__author">{authorOf(message)}</span>
          <time dateTime={message.createdAt}>{sentAt(message.createdAt)}</time>
        </div>
        <p className="message__body">{message.body}</p>
        {message.masked ? <p className="message__masked">Contact details hidden until the booking is paid</p> : null}
        {message.reported ? <p className="message__reported">You reported this message</p> : null}
        {action && !asking ? (
          <button type="button" className="btn btn--ghost btn--sm message__report" onClick={() => setAsking(true)}>
            Report
          </button>
        ) : null}
        {action && asking ? (
          <div className="message__confirm">
            <span>Report this message to Spotless?</span>
            <button type="button" className="btn btn--danger btn--sm" onClick={send} disabled={report.isPending}>
              Report
            </button>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        ) : null}
      </li>
    </>
  );
}

function Composer({ link, action }: { link: ThreadLink; action: NonNullable<Thread['actions']['post']> }) {
  const id = useId();
  const post = usePostMessage(link);
  const [draft, setDraft] = useState('');
  const max = maxLengthOf(action);
  const hint = lengthHint(draft, max);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend(draft, max) || post.isPending) return;
    post.mutate({ action, body: draft.trim() }, { onSuccess: () => setDraft('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };
  return (
    <form className="message-composer" onSubmit={submit}>
      <label htmlFor={`${id}-body`} className="message-composer__label">
        Write a message
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        maxLength={max}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
      />
      <div className="message-composer__row">
        <span id={`${id}-hint`} className="message-composer__hint" aria-live="polite">
          {post.isError ? errorMessage(post.error, 'Not sent. Please try again.') : (hint ?? '')}
        </span>
        <button type="submit" className="btn btn--primary btn--sm" disabled={!canSend(draft, max) || post.isPending}>
          {post.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
