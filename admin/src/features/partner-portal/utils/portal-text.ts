import {
  type ActionField,
  type BOOKING_STATUSES,
  bookingStatusText,
  type PartnerWebhookDelivery,
  paymentStatusText,
  viewerTimeZone,
} from '@spotless/sdk';

/**
 * What the partner portal writes for people (decision 081): instants on the viewer's clock with its
 * zone named, the key's grace, statement lines and webhook events in words, the CSV's file name.
 */

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on the viewer's clock, its zone named: 'Nov 28, 2026, 3:04 PM CST'.
 *
 * @example
 * instantLabel('2026-11-28T21:04:00Z', 'America/Chicago') // 'Nov 28, 2026, 3:04 PM CST'
 */
export function instantLabel(instant: string | Date, timeZone: string = viewerTimeZone()): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    });
    instantFormats.set(timeZone, format);
  }
  // Browsers differ on the space before AM/PM (a narrow no-break space in newer ones).
  return format.format(new Date(instant)).replace(/\u202f/g, ' ');
}

/**
 * An action's field by name (its limits, options and suggested value). The SDK's `forms` has the
 * same; this one line keeps that chunk out of the portal's page, whose list of chunks the app's
 * first download carries.
 */
export const actionField = (action: { fields: readonly ActionField[] }, name: string) =>
  action.fields.find((field) => field.name === name);

/** The grace field's limits, as the rotate action states them (0 to 168 when it states none). */
export function graceLimits(field: ActionField | undefined): { min: number; max: number } {
  return { min: field?.min ?? 0, max: field?.max ?? 168 };
}

/**
 * Why the grace typed is not one the server takes, or null: required, a whole number within the
 * action's limits.
 */
export function graceProblem(text: string, field: ActionField | undefined): string | null {
  const { min, max } = graceLimits(field);
  const value = text.trim();
  if (value === '') return `Enter how many hours the old key keeps working (${min} to ${max}).`;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    return `Enter a whole number of hours from ${min} to ${max}.`;
  }
  return null;
}

/** When a key rotated at `now` with `hours` of grace stops working. */
export const graceEnd = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** How long a grace is, in words: '24 hours', '1 hour', '1 week'. */
export function hoursLabel(hours: number): string {
  if (hours === 168) return '1 week';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A name with its possessive: "Lakeside Homes’", "Sunrise Realty’s". */
export const possessive = (name: string) => (/s$/i.test(name.trim()) ? `${name.trim()}’` : `${name.trim()}’s`);

/** The origins typed, one a line (or separated by spaces or commas): trimmed, blank lines and repeats dropped. */
export function originsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ];
}

/** A statement line's kind in words (the ledger's entry kinds, decision 080). */
const LINE_KINDS: Record<string, string> = {
  partner_commission: 'Commission',
  refund: 'Refund (commission taken back)',
  payout: 'Paid to you',
  reversal: 'Payout reversed',
};
export const lineKindLabel = (kind: string) =>
  LINE_KINDS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** The statement's CSV file name: 'Lakeside-Homes-commission-2026-11.csv', one hyphen between words. */
export function statementFileName(partnerName: string, month: string): string {
  const slug = partnerName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'partner';
  return `${slug}-commission-${month}.csv`;
}

/**
 * When a statement files a line, said once for the Statements tab and the CSV: by the day it was
 * recorded (UTC), so a booking's commission is in the month the booking was paid, not the month of
 * the cleaning; a refund's line is in the month of the refund.
 */
export const STATEMENT_FILING =
  'Each line is filed by the date it was recorded (UTC): a booking’s commission in the month the booking was paid, not the month of the cleaning, and a refund’s line in the month of the refund.';

/**
 * A statement's rows for its CSV: a header (its date column says which date files a line), then
 * each line with its kind in words, its booking's service and amount when it has a booking.
 */
export function statementRows(
  lines: ReadonlyArray<{
    at: string;
    bookingId: number | null;
    kind: string;
    amount: string;
    bookingAmount?: string | null;
    service?: string | null;
  }>,
) {
  return [
    [
      'Date recorded (UTC; a commission on the day paid)',
      'Booking',
      'Service',
      'Booking amount (USD)',
      'Line',
      'Amount (USD)',
    ],
    ...lines.map((l) => [
      l.at.slice(0, 10),
      l.bookingId === null ? '' : String(l.bookingId),
      l.service ?? '',
      l.bookingAmount ?? '',
      lineKindLabel(l.kind),
      l.amount,
    ]),
  ];
}

type BookingStatus = (typeof BOOKING_STATUSES)[number];
type PaymentStatus = Parameters<typeof paymentStatusText>[0];

/** A booking's status and its payment's, in words: 'Confirmed · Paid', 'Cancelled · Refunded'. */
export function bookingStatusLabel(status: string, paymentStatus: string): string {
  const booking = status as BookingStatus;
  return `${bookingStatusText(booking)} · ${paymentStatusText(paymentStatus as PaymentStatus, booking)}`;
}

const DELIVERY_STATUS: Record<string, { label: string; tone: string }> = {
  delivered: { label: 'Delivered', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
};

/**
 * A delivery's status badge, and a sentence when the status alone would puzzle: a pending delivery
 * of a disabled endpoint waits for it to be enabled; one not tried yet is sent by the delivery job's
 * next run, which runs every minute (decision 079).
 */
export function deliveryStatus(d: Pick<PartnerWebhookDelivery, 'status' | 'attempts' | 'endpointActive'>): {
  label: string;
  tone: string;
  note: string | null;
} {
  const status = DELIVERY_STATUS[d.status] ?? { label: d.status, tone: 'grey' };
  if (d.status !== 'pending') return { ...status, note: null };
  if (!d.endpointActive) return { ...status, note: 'Endpoint disabled: it is sent when you enable it again.' };
  if (d.attempts === 0)
    return { ...status, note: 'Not sent yet: deliveries go out every minute, so within about a minute.' };
  return { ...status, note: null };
}

/** A delivery's next attempt in words: its time, 'Endpoint disabled', or '—' (delivered or failed). */
export function deliveryNextAttempt(
  d: Pick<PartnerWebhookDelivery, 'status' | 'nextAttemptAt' | 'endpointActive'>,
  timeZone?: string,
): string {
  if (d.status !== 'pending') return '—';
  if (!d.endpointActive) return 'Endpoint disabled';
  return d.nextAttemptAt ? instantLabel(d.nextAttemptAt, timeZone) : '—';
}

/** A webhook event type in words. */
const EVENT_LABELS: Record<string, string> = {
  'booking.created': 'Booking made',
  'booking.cancelled': 'Booking cancelled',
  'payment.succeeded': 'Booking paid',
  'commission.paid': 'Commission paid',
  test: 'Test event',
};
export const eventLabel = (type: string) => EVENT_LABELS[type] ?? type;
