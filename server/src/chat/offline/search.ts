import { formatDollars, formatTime12 } from '@spotless/sdk/rules';
import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import type { CleanerFacts } from '../tools';
import { findBadges, findKeywords, findMaxPrice, findMinRating, findPlace, findServiceType, findSort } from './lookups';
import { findCatalogType } from './prices';
import { askedService, bookingHref } from './service-length';
import { fitting, longDate, type When } from './when';

/**
 * The offline engine's cleaner searches (decision 047): the filters a message states, and — when it
 * names a time — only cleaners the slot engine finds free then, with those times and a booking
 * link for the first.
 */

type Answer = { text: string; trace: ReplyTrace };

const SHOWN_CLEANERS = 3;
/** Cleaners whose free times are looked up for a search with a time, at most. */
const CHECKED_FOR_TIME = 20;

const SERVICE_LABELS: Record<string, string> = {
  residential: 'house',
  deep: 'deep-cleaning',
  commercial: 'office',
  moveout: 'move-in/out',
};

export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "cleaners named Rivera", "called Maria": a name to search for. */
function namedQuery(message: string): string | undefined {
  return /\b(?:[Nn]amed|[Cc]alled|by the name(?: of)?|[Ss]urnamed|last name)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)/.exec(
    message,
  )?.[1];
}

/** The search filters a message states, as `searchCleaners` arguments. */
export function searchFilters(message: string): Record<string, string | number | boolean> {
  const filters: Record<string, string | number | boolean> = {};
  const keywords = namedQuery(message) ?? findKeywords(message);
  if (keywords) filters.query = keywords;
  const place = findPlace(message);
  if (place.city) {
    filters.location = place.city.name;
    // "Dallas TX": the state written beside the city is asked for too.
    if (place.city.state !== 'DC' && new RegExp(`\\b${place.city.state}\\b`).test(message))
      filters.state = place.city.state;
  } else if (place.state) filters.state = place.state;
  const serviceType = findServiceType(message);
  if (serviceType) filters.serviceType = serviceType;
  const maxPrice = findMaxPrice(message);
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  const minRating = findMinRating(message);
  if (minRating !== undefined) filters.minRating = minRating;
  Object.assign(filters, findBadges(message));
  const sort = findSort(message);
  if (sort && !(sort === 'distance' && !place.city)) filters.sortBy = sort;
  return filters;
}

function describeCleaner(c: CleanerFacts): string {
  const rating =
    c.rating === null ? 'new' : `★${c.rating.toFixed(1)} (${c.reviewCount} review${c.reviewCount === 1 ? '' : 's'})`;
  const badges = [c.isVerified && 'Verified', c.isInsured && 'Insured', c.isBonded && 'Bonded'].filter(Boolean);
  const where =
    c.distance === undefined ? `${c.city}, ${c.state}` : `${c.city}, ${c.state}, ${c.distance.toFixed(1)} mi`;
  return `${c.name} — ${rating}, ${formatDollars(c.hourlyRate)}/hr, ${where}${badges.length > 0 ? ` · ${badges.join(', ')}` : ''}: /cleaner/${c.id}`;
}

function filterWords(filters: Record<string, string | number | boolean>): string {
  const parts: string[] = [];
  if (filters.location) parts.push(`near ${filters.location}`);
  if (filters.state && !filters.location) parts.push(`in ${filters.state}`);
  if (filters.maxPrice !== undefined) parts.push(`at ${formatDollars(Number(filters.maxPrice))}/hr or less`);
  if (filters.minRating !== undefined) parts.push(`rated ${filters.minRating}★ or more`);
  const badges = [
    filters.isVerified && 'verified',
    filters.isInsured && 'insured',
    filters.isBonded && 'bonded',
  ].filter(Boolean) as string[];
  if (badges.length > 0) parts.push(list(badges));
  if (filters.query) parts.push(`matching “${filters.query}”`);
  return parts.join(', ');
}

function whenWords(when: When, date: string): string {
  const part = when.timeOfDay ? (when.timeOfDay === 'evening' ? ' evening' : ` ${when.timeOfDay}`) : '';
  const from = when.after
    ? ` after ${formatTime12(when.after)}`
    : when.before
      ? ` before ${formatTime12(when.before)}`
      : when.at
        ? ` around ${formatTime12(when.at)}`
        : '';
  return `on ${longDate(date)}${part}${from}`;
}

