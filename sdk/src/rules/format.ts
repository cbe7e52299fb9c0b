/**
 * Formats integer cents as US dollars.
 *
 * @example
 * formatMoney(3550) // '$35.50'
 */
export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats a decimal dollar string from the API ("35.00") as "$35.00".
 *
 * @example
 * formatDollars('1234.5') // '$1,234.50'
 */
export function formatDollars(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  return Number.isFinite(value) ? usd.format(value) : usd.format(0);
}

/**
 * Converts a decimal dollar string to integer cents without floating-point drift.
 *
 * @example
 * dollarsToCents('19.99') // 1999
 */
export function dollarsToCents(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`not a dollar amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Integer cents as the API's decimal string.
 *
 * @example
 * centsToDollars(3500) // '35.00'
 */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Duration display (docs/product/README.md): under an hour 'N min', whole hours 'N hr', otherwise
 * 'N hr M min'.
 *
 * @example
 * formatDuration(150) // '2 hr 30 min'
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/**
 * A 24-hour "HH:MM" as a 12-hour label.
 *
 * @example
 * formatTime12('00:30') // '12:30 AM'
 * formatTime12('13:00') // '1:00 PM'
 */
export function formatTime12(time24: string): string {
  const [h, m] = parseHhMm(time24);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * A 12-hour label as "HH:MM": 12 AM becomes hour 0, 12 PM stays 12.
 *
 * @example
 * toTime24('12:00 AM') // '00:00'
 * toTime24('6:30 PM')  // '18:30'
 */
export function toTime24(time12: string): string {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])\s*$/.exec(time12);
  if (!match) throw new RangeError(`not a 12-hour time: ${time12}`);
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) throw new RangeError(`not a 12-hour time: ${time12}`);
  const pm = match[3]?.toUpperCase() === 'PM';
  if (hour === 12) hour = pm ? 12 : 0;
  else if (pm) hour += 12;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function parseHhMm(time: string): [number, number] {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`not an HH:MM time: ${time}`);
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 23 || m > 59) throw new RangeError(`not an HH:MM time: ${time}`);
  return [h, m];
}

/**
 * The booking form's time list: 8:00 to 18:30 in 30-minute steps, as 12-hour labels.
 *
 * @example
 * bookingTimeOptions()[0] // '8:00 AM'
 */
export function bookingTimeOptions(): string[] {
  const options: string[] = [];
  for (let minutes = 8 * 60; minutes <= 18 * 60 + 30; minutes += 30) {
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    options.push(formatTime12(`${hh}:${mm}`));
  }
  return options;
}

/**
 * An instant as an en-US long date, in a given IANA zone (default: the viewer's).
 *
 * @example
 * formatLongDate('2026-03-08T15:00:00Z', 'America/Chicago') // 'March 8, 2026'
 */
export function formatLongDate(instant: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(instant));
}

/**
 * Initials for an avatar fallback: first letters of first and last name.
 *
 * @example
 * initials('Ana', 'Lopez') // 'AL'
 */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const text = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
  return text || '?';
}

/**
 * The label of a rating as the product shows ratings, to one decimal: 4.5+ Excellent, 4+ Very Good,
 * 3+ Good, 2+ Fair, else Poor. A 4.46 average reads 4.5 on the profile, so it is Excellent there and
 * beside its two-decimal figure alike, never "4.5" above "Very Good".
 *
 * @example
 * ratingLabel(4.2) // 'Very Good'
 */
export function ratingLabel(exact: number): 'Excellent' | 'Very Good' | 'Good' | 'Fair' | 'Poor' {
  const rating = Math.round(exact * 10) / 10;
  if (rating >= 4.5) return 'Excellent';
  if (rating >= 4) return 'Very Good';
  if (rating >= 3) return 'Good';
  if (rating >= 2) return 'Fair';
  return 'Poor';
}
