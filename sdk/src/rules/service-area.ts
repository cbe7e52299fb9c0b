/**
 * A cleaner serves their own area (decision 071): the booking page warns before paying when the
 * address names another city than the cleaner's, and the server books it all the same (an address is
 * free text, so a refusal would turn away real customers on a misreading) and says the same words in
 * the booking's e-mails, so the cleaner can decline it while it is a request.
 */

/** The facts of a cleaner the rule reads. */
export interface ServedArea {
  firstName?: string | null;
  city: string;
  state: string;
  coverageAreas: readonly string[];
}

/**
 * "…, City, ST", "…, City, ST 12345" or "City ST 12345" (a state after a comma, or before a ZIP
 * code): the city and state written last.
 */
const CITY_AND_STATE =
  /(?:^|,)\s*([A-Za-z][A-Za-z .'-]*?)\s*(?:,\s*([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?|\s+([A-Za-z]{2})\s+\d{5}(?:-\d{4})?)\s*$/;

/** The city and state an address ends with, as US addresses are written; undefined when it names none. */
export function addressCity(address: string): { city: string; state: string } | undefined {
  const match = CITY_AND_STATE.exec(address.trim());
  const state = (match?.[2] ?? match?.[3])?.toUpperCase();
  return match?.[1] && state ? { city: match[1].trim(), state } : undefined;
}

const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/**
 * The warning for an address outside the cleaner's area: it names a city and state, and neither the
 * cleaner's city nor any of their coverage areas (a neighbourhood, a ZIP code) appears in it. Null
 * when the address is in their area, or names no city to compare.
 */
export function serviceAreaWarning(address: string, cleaner: ServedArea): string | null {
  const written = addressCity(address);
  if (!written) return null;
  const text = words(address);
  const served = [cleaner.city, ...cleaner.coverageAreas].map(words).filter((area) => area.trim() !== '');
  const sameState = written.state === cleaner.state.toUpperCase();
  if (sameState && served.some((area) => text.includes(area))) return null;
  const who = cleaner.firstName?.trim() || 'This cleaner';
  return `This address is in ${written.city}, ${written.state}, but ${who} works in ${cleaner.city}, ${cleaner.state}: they may decline a job outside their area.`;
}
