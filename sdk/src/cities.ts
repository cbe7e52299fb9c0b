import { CITIES } from './cities-data';
import type { City } from './city';

export { CITIES, type City };

const byName = new Map(CITIES.map((c) => [normaliseCityName(c.name), c]));
/**
 * Each city by the first three digits of its ZIP code: the area a US post office sorts for (a
 * "sectional centre"), which holds the city's ZIP codes and its close suburbs'.
 */
const byZipArea = new Map(CITIES.map((c) => [c.zipCode.slice(0, 3), c]));
/** A US ZIP code, or ZIP+4. */
const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** "…, TX 78701": a ZIP code written after a city and state. */
const TRAILING_ZIP = /\s+\d{5}(?:-\d{4})?$/;

function normaliseCityName(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Resolves a location text to a built-in city: case-insensitive and trimmed, and also accepts
 * "City, ST" (and "City, ST 78701"), and a ZIP code of the city's area — so a ZIP finds the cleaners
 * around it as its city's name does. Unknown text gives `undefined` (the caller then sends no
 * coordinates).
 *
 * @example
 * lookupCity('  austin ')?.latitude // 30.2672
 * lookupCity('Austin, TX')?.state   // 'TX'
 * lookupCity('78704')?.name         // 'Austin'
 */
export function lookupCity(text: string): City | undefined {
  const trimmed = normaliseCityName(text).replace(/\.$/, '');
  const zip = ZIP.exec(trimmed)?.[1];
  if (zip) return byZipArea.get(zip.slice(0, 3));
  const normalised = trimmed.replace(TRAILING_ZIP, '');
  const direct = byName.get(normalised);
  if (direct) return direct;
  // "Austin, TX", "Austin TX", "Austin, Texas", "austin texas": a city, then its state.
  const comma = normalised.lastIndexOf(',');
  const splits: Array<[string, string]> =
    comma === -1
      ? normalised
          .split(' ')
          .map((_, i, words) => [words.slice(0, i).join(' '), words.slice(i).join(' ')] as [string, string])
          .filter(([city]) => city !== '')
      : [[normalised.slice(0, comma).trim(), normalised.slice(comma + 1).trim()]];
  for (const [cityPart, statePart] of splits) {
    const city = byName.get(cityPart);
    if (city && stateCodeOf(statePart) === city.state) return city;
  }
  return undefined;
}

/** The states and the District of Columbia by lower-case name, to their two-letter codes. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'district of columbia': 'DC',
};
const STATE_CODES = new Set(Object.values(STATE_NAMES));

/**
 * A US state's two-letter code from its code or its name, any case ("tx", "Texas", "new york");
 * undefined for anything else.
 *
 * @example
 * stateCodeOf('texas') // 'TX'
 */
export function stateCodeOf(text: string): string | undefined {
  const normalised = normaliseCityName(text).replace(/\.$/, '');
  const upper = normalised.toUpperCase();
  if (STATE_CODES.has(upper)) return upper;
  return STATE_NAMES[normalised];
}
