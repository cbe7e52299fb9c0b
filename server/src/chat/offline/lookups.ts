import { CITIES, type City, STATE_NAMES } from '@spotless/sdk/cities';
import { allowedEdits, editDistance, words } from './text';

/**
 * What a message asks to look up, read from its words: a place (the SDK's city table, misspelt or
 * lower case; a state by name or code), a service type, a price ceiling, a rating, the verified /
 * insured / bonded badges, a sort, a day and a time of day.
 */

/** States by name; New York and Washington by "… state", since the names alone are their cities. */
const STATES: Record<string, string> = Object.fromEntries(
  Object.entries(STATE_NAMES).map(([name, code]) => [
    name === 'new york' || name === 'washington' ? `${name} state` : name,
    code,
  ]),
);
const STATE_CODES = new Set(Object.values(STATES));

/** Other names people use for the table's cities. */
const CITY_ALIASES: Record<string, string> = {
  nyc: 'New York',
  'new york city': 'New York',
  manhattan: 'New York',
  la: 'Los Angeles',
  sf: 'San Francisco',
  'san fran': 'San Francisco',
  philly: 'Philadelphia',
  vegas: 'Las Vegas',
  nola: 'New Orleans',
  'big easy': 'New Orleans',
  atl: 'Atlanta',
  slc: 'Salt Lake City',
  okc: 'Oklahoma City',
  kc: 'Kansas City',
  'st louis': 'St. Louis',
  'saint louis': 'St. Louis',
  dc: 'Washington',
  'washington dc': 'Washington',
  'washington d c': 'Washington',
};

const CITY_BY_NAME = new Map(CITIES.map((c) => [c.name.toLowerCase(), c]));

export interface Place {
  city?: City;
  state?: string;
}

/** Word windows of one to three words, longest first, with where they start. */
function windows(list: string[]): Array<{ text: string; start: number; size: number }> {
  const out: Array<{ text: string; start: number; size: number }> = [];
  for (let size = 3; size >= 1; size--) {
    for (let start = 0; start + size <= list.length; start++) {
      out.push({ text: list.slice(start, start + size).join(' '), start, size });
    }
  }
  return out;
}

/** Words that look like a city's misspelling but are ordinary words here. */
const NOT_PLACES = new Set(['austine', 'cleaner', 'cleaners', 'clean', 'deep', 'move', 'office', 'homes', 'house']);

/** The last few answers: one message asks for its place several times. */
const places = new Map<string, Place>();

export function findPlace(text: string): Place {
  const known = places.get(text);
  if (known) return known;
  const place = placeIn(text);
  if (places.size > 64) places.clear();
  places.set(text, place);
  return place;
}

