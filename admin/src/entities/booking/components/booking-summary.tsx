import {
  type Booking,
  bookingStatusText,
  formatDollars,
  formatDuration,
  formatLongDate,
  paymentStatusText,
  refundStatusText,
} from '@spotless/sdk';
import type { ReactNode } from 'react';
import { bookingDateTimeLabel, bookingTimeLabel } from '../../../lib/booking-time';
import { cancellationText, statusLabel, visitChargeText } from '../utils/status-label';

/** What a summary can list about a booking; each screen picks the facts it needs. */
export type BookingFact =
  | 'number'
  | 'service'
  | 'cleaner'
  | 'date'
  | 'time'
  | 'duration'
  | 'address'
  | 'specialRequests'
  | 'status'
  | 'state'
  | 'payment'
  | 'cancelled'
  | 'fee'
  | 'refund'
  | 'total';

interface FactView {
  label: string;
  value: (booking: Booking) => ReactNode;
  testId?: string;
  /** Takes a whole row of the grid layout (long free text). */
  wide?: boolean;
}

const FACTS: Record<BookingFact, FactView> = {
  number: { label: 'Booking number', value: (b) => `#${b.id}` },
  service: {
    label: 'Service',
    value: (b) => (
      <>
        {b.service.name}
        {b.service.description ? <span className="detail-list__sub">{b.service.description}</span> : null}
      </>
    ),
  },
  cleaner: { label: 'Cleaner', value: (b) => `${b.cleaner.user.firstName} ${b.cleaner.user.lastName}`.trim() },
  date: { label: 'Date', value: (b) => formatLongDate(b.startsAt, b.timeZone) },
  time: { label: 'Time', value: (b) => bookingTimeLabel(b) },
  duration: { label: 'Duration', value: (b) => formatDuration(b.duration) },
  address: { label: 'Address', value: (b) => b.address, wide: true },
  specialRequests: { label: 'Special requests', value: (b) => b.specialRequests || 'None', wide: true },
  status: { label: 'Status', value: (b) => statusLabel(b.status), testId: 'booking-status' },
  /** The status in words ("Cancelled"), as the details read it. */
  state: { label: 'Status', value: (b) => bookingStatusText(b.status), testId: 'booking-state' },
  payment: {
    label: 'Payment',
    value: (b) => visitChargeText(b) ?? paymentStatusText(b.paymentStatus, b.status),
    testId: 'booking-payment',
  },
  /** When it was cancelled, on the cleaner's clock, and by whom. */
  cancelled: {
    label: 'Cancelled',
    value: (b) =>
      b.cancelledAt
        ? `${bookingDateTimeLabel({ startsAt: b.cancelledAt, timeZone: b.timeZone })}${cancellationText(b.cancellationKind)}`
        : '—',
    testId: 'booking-cancelled',
  },
  fee: {
    label: 'Cancellation fee',
    value: (b) => (b.cancellationFee ? `${formatDollars(b.cancellationFee)} kept` : 'None'),
    testId: 'booking-fee',
  },
  refund: {
    label: 'Refund',
    value: (b) =>
      b.refund
        ? `${formatDollars(b.refund.amount)}${Number(b.refund.amount) < Number(b.totalPrice) ? ` of ${formatDollars(b.totalPrice)}` : ''} · ${refundStatusText(b.refund.status)}`
        : 'None',
    testId: 'booking-refund',
  },
  total: { label: 'Total', value: (b) => formatDollars(b.totalPrice), testId: 'booking-total' },
};

const LAYOUTS = {
  /** Label and value on one line: the checkout card and the details dialog. */
  list: { list: 'detail-list', total: 'detail-list__total', wide: undefined },
  /** The compact grid of a dashboard booking card. */
  grid: { list: 'booking-card__meta', total: undefined, wide: 'booking-card__wide' },
} as const;

interface BookingSummaryProps {
  booking: Booking;
  /** The facts to list, in this order. */
  facts: readonly BookingFact[];
  layout?: keyof typeof LAYOUTS;
}

/** The one way a booking's facts are written out: the same labels, date, time and money format on every screen. */
export function BookingSummary({ booking, facts, layout = 'list' }: BookingSummaryProps) {
  const classes = LAYOUTS[layout];
  return (
    <dl className={classes.list} data-testid="booking-summary">
      {facts.map((fact) => {
        const view = FACTS[fact];
        const className = fact === 'total' ? classes.total : view.wide ? classes.wide : undefined;
        return (
          <div key={fact} className={className}>
            <dt>{view.label}</dt>
            <dd data-testid={view.testId}>{view.value(booking)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
