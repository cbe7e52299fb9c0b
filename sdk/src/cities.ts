/** A large US city the location box understands without a geocoding service. */
export interface City {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** A representative ZIP code, used for demo data and as a hint in forms. */
  zipCode: string;
}

/** The built-in lookup of spec 01 §5: about 50 large US cities. */
export const CITIES: readonly City[] = [
  {
    name: 'New York',
    state: 'NY',
    latitude: 40.7128,
    longitude: -74.006,
    timeZone: 'America/New_York',
    zipCode: '10001',
  },
  {
    name: 'Los Angeles',
    state: 'CA',
    latitude: 34.0522,
    longitude: -118.2437,
    timeZone: 'America/Los_Angeles',
    zipCode: '90012',
  },
  {
    name: 'Chicago',
    state: 'IL',
    latitude: 41.8781,
    longitude: -87.6298,
    timeZone: 'America/Chicago',
    zipCode: '60601',
  },
  {
    name: 'Houston',
    state: 'TX',
    latitude: 29.7604,
    longitude: -95.3698,
    timeZone: 'America/Chicago',
    zipCode: '77002',
  },
  {
    name: 'Phoenix',
    state: 'AZ',
    latitude: 33.4484,
    longitude: -112.074,
    timeZone: 'America/Phoenix',
    zipCode: '85003',
  },
  {
    name: 'Philadelphia',
    state: 'PA',
    latitude: 39.9526,
    longitude: -75.1652,
    timeZone: 'America/New_York',
    zipCode: '19102',
  },
  {
    name: 'San Antonio',
    state: 'TX',
    latitude: 29.4241,
    longitude: -98.4936,
    timeZone: 'America/Chicago',
    zipCode: '78205',
  },
  {
    name: 'San Diego',
    state: 'CA',
    latitude: 32.7157,
    longitude: -117.1611,
    timeZone: 'America/Los_Angeles',
    zipCode: '92101',
  },
  { name: 'Dallas', state: 'TX', latitude: 32.7767, longitude: -96.797, timeZone: 'America/Chicago', zipCode: '75201' },
  {
    name: 'San Jose',
    state: 'CA',
    latitude: 37.3382,
    longitude: -121.8863,
    timeZone: 'America/Los_Angeles',
    zipCode: '95113',
  },
  {
    name: 'Austin',
    state: 'TX',
    latitude: 30.2672,
    longitude: -97.7431,
    timeZone: 'America/Chicago',
    zipCode: '78701',
  },
  {
    name: 'Jacksonville',
    state: 'FL',
    latitude: 30.3322,
    longitude: -81.6557,
    timeZone: 'America/New_York',
    zipCode: '32202',
  },
  {
    name: 'Fort Worth',
    state: 'TX',
    latitude: 32.7555,
    longitude: -97.3308,
    timeZone: 'America/Chicago',
    zipCode: '76102',
  },
  {
    name: 'Columbus',
    state: 'OH',
    latitude: 39.9612,
    longitude: -82.9988,
    timeZone: 'America/New_York',
    zipCode: '43215',
  },
  {
    name: 'Charlotte',
    state: 'NC',
    latitude: 35.2271,
    longitude: -80.8431,
    timeZone: 'America/New_York',
    zipCode: '28202',
  },
  {
    name: 'San Francisco',
    state: 'CA',
    latitude: 37.7749,
    longitude: -122.4194,
    timeZone: 'America/Los_Angeles',
    zipCode: '94103',
  },
  {
    name: 'Indianapolis',
    state: 'IN',
    latitude: 39.7684,
    longitude: -86.1581,
    timeZone: 'America/Indiana/Indianapolis',
    zipCode: '46204',
  },
  {
    name: 'Seattle',
    state: 'WA',
    latitude: 47.6062,
    longitude: -122.3321,
    timeZone: 'America/Los_Angeles',
    zipCode: '98101',
  },
  {
    name: 'Denver',
    state: 'CO',
    latitude: 39.7392,
    longitude: -104.9903,
    timeZone: 'America/Denver',
    zipCode: '80202',
  },
  {
    name: 'Washington',
    state: 'DC',
    latitude: 38.9072,
    longitude: -77.0369,
    timeZone: 'America/New_York',
    zipCode: '20001',
  },
  {
    name: 'Boston',
    state: 'MA',
    latitude: 42.3601,
    longitude: -71.0589,
    timeZone: 'America/New_York',
    zipCode: '02108',
  },
  {
    name: 'El Paso',
    state: 'TX',
    latitude: 31.7619,
    longitude: -106.485,
    timeZone: 'America/Denver',
    zipCode: '79901',
  },
  {
    name: 'Nashville',
    state: 'TN',
    latitude: 36.1627,
    longitude: -86.7816,
    timeZone: 'America/Chicago',
    zipCode: '37203',
  },
  {
    name: 'Detroit',
    state: 'MI',
    latitude: 42.3314,
    longitude: -83.0458,
    timeZone: 'America/Detroit',
    zipCode: '48226',
  },
  {
    name: 'Oklahoma City',
    state: 'OK',
    latitude: 35.4676,
    longitude: -97.5164,
    timeZone: 'America/Chicago',
    zipCode: '73102',
  },
  {
    name: 'Portland',
    state: 'OR',
    latitude: 45.5152,
    longitude: -122.6784,
    timeZone: 'America/Los_Angeles',
    zipCode: '97204',
  },
  {
    name: 'Las Vegas',
    state: 'NV',
    latitude: 36.1699,
    longitude: -115.1398,
    timeZone: 'America/Los_Angeles',
    zipCode: '89101',
  },
  {
    name: 'Memphis',
    state: 'TN',
    latitude: 35.1495,
    longitude: -90.049,
    timeZone: 'America/Chicago',
    zipCode: '38103',
  },
  {
    name: 'Louisville',
    state: 'KY',
    latitude: 38.2527,
    longitude: -85.7585,
    timeZone: 'America/Kentucky/Louisville',
    zipCode: '40202',
  },
  {
    name: 'Baltimore',
    state: 'MD',
    latitude: 39.2904,
    longitude: -76.6122,
    timeZone: 'America/New_York',
    zipCode: '21202',
  },
  {
    name: 'Milwaukee',
    state: 'WI',
    latitude: 43.0389,
    longitude: -87.9065,
    timeZone: 'America/Chicago',
    zipCode: '53202',
  },
  {
    name: 'Albuquerque',
    state: 'NM',
    latitude: 35.0844,
    longitude: -106.6504,
    timeZone: 'America/Denver',
    zipCode: '87102',
  },
  {
    name: 'Tucson',
    state: 'AZ',
    latitude: 32.2226,
    longitude: -110.9747,
    timeZone: 'America/Phoenix',
    zipCode: '85701',
  },
  {
    name: 'Fresno',
    state: 'CA',
    latitude: 36.7378,
    longitude: -119.7871,
    timeZone: 'America/Los_Angeles',
    zipCode: '93721',
  },
  {
    name: 'Sacramento',
    state: 'CA',
    latitude: 38.5816,
    longitude: -121.4944,
    timeZone: 'America/Los_Angeles',
    zipCode: '95814',
  },
  {
    name: 'Kansas City',
    state: 'MO',
    latitude: 39.0997,
    longitude: -94.5786,
    timeZone: 'America/Chicago',
    zipCode: '64106',
  },
  { name: 'Mesa', state: 'AZ', latitude: 33.4152, longitude: -111.8315, timeZone: 'America/Phoenix', zipCode: '85201' },
  {
    name: 'Atlanta',
    state: 'GA',
    latitude: 33.749,
    longitude: -84.388,
    timeZone: 'America/New_York',
    zipCode: '30303',
  },
  { name: 'Omaha', state: 'NE', latitude: 41.2565, longitude: -95.9345, timeZone: 'America/Chicago', zipCode: '68102' },
  {
    name: 'Colorado Springs',
    state: 'CO',
    latitude: 38.8339,
    longitude: -104.8214,
    timeZone: 'America/Denver',
    zipCode: '80903',
  },
  {
    name: 'Raleigh',
    state: 'NC',
    latitude: 35.7796,
    longitude: -78.6382,
    timeZone: 'America/New_York',
    zipCode: '27601',
  },
  {
    name: 'Miami',
    state: 'FL',
    latitude: 25.7617,
    longitude: -80.1918,
    timeZone: 'America/New_York',
    zipCode: '33130',
  },
  {
    name: 'Minneapolis',
    state: 'MN',
    latitude: 44.9778,
    longitude: -93.265,
    timeZone: 'America/Chicago',
    zipCode: '55401',
  },
  { name: 'Tulsa', state: 'OK', latitude: 36.154, longitude: -95.9928, timeZone: 'America/Chicago', zipCode: '74103' },
  {
    name: 'Cleveland',
    state: 'OH',
    latitude: 41.4993,
    longitude: -81.6944,
    timeZone: 'America/New_York',
    zipCode: '44113',
  },
  {
    name: 'New Orleans',
    state: 'LA',
    latitude: 29.9511,
    longitude: -90.0715,
    timeZone: 'America/Chicago',
    zipCode: '70112',
  },
  {
    name: 'Tampa',
    state: 'FL',
    latitude: 27.9506,
    longitude: -82.4572,
    timeZone: 'America/New_York',
    zipCode: '33602',
  },
  {
    name: 'Orlando',
    state: 'FL',
    latitude: 28.5383,
    longitude: -81.3792,
    timeZone: 'America/New_York',
    zipCode: '32801',
  },
  {
    name: 'Pittsburgh',
    state: 'PA',
    latitude: 40.4406,
    longitude: -79.9959,
    timeZone: 'America/New_York',
    zipCode: '15222',
  },
  {
    name: 'Salt Lake City',
    state: 'UT',
    latitude: 40.7608,
    longitude: -111.891,
    timeZone: 'America/Denver',
    zipCode: '84101',
  },
  {
    name: 'St. Louis',
    state: 'MO',
    latitude: 38.627,
    longitude: -90.1994,
    timeZone: 'America/Chicago',
    zipCode: '63101',
  },
  {
    name: 'Cincinnati',
    state: 'OH',
    latitude: 39.1031,
    longitude: -84.512,
    timeZone: 'America/New_York',
    zipCode: '45202',
  },
];

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
