import { MESSAGES } from './messages';

/** What an applicant may ask per hour, in dollars (docs/product/cleaners.md). */
export const HOURLY_RATE = { min: 15, max: 100, step: 0.5 } as const;

/** Null when `value` is a rate from $15 to $100 in steps of $0.50; else the product's message. */
export function hourlyRateProblem(value: string | number): string | null {
  const text = String(value).trim();
  const rate = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ok =
    Number.isFinite(rate) &&
    rate >= HOURLY_RATE.min &&
    rate <= HOURLY_RATE.max &&
    Math.round(rate * 100) % (HOURLY_RATE.step * 100) === 0;
  return ok ? null : MESSAGES.application.hourlyRate;
}

/** What an application needs before it can be sent (docs/product/cleaners.md): the names of what is missing. */
export function missingApplicationFields(form: {
  bio: string;
  experience: string;
  hourlyRate: string | number;
  serviceTypes: readonly string[];
  coverageAreas: readonly string[];
}): string[] {
  const missing: string[] = [];
  if (form.bio.trim() === '') missing.push('Bio');
  if (form.experience === '') missing.push('Experience');
  if (String(form.hourlyRate).trim() === '') missing.push('Hourly rate');
  if (form.serviceTypes.length === 0) missing.push('Service types');
  if (!form.coverageAreas.some((area) => area.trim() !== '')) missing.push('Coverage areas');
  return missing;
}
