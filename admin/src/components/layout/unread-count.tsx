import { useQuery } from '@tanstack/react-query';
// From its own file, not the entity's index: the index would bring the thread into the first download.
import { unreadMessagesQuery } from '../../entities/message/api/unread';
import { useSession } from '../../lib/auth';

/** The signed-in person's unread messages (decision 087), beside the link to their bookings or jobs. */
export function UnreadCount() {
  const { user } = useSession();
  const unread = useQuery({ ...unreadMessagesQuery, enabled: user !== null });
  const count = unread.data?.unreadCount ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className="nav-badge nav-badge--inline" data-testid="unread-messages" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">
        {' '}
        ({count} unread message{count === 1 ? '' : 's'})
      </span>
    </>
  );
}
