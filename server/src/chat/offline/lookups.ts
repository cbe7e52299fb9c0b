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
  indy: 'Indianapolis',
  'big easy': 'New Orleans',
  atl: 'Atlanta',
  slc: 'Salt Lake City',
  'salt lake': 'Salt Lake City',
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
const NOT_PLACES = new Set([
  'austine',
  'cleaner',
  'cleaners',
  'clean',
  'deep',
  'move',
  'office',
  'homes',
  'house',
  'mess',
  'messy',
]);

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

/** The first city a text names as written (no alias, no typo). */
function exactCity(text: string): City | undefined {
  for (const w of windows(words(text))) {
    const exact = CITY_BY_NAME.get(w.text);
    if (exact) return exact;
  }
  return undefined;
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
  // "my usual place is in austin but my parents are in Dallas": the place after "but" is the one meant.
  const but = /\bbut\b/i.exec(text);
  if (but) {
    const after = placeIn(text.slice(but.index + 3));
    const before = placeIn(text.slice(0, but.index));
    if (after.city && before.city && after.city !== before.city) return after;
  }
  // "my buddy austin says you're legit. any cleaners in Tulsa?": of two cities, the one the
  // cleaning is "in" or "near".
  const at = [...text.matchAll(/\b(?:in|near|around|close to)\s+/gi)]
    .map((m) => exactCity(text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 30)))
    .find((city) => city !== undefined);
  const first = exactCity(text);
  if (at && first && at !== first) return { city: at };
  const list = words(text);
  for (const w of windows(list)) {
    const alias = CITY_ALIASES[w.text];
    // Two-letter aliases only as whole upper-case words ("LA", "SF"), not "la" inside Spanish.
    if (
      alias &&
      (w.text.length > 2 || /^(kc|sf|dc)$/.test(w.text) || new RegExp(`\\b${w.text.toUpperCase()}\\b`).test(text))
    ) {
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
  // "just a normal clean nothing deep": a service said not to be wanted is not asked for.
  const t = text
    .toLowerCase()
    .replace(
      /\b(nothing|not|no|without|don'?t need|do not need)( a| an| the| any| too| that| super| so)? deep\b/g,
      ' ',
    );
  // "deep dish" is a pizza, not a service.
  if (/\bdeep[\s-]?clean/.test(t) || /\bdeep\b(?![\s-]dish)/.test(t)) return 'deep';
  if (
    /\bmov(e|ing)[\s-]?(in|out)s?\b|\bmoveouts?\b|\bhand(ing)? (back )?the keys\b|\bkeys back\b|\bmove[\s-]?in\/out\b|\bend of (lease|tenancy)\b/.test(
      t,
    )
  ) {
    return 'moveout';
  }
  if (/\b(office|commercial|business|workplace|corporate)\b/.test(t)) return 'commercial';
  if (
    /\b(residential|regular|standard|routine|recurring|(normal|basic|simple|ordinary|plain|general) (clean(ing)?|one)|(house|home|apartment|condo|flat|studio) ?clean(ing|ers?)?)\b/.test(
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
  // "got $120 total for a 3 hour clean": the budget over the hours is the rate it allows.
  const total =
    /\$\s?(\d{2,4})\s*(?:total|all in|in total|budget)\b.{0,25}?\b(\d{1,2}(?:\.5)?)[\s-]?(?:hours?|hrs?)\b/.exec(t) ??
    /\bbudget (?:of |is )?\$\s?(\d{2,4})\b.{0,25}?\b(\d{1,2}(?:\.5)?)[\s-]?(?:hours?|hrs?)\b/.exec(t);
  if (total?.[1] && total[2] && Number(total[2]) > 0) return Math.floor(Number(total[1]) / Number(total[2]));
  // "about 3 hrs, no more than $150 total": the hours first.
  const hoursFirst =
    /\b(\d{1,2}(?:\.5)?)[\s-]?(?:hours?|hrs?)\b.{0,30}?\$\s?(\d{2,4})\s*(?:total|all in|in total)\b/.exec(t);
  if (hoursFirst?.[1] && hoursFirst[2] && Number(hoursFirst[1]) > 0)
    return Math.floor(Number(hoursFirst[2]) / Number(hoursFirst[1]));
  const before = new RegExp(
    String.raw`\b(?:under|below|less than|cheaper than|no more than|not more than|nothing over|not over|nothing above|no higher than|no more that|at most|max(?:imum)?|up to|within|budget(?: of| is)?|lower than|(?:can'?t|cannot|won'?t|don'?t|do not|not) (?:want to )?(?:spend|pay|go) (?:more than|over|above|past)|<)\s*` +
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
    // "4.8 and up", "4.5 or better", "4.7 or higher": a rating named by its decimal alone.
    /\b([1-4]\.\d|5\.0)\s*(?:and up|and above|or (?:better|higher|above|more)|\+)/,
    // "better rated than 4.7", "rated higher than 4.5".
    /\b(?:(?:better|higher|more highly) rated|rated (?:better|higher|above|over)) than\s*([1-4](?:\.\d)?|5\.0)\b/,
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
  if (/\bverified\b|\bbackground[\s-]?check(ed)?\b|\bvetted\b|\bclean (criminal )?record\b/.test(t))
    badges.isVerified = true;
  // "we run an insurance agency" names a business, not a credential.
  if (/\binsur(ed|ance)\b(?! (agency|agent|company|office|firm|broker|business))/.test(t)) badges.isInsured = true;
  if (/\bbond(ed)?\b/.test(t)) badges.isBonded = true;
  return badges;
}

export type Sort = 'rating' | 'price' | 'experience' | 'distance';

export function findSort(text: string): Sort | undefined {
  const t = text.toLowerCase();
  if (
    /\b(cheapest|least expensive|lowest (price|rate)|most affordable)\b/.test(t) ||
    (/\b(budget|affordable|inexpensive|cheap)\b/.test(t) &&
      // "my budget is $40 max" states a ceiling (findMaxPrice), not an order.
      findMaxPrice(text) === undefined)
  ) {
    return 'price';
  }
  if (
    /\b(most experienced|experienced|most experience|the most jobs|most jobs|veteran|seasoned|the longest|most years|(a )?lot of experience|lots of experience|at it a while|been doing (this|it) (a while|for years))\b/.test(
      t,
    )
  )
    return 'experience';
  if (/\b(nearest|closest|near me|nearby)\b/.test(t)) return 'distance';
  // "the best", not "mornings are best for them".
  if (
    /\b(top[\s-]?rated|best[\s-]?rated|highest[\s-]?rated|(?<!(are|is|works|suits|be|suit|work|mornings?|afternoons?|evenings?|weekends?|weekdays?) )best(?! (time|times|day|days|for|way))|top|highly[\s-]?rated|well[\s-]?reviewed)\b/.test(
      t,
    )
  ) {
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
  if (/\b(between|from) \d{1,2}(:\d{2})?\s*(am)? (and|to|till|until|-) noon\b/.test(t)) return 'morning';
  if (range) {
    const hour = (h: number, half: string | undefined) =>
      half === 'pm' && h < 12 ? h + 12 : half === 'am' ? h % 12 : !half && h >= 1 && h <= 7 ? h + 12 : h;
    const from = hour(Number(range[1]), range[2] ?? range[4]);
    const to = hour(Number(range[3]), range[4]);
    if (from < to && to <= 12) return 'morning';
    if (from >= 12 && to <= 17) return 'afternoon';
    if (from >= 17) return 'evening';
  }
  if (
    /\bmornings?\b|\bfirst thing\b|\bbefore (noon|lunch|midday)\b|\bearly\b(?! (afternoon|evening))|\bin the am\b|\b(tomorrow|tmrw|today|day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun) am\b/.test(
      t,
    )
  )
    return 'morning';
  if (/\bafternoons?\b|\bafter lunch\b|\bbetween lunch and\b|\bafter noon\b|\barvo\b|\bmidafternoon\b/.test(t))
    return 'afternoon';
  if (
    /\bevenings?\b|\btonight\b|\bat night\b|\bafter work\b|\b(late|later) in the day\b|\bend of the day\b|\b(mon|tues|wednes|thurs|fri|satur|sun)day night\b|\b(fri|sat|sun|mon|tue|wed|thu|tomorrow|tmrw) night\b/.test(
      t,
    )
  )
    return 'evening';
  return undefined;
}

/** A clock time: "at 9am", "2 pm", "10:30", "14:00" → "HH:MM". */
export function findClockTime(text: string): string | undefined {
  const t = text.toLowerCase();
  if (/\b(at |by )?noon\b|\bmidday\b/.test(t)) return '12:00';
  const m = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/.exec(t) ?? /\bat (\d{1,2}):(\d{2})\b/.exec(t);
  if (!m?.[1]) {
    // "at 9 tomorrow morning", "at 3": a cleaning's hours read 7–11 as morning and 1–6 as afternoon.
    const bare =
      /\b(?:at|around|about|by|round) (\d{1,2})(?:ish)?\b(?!\s*(?:hours?|hrs?|days?|minutes?|mins?|%|\/|people|kids|bed|bath|rooms?|(?:st|nd|rd|th)\b))/.exec(
        t,
      )?.[1];
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

export { findDate } from './dates';

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
