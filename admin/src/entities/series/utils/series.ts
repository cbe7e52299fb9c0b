import { formatTime12 } from '@spotless/sdk';
import type { BookingSeries, SeriesFrequency, SeriesVisit } from '@spotless/sdk/schemas';

/** What the booking page and the widget offer: one-time, or one of the series' frequencies. */
export type FrequencyChoice = 'onetime' | SeriesFrequency;

export const FREQUENCY_CHOICES: readonly { value: FrequencyChoice; label: string }[] = [
  { value: 'onetime', label: 'One-time' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every 2 weeks' },
  { value: 'every_4_weeks', label: 'Every 4 weeks' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Every 3 months' },
];

/** The frequency in a sentence: “Part of a regular cleaning — every 2 weeks”. */
export function frequencyPhrase(frequency: SeriesFrequency): string {
  const label = FREQUENCY_CHOICES.find((c) => c.value === frequency)?.label ?? frequency;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** The onboarding answer as the booking's first choice; anything else (or none) is one-time. */
export function frequencyFromOnboarding(answer: string | null | undefined): FrequencyChoice {
  return answer === 'weekly' || answer === 'biweekly' || answer === 'monthly' || answer === 'quarterly'
    ? answer
    : 'onetime';
}

/** A local date (YYYY-MM-DD) as “Fri, Dec 18”. */
export function shortDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** An instant as its day in the series' zone, “Fri, Dec 18”. */
export function instantDay(instant: string, timeZone: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  try {
    return at.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone });
  } catch {
    return at.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  }
}

/** When a visit is: “Fri, Dec 18 at 9:00 AM”. */
export function visitWhen(visit: Pick<SeriesVisit, 'scheduledDate' | 'scheduledTime'>): string {
  return `${shortDay(visit.scheduledDate)} at ${formatTime12(visit.scheduledTime)}`;
}

/** A visit's payment in words, for its customer and its cleaner alike. */
export function visitPaymentText(visit: SeriesVisit, timeZone: string): string {
  if (visit.skipped) return 'Skipped';
  if (visit.cancelled?.by === 'cleaner') {
    return visit.cancelled.reason ? `Declined by the cleaner: ${visit.cancelled.reason}` : 'Declined by the cleaner';
  }
  if (visit.cancelled?.by === 'unpaid') return 'Cancelled: not paid in time';
  switch (visit.payment) {
    case 'paid':
      return 'Paid';
    case 'charge_scheduled':
      return visit.chargeAt
        ? `Card will be charged ${instantDay(visit.chargeAt, timeZone)}`
        : 'Card will be charged 3 days before';
    case 'charge_failed':
      return visit.payBy
        ? `Charge failed — pay by ${instantDay(visit.payBy, timeZone)}`
        : 'Charge failed — pay it to keep the visit';
    case 'awaiting_payment':
      return 'To pay at checkout';
    case 'refunded':
      return 'Refunded';
    default:
      return visit.status === 'completed' ? 'Completed' : visit.status === 'cancelled' ? 'Cancelled' : '';
  }
}

const STATUS_TEXT: Record<BookingSeries['status'], string> = {
  pending: 'Starts once the first visit is paid',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  declined: 'Declined by the cleaner',
};

export function seriesStatusText(status: BookingSeries['status']): string {
  return STATUS_TEXT[status];
}

/** A planned visit the series could not book, in a sentence. */
export function conflictText(conflict: BookingSeries['conflicts'][number]): string {
  return `We couldn't book ${shortDay(conflict.occurrence)}: ${conflict.message}`;
}

/** The other party's name: the cleaner for a customer, the customer for a cleaner. */
export function otherParty(series: BookingSeries): string {
  if (series.role === 'cleaner') {
    return `${series.customer.firstName ?? ''} ${series.customer.lastName ?? ''}`.trim() || 'Guest';
  }
  return `${series.cleaner.firstName} ${series.cleaner.lastName}`.trim();
}

/**
 * Where a series is shown in the hosted app, for a reader: the dashboard's Regular cleanings tab, as
 * the series' own `links.page` names it (a booking carries only the series' API link).
 */
export function seriesPagePath(seriesId: number, reader: 'customer' | 'cleaner'): string {
  const page = reader === 'cleaner' ? '/cleaner-dashboard' : '/dashboard';
  return `${page}?tab=regular&series=${seriesId}`;
}
