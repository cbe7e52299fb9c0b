import { centsToDollars, dollarsToCents } from '@spotless/sdk';

/** Booking length rules (docs/decisions/020-booking-rules.md). */
export const MIN_DURATION_MINUTES = 30;
export const MAX_DURATION_MINUTES = 12 * 60;
export const DURATION_STEP_MINUTES = 15;

export type DurationError = { ok: false; code: 'invalid_duration'; message: string };

/** The spec's message for a short booking, then ours for the limits the spec leaves open. */
export function checkDuration(durationMinutes: number): { ok: true } | DurationError {
  if (!Number.isInteger(durationMinutes) || durationMinutes < MIN_DURATION_MINUTES) {
    return { ok: false, code: 'invalid_duration', message: 'Duration must be at least 30 minutes' };
  }
  if (durationMinutes > MAX_DURATION_MINUTES) {
    return { ok: false, code: 'invalid_duration', message: 'Duration must be at most 12 hours' };
  }
  if (durationMinutes % DURATION_STEP_MINUTES !== 0) {
    return { ok: false, code: 'invalid_duration', message: 'Duration must be a multiple of 15 minutes' };
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
  const timeChargeCents = roundHalfUpDivide(hourlyRateCents * durationMinutes, 60);
  return {
    ok: true,
    totalPriceCents: Math.max(basePriceCents, timeChargeCents),
    timeChargeCents,
    basePriceCents,
    hourlyRateCents,
    durationMinutes,
  };
}

/** numerator / divisor rounded to the nearest integer, halves up, in exact integer arithmetic. */
function roundHalfUpDivide(numerator: number, divisor: number): number {
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
    return { ok: false, code: 'invalid_price', message: 'Price is required' };
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
  if (clientCents < 100) return { ok: false, code: 'invalid_price', message: 'Price is required' };
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
