import { formatDuration } from '../rules/format';
import { quoteTotalCents } from '../rules/pricing';

/**
 * How a booking's total was reached, in words, by the one pricing rule: the cleaner's rate for the
 * time, or the service's minimum price when the time costs less — so "2 hr at $38.50/hr" never sits
 * beside an $80.00 total without saying why.
 *
 * @example
 * priceNote({ hourlyRate: '38.50', durationMinutes: 120, basePrice: '80.00', serviceName: 'Standard Cleaning' }, usd)
 * // 'minimum price for Standard Cleaning; 2 hr at $38.50/hr would be $77.00'
 */
export function priceNote(
  input: { hourlyRate: string; durationMinutes: number; basePrice: string; serviceName: string },
  money: (dollars: number) => string,
): string {
  const time = `${formatDuration(input.durationMinutes)} at ${money(Number(input.hourlyRate))}/hr`;
  const timeCents = quoteTotalCents({ ...input, basePrice: '0' });
  const totalCents = quoteTotalCents(input);
  if (totalCents <= timeCents) return time;
  return `minimum price for ${input.serviceName}; ${time} would be ${money(timeCents / 100)}`;
}
