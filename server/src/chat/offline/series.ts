import { formatTime12 } from '@spotless/sdk/rules';
import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import { toLocal } from '../../lib/time';
import { longDate } from './when';

/**
 * A customer's regular cleanings (decision 088): "when is my next visit?" and "skip next Friday's
 * cleaning". The assistant writes nothing: it says when, and for a skip explains how and links the
 * series, where the visit's Skip button is.
 */

type Answer = { text: string; trace: ReplyTrace };

interface SeriesFacts {
  id: number;
  status: string;
  schedule: string;
  cleaner: string;
  page: string;
  visits: Array<{ bookingId: number; startsAt: string; timeZone: string; payment: string | null; skippable: boolean }>;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Which of the two a message asks, if either. */
export function seriesAsked(text: string): 'next' | 'skip' | null {
  if (/\bskip\b/i.test(text) && /\b(clean|cleaning|visit|session|appointment|booking)s?\b|'s\b/i.test(text))
    return 'skip';
  if (/\bnext\s+(regular\s+)?(visit|cleaning|clean)\b/i.test(text)) return 'next';
  return null;
}

function whenOf(visit: SeriesFacts['visits'][number]): string {
  const local = toLocal(new Date(visit.startsAt), visit.timeZone);
  return `${longDate(local.date)} at ${formatTime12(local.time)}`;
}

/** The answer about the person's regular cleaning; null when they have none (their bookings answer instead). */
export async function seriesAnswer(
  toolbox: Toolbox,
  asked: 'next' | 'skip',
  message: string,
  signedIn: boolean,
  now: Date,
): Promise<Answer | null> {
  const trace: ReplyTrace = { intent: 'bookings', bookings: { question: 'next', bookingIds: [] } };
  if (!signedIn) return null;
  const result = await toolbox.call('listBookingSeries', {});
  const all = result.ok ? (result.data as SeriesFacts[]) : [];
  const live = all.filter((s) => s.visits.length > 0 && s.status !== 'ended' && s.status !== 'declined');
  const visits = live
    .flatMap((s) => s.visits.map((v) => ({ series: s, visit: v })))
    .sort((a, b) => a.visit.startsAt.localeCompare(b.visit.startsAt));
  // Without a regular cleaning, the question is about one's bookings: the usual answer takes it.
  if (visits.length === 0) return null;
  const day = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d}`, 'i').test(message));
  const chosen =
    (day >= 0
      ? visits.find(
          ({ visit }) =>
            new Date(`${toLocal(new Date(visit.startsAt), visit.timeZone).date}T12:00:00Z`).getUTCDay() === day,
        )
      : undefined) ?? visits[0];
  if (!chosen) return null;
  const { series, visit } = chosen;
  trace.bookings = { question: 'next', bookingIds: [visit.bookingId] };
  if (asked === 'next') {
    // "my next visit" is the next of all their bookings: a one-time booking sooner answers instead.
    const listed = await toolbox.call('listBookings', { status: 'active', limit: 20 });
    const sooner = (listed.ok ? (listed.data as { bookings: Array<{ startsAt: string }> }).bookings : []).some(
      (b) => b.startsAt < visit.startsAt && new Date(b.startsAt) > now,
    );
    if (sooner) return null;
    return {
      text: `Your next regular cleaning with ${series.cleaner} is ${whenOf(visit)} (${series.schedule}). Your visits: ${series.page}`,
      trace,
    };
  }
  if (!visit.skippable) {
    return {
      text: `Your cleaning on ${whenOf(visit)} is less than 24 hours away, so it can no longer be skipped for free. You can still cancel it from its details, under the cancellation policy: /dashboard?booking=${visit.bookingId}`,
      trace,
    };
  }
  return {
    text: `I can’t skip it for you, but you can in one step: open your regular cleaning and choose Skip beside ${whenOf(visit)} — ${series.page}&skip=${visit.bookingId}. Skipping is free up to 24 hours before; only that visit is cancelled, and the rest stay booked.`,
    trace,
  };
}
