import { checkDuration, MESSAGES, MIN_DURATION_MINUTES, type Service } from '@spotless/sdk';

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
 * The service from the URL when given (docs/product/booking-and-payments.md); else the one of type
 * `regular`; else the first. Undefined when there is nothing to book.
 */
export function chooseService(services: readonly Service[], serviceId?: number): Service | undefined {
  if (serviceId !== undefined) return services.find((s) => s.id === serviceId);
  return services.find((s) => s.type === 'regular') ?? services[0];
}

/** Parses the duration field: a whole number of minutes, or NaN. */
export function parseDuration(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The booking form's rules and messages (docs/product/booking-and-payments.md), then decision 020's duration limits. */
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

/** A new key per submission; the same key again when the very same request is retried. */
export function idempotencyKeyFor(previous: { body: string; key: string } | null, body: string, makeKey: () => string) {
  return previous && previous.body === body ? previous : { body, key: makeKey() };
}
