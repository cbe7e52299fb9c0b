import {
  bookingTimeOptions,
  checkDuration,
  MESSAGES,
  MIN_DURATION_MINUTES,
  type Service,
  type TimeSlot,
  toTime24,
} from '@spotless/sdk';

export interface BookingFormValues {
  address: string;
  /** YYYY-MM-DD, the picked calendar day; empty until one is picked. */
  scheduledDate: string;
  /** HH:MM (24-hour), converted from the 12-hour option; empty until one is chosen. */
  scheduledTime: string;
  /** Minutes, as typed. */
  duration: string;
  /** The quoted total as a decimal string, e.g. "90.00". */
  totalPrice: string;
  specialInstructions: string;
}

export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;

/**
 * Spec 01 §2.8: the service from the URL when given; else the one of type `regular`; else the
 * first. Undefined when there is nothing to book.
 */
export function chooseService(services: readonly Service[], serviceId?: number): Service | undefined {
  if (serviceId !== undefined) return services.find((s) => s.id === serviceId);
  return services.find((s) => s.type === 'regular') ?? services[0];
}

/** Parses the duration field: a whole number of minutes, or NaN. */
export function parseDuration(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Spec 01 §5's rules and messages, then decision 020's duration limits. */
export function validateBookingForm(values: BookingFormValues): BookingFormErrors {
  const errors: BookingFormErrors = {};
  const text = MESSAGES.booking;
  if (values.address.trim() === '') errors.address = text.addressRequired;
  if (values.scheduledDate === '') errors.scheduledDate = text.dateRequired;
  if (values.scheduledTime === '') errors.scheduledTime = text.timeRequired;
  const duration = parseDuration(values.duration);
  const length = checkDuration(Number.isFinite(duration) ? duration : MIN_DURATION_MINUTES - 1);
  if (!length.ok) errors.duration = length.message;
  const price = Number.parseFloat(values.totalPrice);
  if (!Number.isFinite(price) || price < 1) errors.totalPrice = text.priceRequired;
  return errors;
}

export interface TimeOption {
  /** The 12-hour label shown, e.g. '9:30 AM'. */
  label: string;
  /** The 24-hour value sent, e.g. '09:30'. */
  value: string;
  /** True when the cleaner is free for the whole job at this time; null when not known (no date yet). */
  free: boolean | null;
}

/**
 * Spec 01 §5's time list (8:00 AM to 6:30 PM, every 30 minutes), each marked with whether the
 * cleaner's slots for the day say a job can start there. Without slots nothing is known.
 */
export function timeOptions(slots: readonly Pick<TimeSlot, 'startTime' | 'isAvailable'>[] | undefined): TimeOption[] {
  const free = new Set(slots?.filter((s) => s.isAvailable).map((s) => s.startTime));
  return bookingTimeOptions().map((label) => {
    const value = toTime24(label);
    return { label, value, free: slots ? free.has(value) : null };
  });
}

/** YYYY-MM-DD of a local calendar day. */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Spec 01 §5: days before today (or before 1900-01-01) cannot be picked. */
export function isDateDisabled(isoDate: string, today: string): boolean {
  return isoDate < today || isoDate < '1900-01-01';
}

/**
 * The days of a month's calendar, in weeks that start on Sunday (spec 01 §5); days of the
 * neighbouring months fill the first and last weeks as null.
 */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const cells: (string | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(toIsoDate(new Date(year, month, day)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A new key per submission; the same key again when the very same request is retried. */
export function idempotencyKeyFor(previous: { body: string; key: string } | null, body: string, makeKey: () => string) {
  return previous && previous.body === body ? previous : { body, key: makeKey() };
}
