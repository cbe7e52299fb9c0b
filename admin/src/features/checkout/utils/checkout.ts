/**
 * Reads an expiry typed as MM/YY (or MM/YYYY); null when it is not one. Two-digit years are this
 * century's, as card forms read them.
 */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: match[2]?.length === 2 ? 2000 + year : year };
}

/** Groups a card number's digits in fours as it is typed: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Inserts the slash of MM/YY as the expiry is typed. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The booking id of /checkout?booking={id}; null when absent or not a positive integer. */
export function bookingIdParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Where a paid booking lands: My Bookings, showing that booking with the payment's one
 * confirmation (docs/product/booking-and-payments.md). The card provider's return address after a
 * redirect (3-D Secure) is the same page.
 */
export function paymentSuccessPath(bookingId: number): string {
  return `/dashboard?booking=${bookingId}&payment=success`;
}
