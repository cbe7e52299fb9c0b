/**
 * What `npm run bench:load` sends: the mix of kinds in every 100 requests, and for each kind a
 * rotation over thousands of distinct requests (searches, profiles, days of slots, bookings on a
 * cleaner and day of their own, visitors' questions to the assistant).
 */
import { CITIES } from '@spotless/sdk/cities';
import { centsToDollars, quoteBooking } from '@spotless/sdk/rules';
import {
  FOURTH_TUNING_CASES,
  INDEPENDENT_TUNING_CASES,
  THIRD_TUNING_CASES,
  TUNING_CASES,
} from '../../src/chat/eval/questions';

export const MIX = { cityRadius: 20, filtered: 20, keyword: 20, profile: 20, slots: 10, booking: 5, chat: 5 } as const;
export type Kind = keyof typeof MIX;
export const KINDS = Object.keys(MIX) as Kind[];
export const SEARCH_KINDS: Kind[] = ['cityRadius', 'filtered', 'keyword'];
export const share = (kind: Kind) => MIX[kind] / 100;
export const perKind = <T>(make: () => T) => Object.fromEntries(KINDS.map((k) => [k, make()])) as Record<Kind, T>;

const KEYWORDS = ['spotless', 'kitchen', 'deep clean', 'eco', 'pet', 'move out', 'office', 'window', 'garcia', 'maria'];
const SERVICE_TYPES = ['residential', 'commercial', 'deep', 'moveout'];
export const QUESTIONS = [...TUNING_CASES, ...INDEPENDENT_TUNING_CASES, ...THIRD_TUNING_CASES, ...FOURTH_TUNING_CASES]
  .filter((c) => c.as === 'visitor')
  .map((c) => c.question);

/** A deterministic spread over `n` values, so request i and i+1 rarely touch the same rows. */
const spread = (i: number, n: number) => (i * 7919 + 13) % n;
/** A visitor's address behind the proxy: group 0–15, up to a million each. */
export const address = (group: number, n: number) => `10.${group * 16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
export const DAY_MS = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

type Eligible = { id: number; rateCents: number; starts: Array<string | undefined> };
/** What the bench reads from the database before the run to book without asking first. */
export type BookableCleaners = {
  eligible: Eligible[];
  services: Array<{ id: number; basePriceCents: number }>;
  /** `cleanerId:YYYY-MM-DD` of days with a booking near, which the bench leaves alone. */
  busy: Set<string>;
};

/** One request of each kind in every 100, interleaved the same way every time. */
export const SCHEDULE: Kind[] = (() => {
  const list = KINDS.flatMap((kind) => Array<Kind>(MIX[kind]).fill(kind));
  let seed = 7;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
})();

/** The n-th request of a reading kind: a search, a profile or a day of slots. */
export function readPath(kind: Kind, n: number, cleanerIds: number[]): string {
  switch (kind) {
    case 'cityRadius': {
      const city = CITIES[n % CITIES.length]!;
      const k = Math.floor(n / CITIES.length);
      return `/api/cleaners?location=${encodeURIComponent(city.name)}&radius=${[5, 10, 15, 25, 40][k % 5]}&sortBy=${['rating', 'price', 'distance'][Math.floor(k / 5) % 3]}&page=${1 + (Math.floor(k / 15) % 4)}`;
    }
    case 'filtered':
      return `/api/cleaners?serviceType=${SERVICE_TYPES[n % 4]}&minRating=${3.5 + (Math.floor(n / 4) % 3) * 0.5}&maxPrice=${40 + (Math.floor(n / 12) % 5) * 5}${Math.floor(n / 60) % 2 ? '&isVerified=true' : ''}&sortBy=${Math.floor(n / 120) % 2 ? 'price' : 'rating'}&sortOrder=${Math.floor(n / 240) % 2 ? 'asc' : 'desc'}&page=${1 + (Math.floor(n / 480) % 3)}&pageSize=12`;
    case 'keyword': {
      const k = Math.floor(n / KEYWORDS.length);
      const place = k % (CITIES.length + 1);
      return `/api/cleaners?query=${encodeURIComponent(KEYWORDS[n % KEYWORDS.length]!)}${place ? `&location=${encodeURIComponent(CITIES[place - 1]!.name)}` : ''}&page=${1 + (Math.floor(k / (CITIES.length + 1)) % 3)}`;
    }
    case 'profile':
      return `/api/cleaners/${cleanerIds[spread(n, cleanerIds.length)]}`;
    default:
      return `/api/cleaners/${cleanerIds[spread(n + 50_021, cleanerIds.length)]}/slots/${dateIn(1 + (n % 21))}?duration=${[120, 180, 240][n % 3]}`;
  }
}

/**
 * Booking `n`'s body: the n-th bookable cleaner in a spread order, on a working day of its own, at
 * the price the server's own rule gives.
 */
export function bookingBodies({ eligible, services, busy }: BookableCleaners) {
  const stride = [7919, 7907, 7901].find((p) => eligible.length % p !== 0)!;
  return (n: number) => {
    const cleaner = eligible[(n * stride + 17) % eligible.length]!;
    // Each pass over the cleaners takes days 60 later than the one before, so no (cleaner, day) repeats.
    let day = 30 + Math.floor(n / eligible.length) * 60 + (n % 28);
    let date = dateIn(day);
    while (!cleaner.starts[new Date(`${date}T00:00:00Z`).getUTCDay()] || busy.has(`${cleaner.id}:${date}`)) {
      date = dateIn(++day);
    }
    const service = services[n % services.length]!;
    const quote = quoteBooking({
      hourlyRateCents: cleaner.rateCents,
      durationMinutes: 120,
      service: { basePriceCents: service.basePriceCents },
    });
    if (!quote.ok) throw new Error(quote.message);
    return {
      cleanerId: cleaner.id,
      serviceId: service.id,
      address: `${n + 1} Load St`,
      scheduledDate: date,
      scheduledTime: cleaner.starts[new Date(`${date}T00:00:00Z`).getUTCDay()]!,
      duration: 120,
      totalPrice: centsToDollars(quote.totalPriceCents),
    };
  };
}
