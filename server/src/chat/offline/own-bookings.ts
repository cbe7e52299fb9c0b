import { FREE_CANCELLATION_HOURS, formatDollars, formatTime12 } from '@spotless/sdk/rules';
import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import type { BookingFacts } from '../tools';
import { isWord } from './spelling';
import { longDate } from './when';

/** The offline engine's answers about the signed-in person's own bookings (decision 047). */

type Answer = { text: string; trace: ReplyTrace };

function whenOf(b: BookingFacts): string {
  return `${longDate(b.scheduledDate)} at ${formatTime12(b.scheduledTime)}`;
}

export async function ownBookings(
  toolbox: Toolbox,
  question: 'next' | 'cancel-free' | 'list' | 'last',
  signedIn: boolean,
  now: Date,
  /** The days the question names ("who is cleaning for me on december 3"), if any. */
  days?: readonly string[],
  /** The question's words, for a booking named by its cleaner ("my booking with Wei Ramirez"). */
  message = '',
): Promise<Answer> {
  const trace: ReplyTrace = { intent: 'bookings', bookings: { question, bookingIds: [] } };
  if (!signedIn) {
    return {
      text: 'I can only see your bookings once you sign in. Sign in, then ask me again or open My Bookings: /login — booked as a guest on a partner’s site? The e-mail confirming it has a link that opens it.',
      trace: { intent: 'sign-in' },
    };
  }
  const result = await toolbox.call('listBookings', { status: 'all', limit: 20 });
  const bookings = result.ok ? (result.data as { bookings: BookingFacts[] }).bookings : [];
  if (question === 'last') return lastBooking(bookings, now, trace);
  const upcoming = bookings
    .filter((b) => (b.status === 'pending' || b.status === 'confirmed') && new Date(b.startsAt) > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  // "cancel my booking with Wei Ramirez": the one with the cleaner named, else the next.
  const words = new Set(message.toLowerCase().match(/[a-z]+/g) ?? []);
  const withNamed = upcoming.find((b) =>
    b.cleaner.name
      .toLowerCase()
      .split(/\s+/)
      .some((part) => part.length >= 3 && words.has(part) && !isWord(part)),
  );
  // "can I cancel my december 11th one for free": the one on the day named.
  const onDay =
    question === 'cancel-free' && days?.length === 1 ? upcoming.find((b) => b.scheduledDate === days[0]) : undefined;
  const next = question === 'list' ? upcoming[0] : (withNamed ?? onDay ?? upcoming[0]);
  const label = next && next !== upcoming[0] ? 'your cleaning' : 'your next cleaning';
  const Label = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  if (!next) {
    trace.bookings = { question, bookingIds: [] };
    return {
      text: 'You have no upcoming cleanings. Find a cleaner: /cleaners — or see past bookings in My Bookings: /dashboard',
      trace,
    };
  }
  if (question === 'list') {
    trace.bookings = { question, bookingIds: upcoming.map((b) => b.id) };
    const lines = upcoming.slice(0, 5).map((b) => `• ${b.service} with ${b.cleaner.name}, ${whenOf(b)} (${b.status})`);
    return {
      text: `You have ${upcoming.length} upcoming cleaning${upcoming.length === 1 ? '' : 's'}:\n${lines.join('\n')}\nManage them in My Bookings: /dashboard`,
      trace,
    };
  }
  trace.bookings = { question, bookingIds: [next.id] };
  const about = `${next.service} with ${next.cleaner.name} on ${whenOf(next)}`;
  // A day named that is not the next cleaning's: what is on that day, said, before the next one.
  const day = days?.length === 1 ? days[0] : undefined;
  if (question === 'next' && day && day !== next.scheduledDate) {
    const that = upcoming.find((b) => b.scheduledDate === day);
    if (that) {
      trace.bookings = { question, bookingIds: [that.id] };
      return {
        text: `On ${longDate(day)} you have ${that.service} with ${that.cleaner.name} at ${formatTime12(that.scheduledTime)} (${that.status}), at ${that.address}. ${that.cleaner.name}'s profile: /cleaner/${that.cleaner.id}. Manage it in My Bookings: /dashboard`,
        trace,
      };
    }
    return {
      text: `You have no cleaning on ${longDate(day)}. Your next one is ${about} (${next.status}). Manage your bookings in My Bookings: /dashboard`,
      trace,
    };
  }
  if (question === 'next') {
    const paid = next.paymentStatus === 'succeeded' ? ', paid' : next.status === 'pending' ? ', not paid yet' : '';
    return {
      text: `${Label} is ${about} (${next.status}${paid}), at ${next.address}. ${next.cleaner.name}'s profile: /cleaner/${next.cleaner.id}. Manage it in My Bookings: /dashboard`,
      trace,
    };
  }
  if (!next.cancel) {
    return {
      text: `${Label}, ${about}, can't be cancelled from the app now. Contact support: /contact`,
      trace,
    };
  }
  trace.cancellation = {
    hoursBefore: null,
    bookingId: next.id,
    free: next.cancel.free,
    feeCents: next.cancel.feeCents,
  };
  if (next.cancel.free) {
    const refund =
      Number(next.cancel.refund) > 0 ? ` and the full ${formatDollars(next.cancel.refund)} goes back to your card` : '';
    return {
      text: `Cancelling it is free. ${Label}, ${about}, is more than ${FREE_CANCELLATION_HOURS} hours away, so nothing is charged${refund}. You can cancel it in My Bookings: /dashboard`,
      trace,
    };
  }
  if (next.cancel.feeCents === 0) {
    return {
      text: `Cancelling it costs nothing: ${label}, ${about}, starts within ${FREE_CANCELLATION_HOURS} hours, but it isn't paid, so no fee applies. You can cancel it in My Bookings: /dashboard`,
      trace,
    };
  }
  return {
    text: `Cancelling it is not free: ${label}, ${about}, starts within ${FREE_CANCELLATION_HOURS} hours, so the cleaner's fee of ${formatDollars(next.cancel.fee)} is kept and ${formatDollars(next.cancel.refund)} is refunded to your card. You can cancel it in My Bookings: /dashboard`,
    trace,
  };
}

/** Who cleaned last time: the latest completed booking, and a link to book them again. */
function lastBooking(bookings: BookingFacts[], now: Date, trace: ReplyTrace): Answer {
  const done = bookings
    .filter((b) => b.status === 'completed' && new Date(b.startsAt) < now)
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  const last = done[0];
  if (!last) {
    trace.bookings = { question: 'last', bookingIds: [] };
    return { text: 'You have no completed cleanings yet. Your bookings: /dashboard', trace };
  }
  trace.bookings = { question: 'last', bookingIds: [last.id] };
  trace.cleanerIds = [last.cleaner.id];
  return {
    text: `Your last cleaning was ${last.service} with ${last.cleaner.name} on ${whenOf(last)}. Book ${last.cleaner.name} again: /booking/${last.cleaner.id} — their profile: /cleaner/${last.cleaner.id}. All your bookings: /dashboard`,
    trace,
  };
}
