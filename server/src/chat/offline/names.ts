import type { Toolbox } from '../../lib/assistant-engine';
import { typoBudget } from '../../lib/edit-distance';
import type { CleanerFacts } from '../tools';
import { editDistance } from './text';

/**
 * Finding one cleaner by the name a person typed (decision 056's tolerance, as the listing's
 * search reads names): a full name, a first name, a last name alone ("could Mr. Carter come"), or
 * a misspelt full name ("jmaes cartr", "Tom Bekcer", "jordan rivra"); a first name with the city they
 * clean in ("that seattle cleaner, aisha something") is looked for near that city.
 */

export interface NameLookup {
  cleaner: CleanerFacts | undefined;
  /** What the first search found, for "several cleaners are called …". */
  candidates: CleanerFacts[];
  /** More than one cleaner answers to the name: the person is asked which. */
  ambiguous?: boolean;
}

export async function findCleanerByName(
  toolbox: Toolbox,
  name: string,
  options: { nickname?: boolean; city?: string } = {},
): Promise<NameLookup> {
  if (options.city && !name.includes(' ')) {
    const near = await nearCity(toolbox, name, options.city);
    if (near) return near;
  }
  const found = await toolbox.call('searchCleaners', { query: name, pageSize: 20 });
  const candidates = found.ok ? (found.data as { cleaners: CleanerFacts[] }).cleaners : [];
  const first = name.split(/\s+/)[0]?.toLowerCase() ?? '';
  const parts = name.toLowerCase().split(/\s+/);
  const exact = candidates.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!exact && parts.length === 1) {
    // One name alone ("Mr. Carter", "Maria"): only when one cleaner answers to it, else ask which.
    const called = candidates.filter((c) => {
      const [given = '', family = ''] = c.name.toLowerCase().split(' ');
      return given === first || family === first;
    });
    return { cleaner: called.length === 1 ? called[0] : undefined, candidates, ambiguous: called.length > 1 };
  }
  let cleaner = exact ?? candidates.find((c) => c.name.toLowerCase().split(' ')[0] === first);
  // One part as written with the other's first letters as a prefix narrows a common name ("tom
  // bek" among thousands of Toms); both parts' first letters catch a typo in each. Keep a name
  // close in every part. The search itself reads misspelt words as names it holds.
  if (!cleaner && parts.length >= 2)
    cleaner = candidates.find((c) => namesClose(c.name.toLowerCase().split(' '), parts));
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
  // "thomas becker" for Tom Becker: a first name's usual other form.
  if (!cleaner && parts.length === 2 && !options.nickname) {
    for (const other of NICKNAMES[parts[0] ?? ''] ?? []) {
      const again = await findCleanerByName(toolbox, `${other} ${parts[1]}`, { nickname: true });
      if (again.cleaner) return { cleaner: again.cleaner, candidates };
    }
  }
  return { cleaner, candidates };
}

/** One name near a city: the one cleaner there who answers to it, or the several, or nothing. */
async function nearCity(toolbox: Toolbox, name: string, city: string): Promise<NameLookup | undefined> {
  const forms = [name.toLowerCase(), ...(NICKNAMES[name.toLowerCase()] ?? [])];
  const called: CleanerFacts[] = [];
  for (const form of forms) {
    const found = await toolbox.call('searchCleaners', { query: form, location: city, pageSize: 20 });
    const list = found.ok ? (found.data as { cleaners: CleanerFacts[] }).cleaners : [];
    for (const c of list) {
      const [given = '', family = ''] = c.name.toLowerCase().split(' ');
      if ((given === form || family === form) && !called.some((k) => k.id === c.id)) called.push(c);
    }
  }
  if (called.length === 0) return undefined;
  return called.length === 1
    ? { cleaner: called[0], candidates: called }
    : { cleaner: undefined, candidates: called, ambiguous: true };
}

/** A first name's usual long and short forms, both ways. */
const NICKNAMES: Record<string, string[]> = {};
for (const group of (
  'thomas,tom,tommy,thom james,jim,jimmy,jamie william,will,bill,billy robert,rob,bob,bobby michael,mike,mikey ' +
  'elizabeth,liz,beth,lizzie katherine,catherine,kate,katie,kathy,cathy jennifer,jen,jenny christopher,chris ' +
  'daniel,dan,danny joseph,joe,joey anthony,tony richard,rick,rich nicholas,nick matthew,matt benjamin,ben ' +
  'samuel,sam alexander,alexandra,alex jonathan,jon,john rebecca,becky,becca margaret,maggie,meg ' +
  'patricia,pat,patty susan,sue,susie'
).split(' ')) {
  const names = group.split(',');
  for (const name of names) NICKNAMES[name] = [...(NICKNAMES[name] ?? []), ...names.filter((n) => n !== name)];
}

/** Two full names that differ only by a typo or two in each part. */
function namesClose(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((part, i) => {
    // The typed part carries the typos: "tom" is no "tomas".
    const typed = b[i] ?? '';
    // A short part with its first letter right may still carry one typo ("Aisha Kan").
    const budget = Math.max(typoBudget(typed.length), typed.length >= 3 && typed[0] === part[0] ? 1 : 0);
    return editDistance(part, typed, budget) <= budget;
  });
}

/** "Maria Lopez", "maria lopes", "Mr. Carter" as written after a verb or before "'s". */
const NAME = String.raw`([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)`;
const PROFILE_PATTERNS = [
  new RegExp(
    String.raw`\b(?:tell me (?:more )?about|info(?:rmation)? (?:on|about)|details (?:on|about|for)|who is|who's|look up|lookup|find|show me|pull up|search for|search|looking for)\s+(?:the cleaner\s+|cleaner\s+)?${NAME}`,
    'i',
  ),
  new RegExp(String.raw`\b${NAME}['’]?s?\s+(?:profile|page|reviews?|ratings?|rating|record|experience)\b`, 'i'),
  new RegExp(
    String.raw`\bis\s+${NAME}\s+(?:any good|good|reliable|legit|trustworthy|verified|insured|bonded|rated)\b`,
    'i',
  ),
  /^\s*([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s*(?:[-–—,:])/i,
];

const NOT_NAMES = new Set(
  (
    'a an the me my our your some someone somebody anyone anybody cleaner cleaners cleaning cleanings ' +
    'out more about it this that them her him us you what how why when where who which best top good ' +
    'cheap cheapest nearest deep house home office move window carpet a booking bookings reviews'
  ).split(' '),
);

/** The name a message asks about as a person ("tell me about jordan rivra"), or undefined. */
export function profileName(message: string, isWord: (w: string) => boolean): string | undefined {
  for (const pattern of PROFILE_PATTERNS) {
    const m = pattern.exec(message);
    const raw = m?.[1]?.trim();
    if (!raw) continue;
    const parts = raw.split(/\s+/).filter((p) => !NOT_NAMES.has(p.toLowerCase()));
    if (parts.length === 0) continue;
    // A name's parts are no words of the language ("Hello", "Verified", "affordable" are not names).
    while (parts.length > 0 && isWord(parts.at(-1)?.toLowerCase() ?? '')) parts.pop();
    if (parts.length === 0 || parts.some((p) => isWord(p.toLowerCase()))) continue;
    return parts.join(' ');
  }
  return undefined;
}
