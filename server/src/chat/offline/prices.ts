import { dollarsToCents, formatMoney, quoteTotalCents } from '@spotless/sdk/rules';
import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import type { Place } from './lookups';
import { findCleanerByName } from './names';

/**
 * Prices of one service (decision 047), from the pricing rule and the cleaners' real rates: the
 * larger of the service's base price and the rate for its usual length — for a named cleaner, else
 * over the cleaners near the city named, else over all. Never a remembered range.
 */

type Answer = { text: string; trace: ReplyTrace };

export type CatalogType =
  | 'regular'
  | 'deep'
  | 'moveout'
  | 'window'
  | 'carpet'
  | 'office'
  | 'commercial'
  | 'post_construction';

const CATALOG_WORDS: Array<[RegExp, CatalogType]> = [
  [
    /\bpost[\s-]?construction|\bconstruction\b|\breno(vation)?s?\b|\bremodel|\bdrywall\b|\bsanding\b|\bsawdust\b/,
    'post_construction',
  ],
  [/\bdeep\b/, 'deep'],
  [/\bmov(e|ing)[\s-]?(in|out)\b|\bmoveout\b|\bend of (lease|tenancy)\b/, 'moveout'],
  [/\bwindows?\b/, 'window'],
  [/\bcarpets?\b|\bupholstery\b|\brugs?\b|\bcouch(es)?\b|\bsofas?\b/, 'carpet'],
  [/\boffices?\b/, 'office'],
  [/\bcommercial\b|\bbusiness\b|\bretail\b|\bstore\b|\bwarehouse\b/, 'commercial'],
  [/\b(regular|standard|normal|routine|basic|weekly|house|home|apartment|condo)\b.{0,12}\bclean/, 'regular'],
  [/\b(regular|standard|normal|basic) one\b/, 'regular'],
];

/** The catalogue's service a message names, if any. */
export function findCatalogType(text: string): CatalogType | undefined {
  const t = text.toLowerCase();
  return CATALOG_WORDS.find(([pattern]) => pattern.test(t))?.[1];
}

export const PRICE_WORDS =
  /\$\$+|\$\s*\?|\bwhat (would|will|does|do|did) (he|she|they) (want|charge|ask|take)\b|\b(how much|price[sd]?|pricing|cost(s|ing)?|charges?|charging|rates?|quote|fees?|expensive|cheap|pay for|run me|set me back|ballpark|quoted|what'?s the damage|what'?s yours|how about yours|usually runs?|runs? (about|around|roughly|like|approximately)|go(?:es|ing)? for|going rate|what(?:'?s| does| do| would| will)\b.{0,40}\bruns?\b)\b/i;

interface ServiceRow {
  name: string;
  type: string;
  category: string;
  basePrice: string;
  duration: number;
}

function hours(minutes: number): string {
  const h = minutes / 60;
  return `${Number.isInteger(h) ? h : h.toFixed(1)} hour${h === 1 ? '' : 's'}`;
}

export async function priceOf(
  toolbox: Toolbox,
  type: CatalogType,
  scope: { name?: string; place: Place },
): Promise<Answer> {
  const listed = await toolbox.call('listServices', {});
  const service = (listed.ok ? (listed.data as ServiceRow[]) : []).find((s) => s.type === type);
  if (!service) {
    return {
      text: 'I could not read our prices just now. See them on any cleaner’s profile: /cleaners',
      trace: { intent: 'price' },
    };
  }
  const quote = (rate: string) =>
    quoteTotalCents({ hourlyRate: rate, durationMinutes: service.duration, basePrice: service.basePrice });
  const base = dollarsToCents(service.basePrice);
  const rule = `the larger of its ${formatMoney(base)} base price and the cleaner's hourly rate for ${hours(service.duration)}`;
  if (scope.name) {
    const { cleaner, ambiguous, candidates } = await findCleanerByName(
      toolbox,
      scope.name,
      scope.place.city ? { city: scope.place.city.name } : {},
    );
    if (!cleaner && ambiguous) {
      // Several cleaners answer to one name: which, rather than a guess.
      const some = candidates.slice(0, 3).map((c) => `${c.name} (/cleaner/${c.id})`);
      return {
        text: `Several cleaners are called ${scope.name}: ${some.join(', ')}. Which one do you mean? Tell me their full name and I'll work out ${service.name}'s price with their rate.`,
        trace: { intent: 'clarify', unsure: true, cleanerIds: candidates.slice(0, 3).map((c) => c.id) },
      };
    }
    if (cleaner) {
      const total = quote(cleaner.hourlyRate);
      const trace: ReplyTrace = {
        intent: 'price',
        cleanerIds: [cleaner.id],
        price: { service: type, cleanerId: cleaner.id, city: null, lowCents: total, highCents: total },
      };
      return {
        text: `${service.name} with ${cleaner.name} (${formatMoney(dollarsToCents(cleaner.hourlyRate))}/hr) comes to ${formatMoney(total)} for the usual ${hours(service.duration)}: ${rule}. A longer booking costs more; the booking page shows the exact total before you pay. Profile: /cleaner/${cleaner.id} · Book: /booking/${cleaner.id}`,
        trace,
      };
    }
  }
  const city = scope.place.city?.name;
  const filters: Record<string, string | number> = { pageSize: 1 };
  if (city) filters.location = city;
  else if (scope.place.state) filters.state = scope.place.state;
  // A commercial service is offered by the cleaners who do commercial work (the profile's rule).
  if (service.category === 'commercial') filters.serviceType = 'commercial';
  const found = await toolbox.call('searchCleaners', filters);
  const data = found.ok
    ? (found.data as { total: number; stats: { priceRange: { min: string; max: string } | null }; listing: string })
    : null;
  const range = data?.stats.priceRange;
  const where = city ? ` near ${city}` : scope.place.state ? ` in ${scope.place.state}` : '';
  if (!data || !range) {
    return {
      text: `${service.name} costs at least ${formatMoney(base)} (its base price, for about ${hours(service.duration)}); I couldn't find cleaners${where} offering it just now. Browse cleaners: /cleaners`,
      trace: {
        intent: 'price',
        price: { service: type, cleanerId: null, city: city ?? null, lowCents: base, highCents: base },
      },
    };
  }
  const low = quote(range.min);
  const high = quote(range.max);
  const span = low === high ? formatMoney(low) : `from ${formatMoney(low)} to ${formatMoney(high)}`;
  return {
    text: `${service.name} takes about ${hours(service.duration)} and costs ${rule}. With the rates of the ${data.total} cleaner${data.total === 1 ? '' : 's'}${where} offering it (${formatMoney(dollarsToCents(range.min))} to ${formatMoney(dollarsToCents(range.max))} an hour), that is ${span}. Each profile shows the cleaner's rate, and the booking page the exact total before you pay. Compare them: ${data.listing} — how prices work: /help-center#cost`,
    trace: {
      intent: 'price',
      articles: ['cost'],
      price: { service: type, cleanerId: null, city: city ?? null, lowCents: low, highCents: high },
    },
  };
}
