import { CITIES } from './cities-data';
import type { City } from './city';

export { CITIES, type City };

const byName = new Map(CITIES.map((c) => [normaliseCityName(c.name), c]));

function normaliseCityName(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Resolves a location text to a built-in city: case-insensitive and trimmed, and also accepts
 * "City, ST". Unknown text gives `undefined` (the caller then sends no coordinates).
 *
 * @example
 * lookupCity('  austin ')?.latitude // 30.2672
 * lookupCity('Austin, TX')?.state   // 'TX'
 */
export function lookupCity(text: string): City | undefined {
  const normalised = normaliseCityName(text);
  const direct = byName.get(normalised);
  if (direct) return direct;
  const comma = normalised.lastIndexOf(',');
  if (comma === -1) return undefined;
  const city = byName.get(normalised.slice(0, comma).trim());
  const state = normalised.slice(comma + 1).trim();
  return city && city.state.toLowerCase() === state ? city : undefined;
}
