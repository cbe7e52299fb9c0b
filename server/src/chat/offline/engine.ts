import { HELP_ARTICLES, SUPPORT_EMAIL, SUPPORT_PHONE } from '@spotless/sdk/help';
import { formatDollars, formatTime12 } from '@spotless/sdk/rules';
import type { AssistantEngine, AssistantRequest, ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import { estimateTokens } from '../../lib/assistant-engine';
import { typoBudget } from '../../lib/edit-distance';
import type { CleanerFacts } from '../tools';
import { classify } from './intents';
import { KnowledgeBase } from './knowledge';
import {
  findBadges,
  findClockTime,
  findDate,
  findKeywords,
  findMaxPrice,
  findMinRating,
  findPlace,
  findServiceType,
  findSort,
  findTimeOfDay,
  type TimeOfDay,
} from './lookups';
import { longDate, ownBookings } from './own-bookings';
import { expandShorthand, nameCandidate } from './spelling';
import { editDistance } from './text';
import { writeRefusal } from './write-refusals';

/**
 * The offline engine (decision 047): no model, no network. It reads what the message asks
 * (intents.ts, lookups.ts), calls the same read-only tools an LLM would, and writes the answer from
 * templates and the help articles (knowledge.ts). Nothing a tool returns is ever read as an
 * instruction: cleaners' bios and reviews are not even quoted.
 */

/** Below this BM25 score an article is not an answer. */
const MIN_ARTICLE_SCORE = 1.6;
const SHOWN_CLEANERS = 3;

const SERVICE_LABELS: Record<string, string> = {
  residential: 'house',
  deep: 'deep-cleaning',
  commercial: 'office',
  moveout: 'move-in/out',
};
const TIME_RANGES: Record<TimeOfDay, [string, string]> = {
  morning: ['00:00', '12:00'],
  afternoon: ['12:00', '17:00'],
  evening: ['17:00', '24:00'],
};

export const OFF_TOPIC_REPLY =
  "I'm the Spotless assistant, so I can only help with finding and booking cleaners, your bookings, payments, and our policies. Try asking me to find a cleaner in your city, or about cancellations.";

/** Today's date where most of our customers are (cleaners' own zones apply to their slots). */
function todayOf(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(now);
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function offlineEngine(knowledge = new KnowledgeBase()): AssistantEngine {
  return {
    name: 'offline',
    async reply(request, onDelta) {
      const answer = await answer_(request, knowledge);
      const text = answer.text;
      if (onDelta) for (const piece of text.match(/[^\n]*\n|[^\n]+$/g) ?? [text]) onDelta(piece);
      return { text, tokens: estimateTokens(text), trace: { ...answer.trace, engine: 'offline' } };
    },
  };
}

type Answer = { text: string; trace: ReplyTrace };

async function answer_(request: AssistantRequest, knowledge: KnowledgeBase): Promise<Answer> {
  const { toolbox } = request;
  // Misspelt words the rules and lookups read are read as meant ("saturdy", "suport").
  const message = expandShorthand(request.message);
  const signedIn = request.person !== null;
  const intent = classify(message, signedIn);
  switch (intent.kind) {
    case 'injection':
      return {
        text: "I can't change how I work or share anything private. I'm happy to help you find a cleaner, check their availability, or answer questions about bookings, payments and safety.",
        trace: { intent: 'refusal', refusal: 'injection' },
      };
    case 'private':
      return {
        text: `I can't share anyone's personal contact details. Once you book, you can message your cleaner from My Bookings (/dashboard). To reach our team, write to ${SUPPORT_EMAIL} or call ${SUPPORT_PHONE}.`,
        trace: { intent: 'refusal', refusal: 'private' },
      };
    case 'write':
      return { text: writeRefusal(intent.what), trace: { intent: 'refusal', refusal: 'write' } };
    case 'bookings':
      return ownBookings(toolbox, intent.question, signedIn, request.now);
    case 'availability':
      return availability(toolbox, intent.name, message, request.now);
    case 'search':
      return search(toolbox, message);
    case 'services':
      return services(toolbox);
    case 'offTopic':
      return { text: OFF_TOPIC_REPLY, trace: { intent: 'refusal', refusal: 'off-topic' } };
    case 'greeting':
      return {
        text: 'Happy to help! Ask me to find a cleaner (for example "deep cleaners in Denver under $40"), check when a cleaner is free, or about our policies.',
        trace: { intent: 'greeting' },
      };
    case 'topic': {
      const found = HELP_ARTICLES.find((a) => a.id === intent.article);
      if (found)
        return { text: `${found.text}\n\nMore: ${found.href}`, trace: { intent: 'article', articles: [found.id] } };
      return article(message, knowledge);
    }
    case 'other': {
      // A name and a day with nothing else ("maria lopes sunday evening?") asks when they are free.
      const name = nameCandidate(message);
      const when =
        findDate(message, todayOf(request.now)) !== undefined ||
        findTimeOfDay(message) !== undefined ||
        /\b(free|available|availability|openings?|slots?)\b/i.test(message);
      if (name && when) {
        const free = await availability(toolbox, name, message, request.now, { onlyIfFound: true });
        if (free) return free;
      }
      return article(message, knowledge);
    }
  }
}

function article(message: string, knowledge: KnowledgeBase): Answer {
  const ranked = knowledge.rank(message);
  const best = ranked[0];
  if (!best || best.score < MIN_ARTICLE_SCORE) {
    return { text: OFF_TOPIC_REPLY, trace: { intent: 'refusal', refusal: 'off-topic' } };
  }
  const articles = ranked.slice(0, 3).map((r) => r.article.id);
  return { text: `${best.article.text}\n\nMore: ${best.article.href}`, trace: { intent: 'article', articles } };
}

/** The search filters a message states, as `searchCleaners` arguments. */
export function searchFilters(message: string): Record<string, string | number | boolean> {
  const filters: Record<string, string | number | boolean> = {};
  const keywords = findKeywords(message);
  if (keywords) filters.query = keywords;
  const place = findPlace(message);
  if (place.city) filters.location = place.city.name;
  else if (place.state) filters.state = place.state;
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
  if (filters.state) parts.push(`in ${filters.state}`);
  if (filters.maxPrice !== undefined) parts.push(`at ${formatDollars(Number(filters.maxPrice))}/hr or less`);
  if (filters.minRating !== undefined) parts.push(`rated ${filters.minRating}★ or more`);
  const badges = [
    filters.isVerified && 'verified',
    filters.isInsured && 'insured',
    filters.isBonded && 'bonded',
  ].filter(Boolean) as string[];
  if (badges.length > 0) parts.push(list(badges));
  return parts.join(', ');
}

async function search(toolbox: Toolbox, message: string): Promise<Answer> {
  const filters = searchFilters(message);
  const result = await toolbox.call('searchCleaners', { ...filters, pageSize: SHOWN_CLEANERS });
  if (!result.ok) {
    return {
      text: `I couldn't search just now (${result.error.message}). Browse all cleaners: /cleaners`,
      trace: { intent: 'search', filters, cleanerIds: [] },
    };
  }
  const data = result.data as { total: number; cleaners: CleanerFacts[]; listing: string };
  const kind = filters.serviceType ? `${SERVICE_LABELS[String(filters.serviceType)]} ` : '';
  const conditions = filterWords(filters);
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
  return {
    text: `${head}\n${lines.join('\n')}\n\nSee all matching cleaners: ${data.listing}\nOpen a profile to see their services and book.`,
    trace,
  };
}

async function services(toolbox: Toolbox): Promise<Answer> {
  const result = await toolbox.call('listServices', {});
  const rows = result.ok ? (result.data as Array<{ name: string; basePrice: string; duration: number }>) : [];
  const lines = rows.map(
    (s) => `• ${s.name}: from ${formatDollars(s.basePrice)} (${Math.round(s.duration / 6) / 10} hours)`,
  );
  return {
    text: `We offer house cleaning, deep cleaning, office cleaning and move-in/out cleaning.${lines.length > 0 ? `\n${lines.join('\n')}` : ''}\nEach cleaner sets an hourly rate shown on their profile; most sessions cost between $80 and $150. Find a cleaner: /cleaners`,
    trace: { intent: 'services', articles: ['services', 'cost'] },
  };
}

async function availability(
  toolbox: Toolbox,
  name: string,
  message: string,
  now: Date,
  options: { onlyIfFound: true },
): Promise<Answer | null>;
async function availability(toolbox: Toolbox, name: string, message: string, now: Date): Promise<Answer>;
async function availability(
  toolbox: Toolbox,
  name: string,
  message: string,
  now: Date,
  options?: { onlyIfFound: true },
): Promise<Answer | null> {
  const today = todayOf(now);
  const date = findDate(message, today);
  const timeOfDay = findTimeOfDay(message) ?? null;
  const clock = findClockTime(message);
  const found = await toolbox.call('searchCleaners', { query: name, pageSize: 20 });
  const cleaners = found.ok ? (found.data as { cleaners: CleanerFacts[] }).cleaners : [];
  const first = name.split(/\s+/)[0]?.toLowerCase() ?? '';
  const parts = name.toLowerCase().split(/\s+/);
  // A first name, a full name, or a last name alone ("could Mr. Carter come").
  let cleaner =
    cleaners.find((c) => c.name.toLowerCase() === name.toLowerCase()) ??
    cleaners.find((c) => c.name.toLowerCase().split(' ')[0] === first) ??
    (parts.length === 1 ? cleaners.find((c) => c.name.toLowerCase().split(' ').at(-1) === first) : undefined);
  // A misspelt full name ("jmaes cartr", "Tom Bekcer"): one part as written with the other's first
  // letters as a prefix narrows a common name ("tom bek" among thousands of Toms); both parts'
  // first letters catch a typo in each. Keep a name close in every part.
  // The search reads misspelt words as names it holds ("ayesha kahn" finds Aisha Khan).
  if (!cleaner && parts.length >= 2) cleaner = cleaners.find((c) => namesClose(c.name.toLowerCase().split(' '), parts));
  if (!cleaner && parts.length >= 2) {
    const [a = '', b = ''] = parts;
    const queries = [
      `${a} ${b.slice(0, 3)}`,
      `${a.slice(0, 3)} ${b}`,
      `${a.slice(0, 1)} ${b.slice(0, 3)}`,
      `${a.slice(0, 3)} ${b.slice(0, 1)}`,
    ];
    for (const query of queries) {
      const more = await toolbox.call('searchCleaners', { query, pageSize: 50 });
      const list = more.ok ? (more.data as { cleaners: CleanerFacts[] }).cleaners : [];
      cleaner = list.find((c) => namesClose(c.name.toLowerCase().split(' '), parts));
      if (cleaner) break;
    }
  }
  const trace: ReplyTrace = {
    intent: 'availability',
    availability: { cleanerId: cleaner?.id ?? null, date: date ?? null, timeOfDay },
    cleanerIds: cleaner ? [cleaner.id] : [],
  };
  if (!cleaner && options?.onlyIfFound) return null;
  if (!cleaner) {
    const search = `/cleaners?query=${encodeURIComponent(name)}`;
    const similar = cleaners.some((c) => c.name.toLowerCase().startsWith(first));
    return {
      text: similar
        ? `Several cleaners' names start with “${name}”. Tell me their full name or their city, or pick from the list: ${search}`
        : `I couldn't find a cleaner called ${name}. Search by name: ${search}`,
      trace,
    };
  }
  const days = date ? [date] : Array.from({ length: 7 }, (_, i) => addDays(today, i));
  for (const day of days) {
    const slots = await toolbox.call('listTimeSlots', { id: cleaner.id, date: day });
    if (!slots.ok) continue;
    const free = (slots.data as { free: string[] }).free;
    const inRange = timeOfDay
      ? free.filter((t) => t >= TIME_RANGES[timeOfDay][0] && t < TIME_RANGES[timeOfDay][1])
      : free;
    if (inRange.length === 0 && date) {
      const when = timeOfDay
        ? `on ${longDate(day)} ${timeOfDay === 'evening' ? 'evening' : `in the ${timeOfDay}`}`
        : `on ${longDate(day)}`;
      const other =
        timeOfDay && free.length > 0 ? ` They are free that day at ${list(free.slice(0, 4).map(formatTime12))}.` : '';
      trace.availability = { cleanerId: cleaner.id, date: day, timeOfDay };
      return {
        text: `${cleaner.name} isn't free ${when}.${other} See their profile for other days: /cleaner/${cleaner.id}`,
        trace,
      };
    }
    if (inRange.length === 0) continue;
    const pick = clock && inRange.includes(clock) ? clock : (inRange[0] as string);
    trace.availability = { cleanerId: cleaner.id, date: day, timeOfDay };
    const times = list(inRange.slice(0, 6).map(formatTime12));
    return {
      text: `${cleaner.name} is free on ${longDate(day)}${timeOfDay ? ` (${timeOfDay})` : ''} at ${times}, their local time. Book ${formatTime12(pick)}: /booking/${cleaner.id}?date=${day}&time=${pick} — you'll choose the service, add your address and confirm on the booking page.`,
      trace,
    };
  }
  return {
    text: `${cleaner.name} has no free times in the next week. See their profile: /cleaner/${cleaner.id}`,
    trace,
  };
}

/** Two full names that differ only by a typo or two in each part. */
function namesClose(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((part, i) => {
    // The typed part carries the typos: "tom" is no "tomas".
    const typed = b[i] ?? '';
    const budget = typoBudget(typed.length);
    return editDistance(part, typed, budget) <= budget;
  });
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
