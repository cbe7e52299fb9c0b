import { centsToDollars, dollarsToCents } from './format';
import { MESSAGES } from './messages';

/**
 * The price and length rules of a booking (docs/decisions/020-booking-rules.md), shared by the
 * server (which charges) and every client (which shows the same figure before asking).
 */
export const MIN_DURATION_MINUTES = 30;
export const MAX_DURATION_MINUTES = 12 * 60;
export const DURATION_STEP_MINUTES = 15;

export type DurationError = { ok: false; code: 'invalid_duration'; message: string };

/** The product's message for a short booking (docs/product/booking-and-payments.md), then decision 020's for the other limits. */
export function checkDuration(durationMinutes: number): { ok: true } | DurationError {
  if (!Number.isInteger(durationMinutes) || durationMinutes < MIN_DURATION_MINUTES) {
    return { ok: false, code: 'invalid_duration', message: MESSAGES.booking.durationTooShort };
  }
  if (durationMinutes > MAX_DURATION_MINUTES) {
    return { ok: false, code: 'invalid_duration', message: MESSAGES.booking.durationTooLong };
  }
  if (durationMinutes % DURATION_STEP_MINUTES !== 0) {
    return { ok: false, code: 'invalid_duration', message: MESSAGES.booking.durationStep };
  }
  return { ok: true };
}

export interface QuoteInput {
  hourlyRateCents: number;
  durationMinutes: number;
  service: { basePriceCents: number };
}

export interface Quote {
  ok: true;
  /** What the customer pays: the larger of the service's base price and the time charge. */
  totalPriceCents: number;
  /** The cleaner's rate for the booked time, rounded to the cent (half up). */
  timeChargeCents: number;
  basePriceCents: number;
  hourlyRateCents: number;
  durationMinutes: number;
}

/**
 * The price of a booking, computed on the server from stored figures only.
 * Rates and base prices come from the database, so a non-integer or negative one is a bug and throws;
 * the duration comes from the customer and is answered with an error value.
 */
export function quoteBooking(input: QuoteInput): Quote | DurationError {
  const { hourlyRateCents, durationMinutes } = input;
  const basePriceCents = input.service.basePriceCents;
  assertCents(hourlyRateCents, 'hourlyRateCents');
  assertCents(basePriceCents, 'service.basePriceCents');
  const duration = checkDuration(durationMinutes);
  if (!duration.ok) return duration;
  const timeChargeCents = timeCharge(hourlyRateCents, durationMinutes);
  return {
    ok: true,
    totalPriceCents: totalPriceCents(hourlyRateCents, durationMinutes, basePriceCents),
    timeChargeCents,
    basePriceCents,
    hourlyRateCents,
    durationMinutes,
  };
}

/** The cleaner's rate for the minutes, in cents, rounded to the nearest cent with halves up. */
function timeCharge(hourlyRateCents: number, durationMinutes: number): number {
  return roundHalfUpDivide(hourlyRateCents * durationMinutes, 60);
}

/**
 * The price rule itself (decision 020): the hourly rate for the minutes, to the nearest cent
 * (halves up), never below the service's base price. `quoteBooking` adds the length rules.
 *
 * @example
 * totalPriceCents(4500, 120, 8000) // 9000
 */
export function totalPriceCents(hourlyRateCents: number, durationMinutes: number, basePriceCents: number): number {
  return Math.max(basePriceCents, timeCharge(hourlyRateCents, durationMinutes));
}

/** numerator / divisor rounded to the nearest integer, halves up, in exact integer arithmetic. */
export function roundHalfUpDivide(numerator: number, divisor: number): number {
  const product = numerator * 2 + divisor;
  if (!Number.isSafeInteger(product)) throw new RangeError('amount too large');
  return Math.floor(product / (divisor * 2));
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

export type QuoteCheck =
  | { ok: true; cents: number }
  | { ok: false; code: 'invalid_price'; message: string }
  | { ok: false; code: 'price_mismatch'; message: string; clientCents: number; serverCents: number };

/**
 * Compares the `totalPrice` string a client sent with the server's quote. The client's figure is
 * only ever a check: the charge is always `serverCents`.
 */
export function checkQuote(clientTotalPrice: string, serverCents: number): QuoteCheck {
  if (typeof clientTotalPrice !== 'string' || clientTotalPrice.trim() === '') {
    return { ok: false, code: 'invalid_price', message: MESSAGES.booking.priceRequired };
  }
  let clientCents: number;
  try {
    clientCents = dollarsToCents(clientTotalPrice);
  } catch {
    return { ok: false, code: 'invalid_price', message: 'Price must be a dollar amount such as 120.00' };
  }
  if (!Number.isSafeInteger(clientCents)) {
    return { ok: false, code: 'invalid_price', message: 'Price must be a dollar amount such as 120.00' };
  }
  if (clientCents < 100) return { ok: false, code: 'invalid_price', message: MESSAGES.booking.priceRequired };
  if (clientCents !== serverCents) {
    return {
      ok: false,
      code: 'price_mismatch',
      message: `The price has changed: this booking costs $${centsToDollars(serverCents)}.`,
      clientCents,
      serverCents,
    };
  }
  return { ok: true, cents: serverCents };
}

/**
 * The price a client shows before booking, from the API's decimal strings: the same rule the
 * server charges by (`totalPriceCents`), whatever the length typed so far.
 *
 * @example
 * quoteTotalCents({ hourlyRate: '45.00', durationMinutes: 120, basePrice: '80.00' }) // 9000
 */
export function quoteTotalCents(input: { hourlyRate: string; durationMinutes: number; basePrice: string }): number {
  return totalPriceCents(dollarsToCents(input.hourlyRate), input.durationMinutes, dollarsToCents(input.basePrice));
}
