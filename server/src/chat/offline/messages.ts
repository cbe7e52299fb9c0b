import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import type { BookingFacts } from '../tools';

/**
 * "message my cleaner" (decision 087): the assistant writes no message, it links the thread — the
 * booking's details, where the customer's Messages are, or a cleaner's job cards.
 */

type Answer = { text: string; trace: ReplyTrace };

/** Asking to write to, text or reach one's cleaner (or, as a cleaner, one's customer). */
export function messageAsked(text: string): boolean {
  return /\b(message|msg|text|write to|chat (with|to)|talk to|contact|reach|get in touch with|send (a )?(message|note) to)\s+(my|the|our)\s+(cleaner|customer|client)s?\b/i.test(
    text,
  );
}

export async function messageThreadAnswer(
  toolbox: Toolbox,
  role: 'customer' | 'cleaner' | null,
  now: Date,
): Promise<Answer> {
  if (role === null) {
    return {
      text: 'Once you have booked, you can write to your cleaner from the booking’s details. Sign in to see your bookings: /login',
      trace: { intent: 'sign-in' },
    };
  }
  if (role === 'cleaner') {
    return {
      text: 'Open Messages on the job’s card in your Cleaner Dashboard to write to its customer: /cleaner-dashboard?tab=bookings',
      trace: { intent: 'bookings', bookings: { question: 'list', bookingIds: [] } },
    };
  }
  const result = await toolbox.call('listBookings', { status: 'all', limit: 20 });
  const bookings = result.ok ? (result.data as { bookings: BookingFacts[] }).bookings : [];
  const next = bookings
    .filter(
      (b) => b.status === 'in_progress' || (['pending', 'confirmed'].includes(b.status) && new Date(b.startsAt) > now),
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  // A thread with the cleaner's unread messages first: that is the conversation going on.
  const unread = await toolbox.call('getUnreadMessages', {});
  const waiting = unread.ok ? (unread.data as { threads: Array<{ bookingId: number }> }).threads : [];
  const answering = bookings.find((b) => waiting.some((t) => t.bookingId === b.id));
  const latest = answering ?? next ?? [...bookings].sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
  const trace: ReplyTrace = {
    intent: 'bookings',
    bookings: { question: 'next', bookingIds: latest ? [latest.id] : [] },
  };
  if (!latest) {
    return {
      text: 'You can write to a cleaner once you have a booking with them: each booking’s details have its messages. Find a cleaner: /cleaners',
      trace,
    };
  }
  return {
    text: answering
      ? `I can’t send messages for you, but ${latest.cleaner.name} has written to you: read and answer in the booking’s details — /dashboard?booking=${latest.id}`
      : `I can’t send messages for you, but you can write to ${latest.cleaner.name} yourself: the Messages are in the booking’s details — /dashboard?booking=${latest.id}. Another booking’s messages are in its own details.`,
    trace,
  };
}
