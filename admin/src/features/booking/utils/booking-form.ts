import {
  checkDuration,
  checkQuote,
  MESSAGES,
  MIN_DURATION_MINUTES,
  notEnoughTimeMessage,
  type Service,
  type TimeSlot,
  tooLongForItsStart,
} from '@spotless/sdk';
import { type FormAction, validate } from '@spotless/sdk/forms';

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

/**
 * The chosen time, free for less than `duration` minutes: the server's own words for it, from how
 * long the day's slots say it is free (decision 071); null when it fits, is taken from its start, or
 * is not known yet.
 */
export function notEnoughTimeAt(
  slots: readonly Pick<TimeSlot, 'startTime' | 'isAvailable' | 'freeMinutes'>[] | undefined,
  time: string,
  duration: number,
): string | null {
  const slot = time === '' ? undefined : slots?.find((s) => s.startTime === time);
  if (!slot || slot.isAvailable || !tooLongForItsStart(duration, slot.freeMinutes)) return null;
  return notEnoughTimeMessage(duration, slot.freeMinutes, time);
}

/** Parses the duration field: a whole number of minutes, or NaN. */
export function parseDuration(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The fields of the cleaner's `book` action that this form fills in (the cleaner and the service are the page's). */
const FILLED: readonly string[] = [
  'address',
  'scheduledDate',
  'scheduledTime',
  'duration',
  'totalPrice',
  'specialInstructions',
] satisfies readonly (keyof BookingFormValues)[];

/**
 * The product's words for a missing field: the texts the server's schema answers with. The action's
 * fields carry no messages of their own, so without these the forms module would say "address is required."
 */
const text = MESSAGES.booking;
const REQUIRED: Record<string, string> = {
  address: text.addressRequired,
  scheduledDate: text.dateRequired,
  scheduledTime: text.timeRequired,
  duration: text.durationTooShort,
  totalPrice: text.priceRequired,
};

/**
 * What is wrong with the form, as the server will find it: the fields of the cleaner's `book` action
 * (required, lengths), checked by the SDK's forms module, then the rules its fields cannot state —
 * the duration's limits (`checkDuration`) and the quoted price's own check (`checkQuote`), both the
 * server's. Without the action (the cleaner cannot be booked by this person) only those rules apply
 * and the server answers the rest.
 */
export function bookingFormProblems(action: FormAction | undefined, values: BookingFormValues): BookingFormErrors {
  const fields = (action?.fields ?? [])
    .filter((field) => FILLED.includes(field.name))
    // The page sends the date as YYYY-MM-DD, with which the server requires a time: a rule over two
    // fields that the action lists as an optional `scheduledTime`.
    .map((field) => (field.name === 'scheduledTime' ? { ...field, required: true } : field));
  const errors: BookingFormErrors = validate({ fields }, { ...values }, { required: REQUIRED });
  const duration = parseDuration(values.duration);
  const length = checkDuration(Number.isFinite(duration) ? duration : MIN_DURATION_MINUTES - 1);
  if (!length.ok) errors.duration = length.message;
  // Only the figure's own checks (blank, not an amount, under $1) apply here: the charge it is
  // compared with is the server's, so a mismatch is never reported from this side.
  const price = checkQuote(values.totalPrice, Number.NaN);
  if (errors.totalPrice === undefined && !price.ok && price.code === 'invalid_price') errors.totalPrice = price.message;
  // The total follows from the duration: with the duration wrong, that is the one thing to mend.
  if (errors.duration !== undefined) delete errors.totalPrice;
  return errors;
}

/** The form's fields in the order they stand on the page, for bringing the first problem into view. */
export const FIELD_ORDER = ['address', 'scheduledDate', 'scheduledTime', 'duration', 'totalPrice'] as const;

/** A new key per submission; the same key again when the very same request is retried. */
export function idempotencyKeyFor(previous: { body: string; key: string } | null, body: string, makeKey: () => string) {
  return previous && previous.body === body ? previous : { body, key: makeKey() };
}
