import { CITIES, type City } from '@spotless/sdk/cities';
import type * as t from '../db/schema';
import { DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL, demoPreferences } from './demo-accounts';
import type { DemoData, Insert } from './demo-data';
import type { Random } from './random';
import * as w from './words';

/** The people of the demo data: customers, and cleaners with their weekly hours. */

// City weights: bigger metros get more cleaners (roughly by rank).
const CITY_WEIGHTS = CITIES.map((_, i) => 1 / Math.sqrt(i + 1));
const EXPERIENCE = ['0-1 years', '1-3 years', '3-5 years', '5-10 years', '10+ years'] as const;
const SERVICE_TYPES = ['residential', 'commercial', 'deep', 'moveout'] as const;

/** The demo customer (when asked) and a crowd of customers with history to book and review. */
export function addCustomers(data: DemoData): void {
  const { options, now, rand } = data;
  data.demoCustomerId = options.demoAccounts
    ? data.nextUser({
        email: DEMO_CUSTOMER_EMAIL,
        passwordHash: options.demoPasswordHash,
        emailVerifiedAt: now,
        firstName: 'Casey',
        lastName: 'Morgan',
        phone: '(512) 555-0142',
        onboardingCompleted: true,
        onboardingStep: 5,
        onboardingPreferences: demoPreferences(),
      })
    : undefined;
  const customerCount = Math.max(50, Math.min(5000, Math.ceil(options.cleaners / 4)));
  for (let i = 0; i < customerCount; i++) {
    const first = rand.pick(w.FIRST_NAMES);
    const last = rand.pick(w.LAST_NAMES);
    data.customerIds.push(
      data.nextUser({
        email: `${first}.${last}.${i}@customers.spotless.example`.toLowerCase(),
        firstName: first,
        lastName: last,
        onboardingCompleted: rand.chance(0.8),
        onboardingStep: 5,
      }),
    );
  }
}

/** A cleaner with their user and weekly hours. */
function addCleaner(
  data: DemoData,
  cleanerId: number,
  city: City,
  user: Omit<Insert<typeof t.users>, 'id'>,
  overrides: Partial<Insert<typeof t.cleaners>> = {},
): void {
  const { rand } = data;
  const uid = data.nextUser(user);
  const { latitude, longitude } = jitter(rand, city, 18);
  const types = pickServiceTypes(rand);
  const areaNames = data.rand.sample(w.AREA_SUFFIXES, data.rand.int(2, 4)).map((s) => `${s} ${city.name}`);
  data.rows.cleaners.push({
    id: cleanerId,
    userId: uid,
    bio: `${data.rand.pick(w.BIO_OPENERS)} ${data.rand.pick(w.BIO_MIDDLES)} ${data.rand.pick(w.BIO_CLOSERS)}`,
    experience: data.rand.weighted(EXPERIENCE, [1, 3, 3, 2, 1]),
    hourlyRateCents: data.rand.int(40, 150) * 50,
    isVerified: data.rand.chance(0.85),
    isInsured: data.rand.chance(0.7),
    isBonded: data.rand.chance(0.5),
    avatarUrl: null,
    serviceTypes: types,
    coverageAreas: [...areaNames, city.zipCode],
    city: city.name,
    state: city.state,
    zipCode: zipNear(rand, city.zipCode),
    latitude,
    longitude,
    timeZone: city.timeZone,
    createdAt: new Date(data.now.getTime() - data.rand.int(60, 1200) * 86_400_000),
    ...overrides,
  });
  for (const day of weeklyDays(rand)) {
    const start = data.rand.pick(['07:00', '08:00', '08:00', '09:00']);
    const end = data.rand.pick(['15:00', '16:00', '17:00', '17:00', '18:00']);
    data.rows.availability.push({ cleanerId, dayOfWeek: day, startTime: start, endTime: end, isAvailable: true });
  }
  data.cleanerStats.set(cleanerId, { sum: 0, count: 0, completed: 0 });
}

/**
 * Cleaners `from` to `to` (exclusive) of the seed, counting the demo cleaner (when asked: Austin,
 * Monday to Saturday 8–6) as the first; the rest over the city table.
 */
export function addCleaners(data: DemoData, from = 0, to = data.options.cleaners): void {
  const { options, rand, now } = data;
  if (options.demoAccounts && from === 0) {
    data.demoCleanerId = 1;
    data.firstCleanerId = 2;
    const austin = CITIES.find((c) => c.name === 'Austin') as City;
    addCleaner(
      data,
      data.demoCleanerId,
      austin,
      {
        email: DEMO_CLEANER_EMAIL,
        passwordHash: data.options.demoPasswordHash,
        emailVerifiedAt: now,
        firstName: 'Jordan',
        lastName: 'Rivera',
        phone: '(512) 555-0199',
        onboardingCompleted: true,
        onboardingStep: 5,
      },
      {
        bio: 'Five years of residential and move-out cleaning in Austin. I bring my own eco-friendly supplies, follow your checklist to the letter and always arrive on time.',
        experience: '5-10 years',
        hourlyRateCents: 4500,
        isVerified: true,
        isInsured: true,
        isBonded: true,
        serviceTypes: ['residential', 'deep', 'moveout'],
        coverageAreas: ['Downtown Austin', 'East Austin', 'South Congress', '78701', '78704'],
        latitude: 30.2672,
        longitude: -97.7431,
        zipCode: '78701',
      },
    );
    data.rows.availability = data.rows.availability.filter((a) => a.cleanerId !== data.demoCleanerId);
    for (const day of [1, 2, 3, 4, 5, 6]) {
      data.rows.availability.push({
        cleanerId: data.demoCleanerId,
        dayOfWeek: day,
        startTime: '08:00',
        endTime: '18:00',
        isAvailable: true,
      });
    }
  }
  const demo = options.demoAccounts ? 1 : 0;
  for (let i = Math.max(0, from - demo); i < to - demo; i++) {
    const city = rand.weighted(CITIES, CITY_WEIGHTS);
    const first = rand.pick(w.FIRST_NAMES);
    const last = rand.pick(w.LAST_NAMES);
    const id = data.firstCleanerId + i;
    addCleaner(data, id, city, {
      email: `${first}.${last}.${id}@cleaners.spotless.example`.toLowerCase(),
      firstName: first,
      lastName: last,
      onboardingCompleted: true,
      onboardingStep: 5,
    });
  }
}

export function pickServiceTypes(rand: Random): string[] {
  const types = SERVICE_TYPES.filter((type) => (type === 'residential' ? rand.chance(0.9) : rand.chance(0.45)));
  return types.length > 0 ? types : ['residential'];
}

/** Working days: mostly Monday–Friday, sometimes Saturday or Sunday. */
function weeklyDays(rand: Random): number[] {
  const days = [1, 2, 3, 4, 5].filter(() => rand.chance(0.9));
  if (rand.chance(0.4)) days.push(6);
  if (rand.chance(0.1)) days.unshift(0);
  return days.length > 0 ? days : [1, 3, 5];
}

/** A point uniformly distributed within `radiusMiles` of the city centre. */
function jitter(rand: Random, city: City, radiusMiles: number) {
  const r = radiusMiles * Math.sqrt(rand.next());
  const theta = rand.next() * 2 * Math.PI;
  const latitude = city.latitude + (r * Math.cos(theta)) / 69.0;
  const longitude = city.longitude + (r * Math.sin(theta)) / (69.0 * Math.cos((city.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}

function zipNear(rand: Random, zip: string): string {
  return String(Number(zip) + rand.int(0, 30)).padStart(5, '0');
}
