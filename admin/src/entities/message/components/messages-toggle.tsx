import { useId, useState } from 'react';
import type { ThreadLink } from '../api/messages';
import { MessageThread } from './message-thread';

/**
 * A booking's thread behind a button, for lists of bookings (a cleaner's job cards): one card's
 * thread is read only when its person opens it, not one request per card.
 */
export function MessagesToggle({ link, initiallyOpen = false }: { link: ThreadLink; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const panel = useId();
  return (
    <div className="messages-toggle">
      <button
        type="button"
        className="btn btn--sm btn--outline"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Hide messages' : 'Messages'}
      </button>
      {open ? (
        <div id={panel}>
          <MessageThread link={link} />
        </div>
      ) : null}
    </div>
  );
}