function placeIn(text: string): Place {
  // "moving from Austin to Denver": the place they go to is where the cleaning is.
  const destination = /\b(?:moving|move|moved|relocat\w*)\b.{0,40}?\bto\s+(.{2,40})/i.exec(text)?.[1];
  if (destination) {
    const there = placeIn(destination.replace(/\b(?:moving|move|moved|relocat\w*)\b/gi, ''));
    if (there.city || there.state) return there;
  }
  // "a little town in Texas, not Austin": a place ruled out is not the place.
  const ruledOut = text.replace(
    /\b(?:not|except|excluding|other than|outside(?: of)?|far from)\s+(?:in\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?/g,
    ' ',
  );
  if (ruledOut !== text) return placeIn(ruledOut);
  const list = words(text);
  for (const w of windows(list)) {
    const alias = CITY_ALIASES[w.text];
    // Two-letter aliases only as whole upper-case words ("LA", "SF"), not "la" inside Spanish.
    if (alias && (w.text.length > 2 || new RegExp(`\\b${w.text.toUpperCase()}\\b`).test(text))) {
      return { city: CITY_BY_NAME.get(alias.toLowerCase()) };
    }
    const exact = CITY_BY_NAME.get(w.text);
    if (exact) return { city: exact };
  }
  // A state named in full beats a city guessed from a misspelling ("in Georgia").
  for (const w of windows(list)) {
    const code = STATES[w.text];
    if (code) return { state: code };
  }
  for (const w of windows(list)) {
    if (w.text.length < 4 || NOT_PLACES.has(w.text)) continue;
    const max = allowedEdits(w.text.length);
    let best: City | undefined;
    let bestDistance = max + 1;
    for (const city of CITIES) {
      // A typo keeps the words a name has ("me a" is no "Mesa"), or runs them together ("sandiego").
      if (city.name.split(' ').length < w.size) continue;
      const d = editDistance(w.text, city.name.toLowerCase(), max);
      if (d < bestDistance) {
        best = city;
        bestDistance = d;
      }
    }
    if (best) return { city: best };
  }
  // A state written as its code: only upper case and after "in", so "in OR" and not "or".
  const code = /\bin ([A-Z]{2})\b/.exec(text)?.[1];
  if (code && STATE_CODES.has(code)) return { state: code };
  for (const w of windows(list)) {
    if (w.text.length < 5) continue;
    for (const [name, stateCode] of Object.entries(STATES)) {
      if (editDistance(w.text, name, allowedEdits(name.length) - 1) <= allowedEdits(name.length) - 1) {
        return { state: stateCode };
      }
    }
  }
  return {};
}

export type ServiceType = 'residential' | 'commercial' | 'deep' | 'moveout';

export function findServiceType(text: string): ServiceType | undefined {
  const t = text.toLowerCase();
  if (/\bdeep[\s-]?clean/.test(t) || /\bdeep\b/.test(t)) return 'deep';
  if (/\bmov(e|ing)[\s-]?(in|out)\b|\bmoveout\b|\bmove[\s-]?in\/out\b|\bend of (lease|tenancy)\b/.test(t)) {
    return 'moveout';
  }
  if (/\b(office|commercial|business|workplace|corporate)\b/.test(t)) return 'commercial';
  if (
    /\b(residential|regular|standard|routine|recurring|(house|home|apartment|condo|flat|studio) ?clean(ing|ers?)?)\b/.test(
      t,
    )
  ) {
    return 'residential';
  }
  return undefined;
}

const NUMBER_WORDS: Record<string, number> = { four: 4, five: 5, three: 3, two: 2 };

/** "under $40", "less than 40 dollars", "$35 or less", "max 50/hr", "budget of $45". */
export function findMaxPrice(text: string): number | undefined {
  const t = text.toLowerCase().replace(/,/g, '');
  const money = String.raw`\$?\s?(\d{1,4}(?:\.\d{1,2})?)`;
  const before = new RegExp(
    String.raw`\b(?:under|below|less than|cheaper than|no more than|not more than|at most|max(?:imum)?|up to|within|budget(?: of| is)?|lower than|<)\s*` +
      money,
  );
  const after = new RegExp(
    money +
      String.raw`\s*(?:dollars?|bucks|usd)?\s*(?:/\s*h(?:ou)?r|an hour|per hour|/hour|hourly)?\s*(?:or less|or under|or cheaper|max(?:imum)?|tops)\b`,
  );
  const m = before.exec(t) ?? after.exec(t);
  // "two kids under 3", "under 5 years": a count or an age, not a rate.
  const counted =
    m !== null &&
    !m[0].includes('$') &&
    (Number(m[1]) < 10 ||
      /^\s*(kids?|children|years?|yrs?|months?|people|rooms?|bedrooms?|baths?|bathrooms?|hours?|hrs?|days?|weeks?|floors?|pets?|dogs?|cats?)\b/.test(
        t.slice((m.index ?? 0) + m[0].length),
      ));
  if (m?.[1] && !counted) return Number(m[1]);
  const plain = /\$\s?(\d{1,4})(?:\s*(?:\/\s*h(?:ou)?r|an hour|per hour|hourly))/.exec(t);
  return plain?.[1] ? Number(plain[1]) : undefined;
}

/** "4.5 stars", "4+ stars", "rated at least 4", "rating above 4.5", "five star". */
export function findMinRating(text: string): number | undefined {
  const t = text.toLowerCase();
  const num = String.raw`(\d(?:\.\d)?|four|five|three|two)`;
  const patterns = [
    new RegExp(num + String.raw`\s*\+?\s*(?:-\s*)?stars?`),
    new RegExp(
      String.raw`(?:rated|rating|ratings)\s*(?:of\s*)?(?:at least|above|over|of|>=|>|higher than|more than)?\s*` + num,
    ),
    new RegExp(String.raw`(?:at least|above|over|minimum(?: of)?)\s*` + num + String.raw`\s*(?:stars?|rating|\+)`),
  ];
  for (const p of patterns) {
    const m = p.exec(t);
    const raw = m?.[1];
    if (!raw) continue;
    const value = NUMBER_WORDS[raw] ?? Number(raw);
    if (value > 0 && value <= 5) return value;
  }
  return undefined;
}

export interface Badges {
  isVerified?: true;
  isInsured?: true;
  isBonded?: true;
}

export function findBadges(text: string): Badges {
  const t = text.toLowerCase();
  const badges: Badges = {};
  if (/\bverified\b|\bbackground[\s-]?check(ed)?\b|\bvetted\b/.test(t)) badges.isVerified = true;
  // "we run an insurance agency" names a business, not a credential.
  if (/\binsur(ed|ance)\b(?! (agency|agent|company|office|firm|broker|business))/.test(t)) badges.isInsured = true;
  if (/\bbond(ed)?\b/.test(t)) badges.isBonded = true;
  return badges;
}

export type Sort = 'rating' | 'price' | 'experience' | 'distance';

export function findSort(text: string): Sort | undefined {
  const t = text.toLowerCase();
  if (
    /\b(cheapest|least expensive|lowest (price|rate)|most affordable|budget|affordable|inexpensive|cheap)\b/.test(t) &&
    // "my budget is $40 max" states a ceiling (findMaxPrice), not an order.
    findMaxPrice(text) === undefined
  ) {
    return 'price';
  }
  if (/\b(most experienced|experienced|most experience|the most jobs|most jobs|veteran|seasoned)\b/.test(t))
    return 'experience';
  if (/\b(nearest|closest|near me|nearby)\b/.test(t)) return 'distance';
  if (/\b(top[\s-]?rated|best[\s-]?rated|highest[\s-]?rated|best|top|highly[\s-]?rated|well[\s-]?reviewed)\b/.test(t)) {
    return 'rating';
  }
  return undefined;
}

export type TimeOfDay = 'morning' | 'afternoon' | 'evening';

export function findTimeOfDay(text: string): TimeOfDay | undefined {
  const t = text.toLowerCase();
  // "between 1 and 4", "from 9 to 11am": the part of the day the range lies in.
  const range =
    /\b(?:between|from)\s+(\d{1,2})(?::\d{2})?\s*(am|pm)?\s*(?:and|to|-|–)\s*(\d{1,2})(?::\d{2})?\s*(am|pm)?\b/.exec(t);
  if (range) {
    const hour = (h: number, half: string | undefined) =>
      half === 'pm' && h < 12 ? h + 12 : half === 'am' ? h % 12 : !half && h >= 1 && h <= 7 ? h + 12 : h;
    const from = hour(Number(range[1]), range[2] ?? range[4]);
    const to = hour(Number(range[3]), range[4]);
    if (from < to && to <= 12) return 'morning';
    if (from >= 12 && to <= 17) return 'afternoon';
    if (from >= 17) return 'evening';
  }
  if (/\bmornings?\b|\bbefore noon\b|\bearly\b/.test(t)) return 'morning';
  if (/\bafternoons?\b|\bafter lunch\b|\bafter noon\b/.test(t)) return 'afternoon';
  if (/\bevenings?\b|\btonight\b|\bafter work\b/.test(t)) return 'evening';
  return undefined;
}

/** A clock time: "at 9am", "2 pm", "10:30", "14:00" → "HH:MM". */
export function findClockTime(text: string): string | undefined {
  const t = text.toLowerCase();
  if (/\b(at |by )?noon\b|\bmidday\b/.test(t)) return '12:00';
  const m = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/.exec(t) ?? /\bat (\d{1,2}):(\d{2})\b/.exec(t);
  if (!m?.[1]) {
    // "at 9 tomorrow morning", "at 3": a cleaning's hours read 7–11 as morning and 1–6 as afternoon.
    const bare = /\bat (\d{1,2})\b(?!\s*(?:hours?|hrs?|days?|minutes?|mins?|%|\/))/.exec(t)?.[1];
    if (!bare) return undefined;
    const hour = Number(bare);
    const evening = /\b(afternoon|evening|tonight|pm)\b/.test(t);
    if (hour >= 1 && hour <= 6) return `${String(hour + 12).padStart(2, '0')}:00`;
    if (hour >= 7 && hour <= 11) return `${String(evening ? hour + 12 : hour).padStart(2, '0')}:00`;
    return hour === 12 ? '12:00' : undefined;
  }
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  const half = m[3]?.replace(/\./g, '');
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_SHORT = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoOf(year: number, month: number, day: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d.toISOString().slice(0, 10);
}

function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A day named in the text, relative to `today` (YYYY-MM-DD): "tomorrow", "Saturday", "Dec 3", "12/3". */
export function findDate(text: string, today: string): string | undefined {
  const t = text.toLowerCase();
  if (/\bday after tomorrow\b/.test(t)) return addDaysIso(today, 2);
  if (/\b(tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b/.test(t)) return addDaysIso(today, 1);
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(t)) return today;
  const year = Number(today.slice(0, 4));
  const holiday = holidayIn(t, today);
  // "the day after Thanksgiving", "black friday", "the day before Christmas Eve".
  if (holiday) {
    const shift = /\b(day after|black friday)\b/.test(t) ? 1 : /\bday before\b/.test(t) ? -1 : 0;
    return addDaysIso(holiday, shift);
  }
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(t);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthFirst =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/.exec(t);
  const dayFirst =
    /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b/.exec(t);
  const named = monthFirst
    ? { month: MONTHS.indexOf(monthFirst[1]?.slice(0, 3) ?? '') + 1, day: Number(monthFirst[2]) }
    : dayFirst
      ? { month: MONTHS.indexOf(dayFirst[2]?.slice(0, 3) ?? '') + 1, day: Number(dayFirst[1]) }
      : undefined;
  const slash = /\b(\d{1,2})\/(\d{1,2})\b/.exec(t);
  const md = named ?? (slash ? { month: Number(slash[1]), day: Number(slash[2]) } : undefined);
  if (md && md.month > 0) {
    const thisYear = isoOf(year, md.month, md.day);
    if (thisYear && thisYear >= today) return thisYear;
    return isoOf(year + 1, md.month, md.day);
  }
  // A day of the month alone ("on the 28th"): this month's, or next month's once it has passed.
  const ordinal = /\b(?:the\s+)?([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b/.exec(t);
  if (ordinal) {
    const day = Number(ordinal[1]);
    const month = Number(today.slice(5, 7));
    const thisMonth = isoOf(year, month, day);
    if (thisMonth && thisMonth >= today) return thisMonth;
    return month === 12 ? isoOf(year + 1, 1, day) : isoOf(year, month + 1, day);
  }
  const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
  // A weekday named is the day meant, even beside "the weekend" ("friday, before the weekend"); of
  // several, the one said with "this", "next", "on" or "for", else the first ("this Saturday, lease
  // ends Sunday").
  const weekdays: Array<{ at: number; day: number; next: boolean; marked: boolean }> = [];
  for (let i = 0; i < 7; i++) {
    const re = new RegExp(`\\b(this\\s+|next\\s+|on\\s+|for\\s+)?(${WEEKDAYS[i]}|${WEEKDAY_SHORT[i]})s?\\b`, 'g');
    for (const m of t.matchAll(re))
      weekdays.push({ at: m.index ?? 0, day: i, next: /next/.test(m[1] ?? ''), marked: m[1] !== undefined });
  }
  // Said with a part of the day or beside "free" ("anyone free wednesday afternoon?") it is the day asked about.
  const asked = (w: { at: number }) =>
    /^\w+\s+(morning|afternoon|evening|night)/.test(t.slice(w.at).replace(/^(this|next|on|for)\s+/, '')) ||
    /\b(free|available|open|clean|cleaned|book|booked|come)\s+(on\s+)?$/.test(t.slice(Math.max(0, w.at - 14), w.at));
  const chosen = weekdays.sort(
    (a, b) => Number(b.marked) - Number(a.marked) || Number(asked(b)) - Number(asked(a)) || a.at - b.at,
  )[0];
  if (chosen) {
    let ahead = (chosen.day - todayIndex + 7) % 7;
    if (chosen.next && ahead === 0) ahead = 7;
    return addDaysIso(today, ahead);
  }
  if (/\b(this )?weekend\b/.test(t)) return addDaysIso(today, (6 - todayIndex + 7) % 7);
  return undefined;
}

/** Thanksgiving (the fourth Thursday of November), Christmas (Eve) and New Year's (Eve), next to come. */
function holidayIn(t: string, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  const on = (y: number): string | undefined => {
    if (/\bthanks ?giving\b|\bblack friday\b/.test(t)) {
      const first = new Date(Date.UTC(y, 10, 1)).getUTCDay();
      return isoOf(y, 11, 1 + ((4 - first + 7) % 7) + 21);
    }
    if (/\bchristmas eve\b|\bxmas eve\b/.test(t)) return isoOf(y, 12, 24);
    if (/\bchristmas\b|\bxmas\b/.test(t)) return isoOf(y, 12, 25);
    if (/\bnew year'?s eve\b|\bnye\b/.test(t)) return isoOf(y, 12, 31);
    if (/\bnew year'?s( day)?\b/.test(t)) return isoOf(y + 1, 1, 1);
    return undefined;
  };
  const date = on(year);
  if (!date) return undefined;
  return date >= today ? date : on(year + 1);
}

/** Keywords a search can carry as its `query`: what profiles say, that no filter covers. */
const KEYWORDS: Array<[RegExp, string | ((m: RegExpExecArray) => string)]> = [
  // As the person wrote it: "pet-friendly" stays hyphenated.
  [/\bpet([\s-]?)friendly\b/i, (m) => `pet${m[1] || ' '}friendly`],
  [/\bgood with (pets|dogs|cats)\b/i, 'pet friendly'],
  [/\beco([\s-]?)friendly\b/i, (m) => `eco${m[1] || ' '}friendly`],
  [/\bgreen cleaning\b|\bnon[\s-]?toxic\b/i, 'eco friendly'],
  // A language: "spanish speaking", "speaks French".
  [/\b([a-z]+)[\s-]speaking\b/i, (m) => `${m[1]?.toLowerCase()} speaking`],
  [/\bspeaks? ([A-Za-z]+)\b/i, (m) => `${m[1]?.toLowerCase()} speaking`],
];

export function findKeywords(text: string): string | undefined {
  for (const [pattern, query] of KEYWORDS) {
    const m = pattern.exec(text);
    if (m) return typeof query === 'string' ? query : query(m);
  }
  return undefined;
}