export async function search(toolbox: Toolbox, message: string, when: When | null): Promise<Answer> {
  const filters = searchFilters(message);
  const pageSize = when ? CHECKED_FOR_TIME : SHOWN_CLEANERS;
  const result = await toolbox.call('searchCleaners', { ...filters, pageSize });
  if (!result.ok) {
    return {
      text: `I couldn't search just now (${result.error.message}). Browse all cleaners: /cleaners`,
      trace: { intent: 'search', filters, cleanerIds: [] },
    };
  }
  const data = result.data as { total: number; cleaners: CleanerFacts[]; listing: string };
  const kind = filters.serviceType ? `${SERVICE_LABELS[String(filters.serviceType)]} ` : '';
  const conditions = filterWords(filters);
  if (when) {
    return searchAt(toolbox, message, data, filters, when, `${kind}cleaners${conditions ? ` ${conditions}` : ''}`);
  }
  const trace: ReplyTrace = { intent: 'search', filters, cleanerIds: data.cleaners.map((c) => c.id) };
  if (data.total === 0) {
    return {
      text: `I couldn't find ${kind}cleaners${conditions ? ` ${conditions}` : ''} right now. The listing with these filters: ${data.listing} — or try fewer filters.`,
      trace,
    };
  }
  const order =
    filters.sortBy === 'price' ? ' (lowest rate first)' : filters.sortBy === 'experience' ? ' (most jobs first)' : '';
  const head = `I found ${data.total} ${kind}cleaner${data.total === 1 ? '' : 's'}${conditions ? ` ${conditions}` : ''}${order}. ${data.total > data.cleaners.length ? 'The top ones' : 'Here they are'}:`;
  const lines = data.cleaners.map((c, i) => `${i + 1}. ${describeCleaner(c)}`);
  // "do you do window cleaning in Phoenix": a home service with no filter of its own is offered by
  // every cleaner who cleans homes (decision 077) — say so, rather than leave it unanswered.
  const named = findCatalogType(message);
  const home = named === 'window' || named === 'carpet' ? await askedService(toolbox, message) : null;
  const offered = home ? `\nEvery one of them offers ${home.name}, a home service: choose it on the booking page.` : '';
  return {
    text: `${head}\n${lines.join('\n')}${offered}\n\nSee all matching cleaners: ${data.listing}\nOpen a profile to see their services and book.`,
    trace,
  };
}

/** The matches the slot engine finds free at the time asked, with their times. */
async function searchAt(
  toolbox: Toolbox,
  message: string,
  data: { total: number; cleaners: CleanerFacts[]; listing: string },
  filters: Record<string, string | number | boolean>,
  when: When,
  what: string,
): Promise<Answer> {
  const free: Array<{ cleaner: CleanerFacts; date: string; times: string[] }> = [];
  let answeredDate = when.dates[0] as string;
  // Free for the whole service asked about (a regular clean when none is named), as the booking page checks.
  const service = await askedService(toolbox, message);
  for (const date of when.dates) {
    for (const cleaner of data.cleaners) {
      if (free.length >= SHOWN_CLEANERS) break;
      if (free.some((f) => f.cleaner.id === cleaner.id)) continue;
      const slots = await toolbox.call('listTimeSlots', {
        id: cleaner.id,
        date,
        ...(service ? { duration: service.duration } : {}),
      });
      if (!slots.ok) continue;
      const times = fitting((slots.data as { free: string[] }).free, when);
      if (times.length > 0) free.push({ cleaner, date, times });
    }
    if (free.length > 0) {
      answeredDate = free[0]?.date ?? date;
      break;
    }
  }
  const trace: ReplyTrace = {
    intent: 'search',
    filters,
    cleanerIds: free.map((f) => f.cleaner.id),
    when: { date: answeredDate, timeOfDay: when.timeOfDay, after: when.after ?? when.at },
  };
  const asked = whenWords(when, answeredDate);
  if (free.length === 0) {
    const checked = data.cleaners.length < data.total ? ` among the ${data.cleaners.length} best matches` : '';
    return {
      text: `I couldn't find ${what} free ${asked}${checked}. Try another time, or see everyone matching and pick a day on their profile: ${data.listing}`,
      trace,
    };
  }
  const lines = free.map(({ cleaner, date, times }, i) => {
    const first = times[0] as string;
    return `${i + 1}. ${describeCleaner(cleaner)}\n   Free${service ? ` for ${service.name}` : ''} at ${list(times.slice(0, 4).map(formatTime12))} (their local time). Book ${formatTime12(first)}: ${bookingHref(cleaner.id, service, date, first)}`;
  });
  return {
    text: `These ${what} are free ${asked}:\n${lines.join('\n')}\n\n${when.readAs ? `${when.readAs}\n` : ''}See all matching cleaners: ${data.listing}\nYou choose the service, add your address and confirm on the booking page.`,
    trace,
  };
}
