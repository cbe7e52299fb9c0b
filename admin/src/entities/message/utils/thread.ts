import type { MessageThread } from '@spotless/sdk';

/** What the thread component decides, kept apart from React so it is tested on its own. */

type Message = MessageThread['items'][number];

/** The limit the server gave in the `post` action's `body` field, else the documented 2000. */
export function maxLengthOf(post: MessageThread['actions']['post']): number {
  return post?.fields.find((f) => f.name === 'body')?.maxLength ?? 2000;
}

/** Whether a draft may be sent: something besides spaces, and no longer than the limit once trimmed. */
export function canSend(draft: string, max: number): boolean {
  const length = draft.trim().length;
  return length > 0 && length <= max;
}

/** "120 characters left" once a draft comes near the limit (the last 10%), else nothing. */
export function lengthHint(draft: string, max: number): string | null {
  const left = max - draft.trim().length;
  if (left > max / 10) return null;
  if (left < 0) return `${-left} characters too many`;
  return `${left} character${left === 1 ? '' : 's'} left`;
}

/** The id of the first unread message, where the "New" marker goes; null when all are read. */
export function firstUnreadId(items: readonly Message[]): number | null {
  return items.find((m) => m.unread)?.id ?? null;
}

/** Who wrote it, as the thread shows it: "You" for the caller's own. */
export const authorOf = (message: Message): string => (message.mine ? 'You' : message.senderName);

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "10:42 AM" today, "Jun 14, 10:42 AM" before: in the reader's own zone. */
export function sentAt(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return sameDay(at, now) ? time : `${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${time}`;
}
