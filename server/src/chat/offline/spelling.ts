import { CITIES } from '@spotless/sdk/cities';
import { ENGLISH_WORDS } from './english';
import { fromSpanish } from './spanish';
import { allowedEdits, editDistance, STOPWORDS, words } from './text';

/**
 * The offline engine's reading of misspelt words and names (decision 047): shorthand written out,
 * a misspelling of a word the rules read corrected, and a guess at a person's name.
 */

/** Shorthand people type, written out before the rules read the message. */
const SHORTHAND: Record<string, string> = {
  nxt: 'next',
  bookng: 'booking',
  boking: 'booking',
  bkng: 'booking',
  appt: 'appointment',
  appts: 'appointments',
  b4: 'before',
  asap: 'as soon as possible',
  apointment: 'appointment',
  clening: 'cleaning',
  cleanin: 'cleaning',
  whens: "when's",
  whats: "what's",
  hows: "how's",
  yrs: 'years',
  u: 'you',
  cxl: 'cancel',
  canx: 'cancel',
  tia: 'thanks in advance',
  w: 'with',
  ur: 'your',
  thru: 'through',
  tonite: 'tonight',
  tnite: 'tonight',
  acct: 'account',
  aftn: 'afternoon',
  aft: 'afternoon',
  mrng: 'morning',
  morn: 'morning',
  kinda: 'kind of',
  sorta: 'sort of',
  gonna: 'going to',
  wanna: 'want to',
  gotta: 'got to',
  rn: 'right now',
  wud: 'would',
  wld: 'would',
  cud: 'could',
  reciepts: 'receipts',
  reciept: 'receipt',
  recipts: 'receipts',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  tmrow: 'tomorrow',
  tomoz: 'tomorrow',
  r: 'are',
  ppl: 'people',
  thx: 'thanks',
  pls: 'please',
  plz: 'please',
  // Common misspellings of the words the rules read.
  acount: 'account',
  accout: 'account',
  bookigns: 'bookings',
  bookign: 'booking',
  bookins: 'bookings',
  reschedual: 'reschedule',
  reshedule: 'reschedule',
  rescedule: 'reschedule',
  suport: 'support',
  supprt: 'support',
  adress: 'address',
  addres: 'address',
  cancell: 'cancel',
  cancle: 'cancel',
  availibility: 'availability',
  availablity: 'availability',
  avaliable: 'available',
  availble: 'available',
  recieve: 'receive',
};

/**
 * The words the rules and lookups read. A word that is no English word the engine knows, nor a
 * city's, and lies within its length's edits of one of these is read as it ("saturdy", "tiping").
 */
const RULE_WORDS = (
  'sunday monday tuesday wednesday thursday friday saturday tomorrow today tonight morning afternoon ' +
  'evening weekend support cancel cancelling cancellation booking bookings booked appointment ' +
  'appointments available availability openings schedule reschedule account address tipping cleaning ' +
  'cleaner cleaners refund payment insured insurance bonded verified emergency damage damaged review ' +
  'reviews background receive receipt invoice password privacy delete price prices expensive cheapest rating rated ' +
  'instructions ignore pretend previous system prompt guidelines upcoming'
).split(' ');
const CITY_WORDS = new Set(CITIES.flatMap((c) => c.name.toLowerCase().split(' ')));
const corrected = new Map<string, string>();

function correctWord(word: string): string {
  const lower = word.toLowerCase();
  const short = SHORTHAND[lower];
  if (short) return short;
  if (lower.length < 4 || ENGLISH_WORDS.has(lower) || CITY_WORDS.has(lower)) return word;
  // A plural or past of a word the engine knows is spelled right ("cleanings", "openings").
  const base = lower.replace(/(?:s|es|ed|d)$/, '');
  if (ENGLISH_WORDS.has(base) || RULE_WORDS.includes(base)) return word;
  const known = corrected.get(lower);
  if (known !== undefined) return known || word;
  const max = allowedEdits(lower.length);
  let best = '';
  let bestDistance = max + 1;
  for (const rule of RULE_WORDS) {
    if (rule === lower) {
      best = '';
      break;
    }
    // Typos keep the first letter: "saturdy" is Saturday, "sorting" is no "morning".
    if (rule[0] !== lower[0]) continue;
    const d = editDistance(lower, rule, max);
    if (d < bestDistance) {
      best = rule;
      bestDistance = d;
    }
  }
  if (corrected.size > 4096) corrected.clear();
  corrected.set(lower, best);
  return best || word;
}

export function expandShorthand(text: string): string {
  return fromSpanish(text)
    .replace(/\bb4\b/gi, 'before')
    .replace(/\bw\/o\b/gi, 'without')
    .replace(/[A-Za-z]+/g, correctWord);
}

const DAY_WORDS = new Set(
  'mon tue tues wed thu thur thurs fri sat sun next this week weeks day days am pm noon'.split(' '),
);

/**
 * A word or two that could be a person's name, when nothing else read the message: words that are
 * no English word, rule word, city or day the engine knows ("maria lopes sunday evening?"). Only a
 * guess: the engine asks it of the cleaners, and answers with availability only when one is found.
 */
export function nameCandidate(message: string): string | undefined {
  const list = words(expandShorthand(message));
  // Two unknown words in a row ("swears by tom becker") are likelier a name than one alone.
  const pair = list.findIndex((w, i) => nameLike(w) && nameLike(list[i + 1]));
  if (pair >= 0) return `${list[pair]} ${list[pair + 1]}`;
  const at = list.findIndex(nameLike);
  return at < 0 ? undefined : list[at];
}

/** Every word of a message that could be part of a name ("a maria something in denver, lopez i think"). */
export function nameWords(message: string): string[] {
  return words(expandShorthand(message)).filter(nameLike);
}

function nameLike(w: string | undefined): w is string {
  return (
    w !== undefined &&
    w.length >= 3 &&
    /^[a-z]+$/.test(w) &&
    !STOPWORDS.has(w) &&
    !ENGLISH_WORDS.has(w) &&
    // A word the language knows with an ending ("recommended", "cleaned", "booking").
    !ENGLISH_WORDS.has(w.replace(/(?:ed|ing|s|es|d)$/, '')) &&
    !RULE_WORDS.includes(w) &&
    !CITY_WORDS.has(w) &&
    !DAY_WORDS.has(w)
  );
}

/** Whether a lower-case word is one of the language's (not a name's): English, a rule word, a day. */
export function isWord(w: string): boolean {
  return ENGLISH_WORDS.has(w) || STOPWORDS.has(w) || RULE_WORDS.includes(w) || DAY_WORDS.has(w);
}
