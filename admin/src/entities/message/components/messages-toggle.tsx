import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ThreadLink } from '../api/messages';
import { unreadMessagesQuery } from '../api/unread';
import { MessageThread } from './message-thread';

/**
 * A booking's thread behind a button, for lists of bookings (a cleaner's job cards): one card's
 * thread is read only when its person opens it, not one request per card.
 */
export function MessagesToggle({ link, initiallyOpen = false }: { link: ThreadLink; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const panel = useId();
  // The person's unread counts (one request for every card, shared with the header): this thread's.
  const unread = useQuery(unreadMessagesQuery).data?.threads.find((t) => t.links.messages.href === link.href);
  const fresh = unread?.unreadCount ?? 0;
  return (
    <div className="messages-toggle">
      <button
        type="button"
        className="btn btn--sm btn--outline"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Hide messages' : fresh > 0 ? `Messages (${fresh} new)` : 'Messages'}
      </button>
      {open ? (
        <div id={panel}>
          <MessageThread link={link} />
        </div>
      ) : null}
    </div>
  );
}
