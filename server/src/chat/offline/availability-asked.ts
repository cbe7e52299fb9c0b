import { findDate, findPlace } from './lookups';
import { isWord, nameWords } from './spelling';

/**
 * A named cleaner's free times asked for (decision 047): "is Maria free on Saturday", "when can
 * James come", "aisha khan any openings tmrw am", "james carter fridays — does he do them?".
 */

const NAME_STOP = new Set(
  (
    'the a an any anyone someone somebody everyone she he they it this that my your cleaner cleaners there you i ' +
    'we free available open busy working customer service support team office spotless what who which ' +
    'is are was were do does did can could will would please hey hi hello so ok okay and or but if when how ' +
    'mr mrs ms miss dr come clean do work make be have get go got'
  ).split(' '),
);

/** "is Maria free on Saturday", "when is maria lopez available", "can James come tomorrow". */
export function availabilityOf(text: string): { kind: 'availability'; name: string } | null {
  const t = text.replace(/[?!.,]/g, ' ');
  const patterns = [
    /\b(?:is|are|will|would)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:be\s+)?(?:free|available|open|around|booked|busy|working)\b/i,
    // "tom free tmrw afternoon? the chicago one": one name, first.
    /^\s*(?:hi|hey|hello)?[\s,]*([A-Za-z][a-z]+)\s+(?:free|available)\b/i,
    // "any chance aisha khan has a slot tmrw".
    /\b([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s+(?:has|have|got)\s+(?:a|an|any)\s+(?:slot|opening|spot|gap|window|free time)s?\b/i,
    // "is the seattle cleaner aisha free": the name after "cleaner".
    /\bcleaner,?\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\s+(?:be\s+)?(?:free|available|around|open)\b/i,
    /\bwhen\s+(?:is|can|will|could|does)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:be\s+)?(?:free|available|come|work|clean|open)\b/i,
    /\b(?:can|could)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:come|clean|do|make it|work)\b/i,
    /\b([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)['’]s\s+(?:availability|schedule|free (?:times|slots)|open (?:times|slots)|calendar|openings|slots|times)\b/i,
    /\b([A-Z][a-z]+)\s+(?:could|can|would|will)\s+(?:come|clean|do|make it|work)\b/,
    /\b([A-Za-z][a-z]+\s+(?!(?:who|that|which|then|there)\b)[A-Za-z][a-z]+)\s+(?:could|can)\s+(?:come|clean|make it)\b/i,
    /\b(?:availability|free (?:times|slots)|open (?:slots|times)|schedule|slots|times|openings)\s+(?:of|for|with)\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\b/i,
    /\b(?:does|has)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:have|got)\s+(?:any\s+|anything\s+|something\s+|an?\s+)?(?:time|times|availability|openings?|slots?|free|open|available|space|room|spots?)\b/i,
    /\b(?:does|has)\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\s+(?:have|got)\s+(?:anything|something|any(?:thing)? (?:left|free|open))\b/i,
    /\bwhat times\s+(?:does|is|can)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\b/i,
    /\b(?:what|which|any)\s+(?:openings?|slots?|times?|availability|days?|spots?)\s+(?:does|do|has|have|is|will)\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\s+(?:have|got|free|open|available)\b/i,
    // "james carter fridays - does he do them?"
    /^\s*([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s+(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/i,
    // "does Aisha Khan take monday jobs at all"
    /\b(?:does|do|will|would)\s+([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s+(?:take|do|work|accept)\b.{0,15}\b(?:mon|tues|wednes|thurs|fri|satur|sun)day/i,
    // "I can only do Wednesdays, does aisha khan work those?": a full name working a day named.
    /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b.*\b(?:does|do|will|would|can|could)\s+([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s+(?:work|do|take|clean)\b/i,
    // "I'd like to book Aisha Khan on Wednesday, does she have time?"
    /\bbook\s+([A-Z][a-z]+\s+[A-Z][a-z]+)\b(?=.*\b(?:time|free|available|availability|openings?|slots?)\b)/,
    // A name first: "aisha khan free tomorrow?", "james carter availability thursday".
    /^\s*(?:hi|hey|hello)?[\s,]*([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s+(?:free|available|availability|open|openings|schedule)\b/i,
    /^\s*(?:hi|hey|hello)?[\s,]*([A-Za-z][a-z]+\s+[A-Za-z][a-z]+)\s+(?:(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|this week|next week)\b.{0,40}\b(?:free|available|availability|open|openings|slots?|times?)\b/i,
  ];
  for (const p of patterns) {
    const m = p.exec(t);
    const name = m?.[1]?.trim();
    if (!name) continue;
    const first = name.split(/\s+/)[0]?.toLowerCase() ?? '';
    if (NAME_STOP.has(first)) continue;
    // "I can only ever do Wednesdays": words of the language, not a name.
    if (name.split(/\s+/).every((w) => isWord(w.toLowerCase()))) continue;
    // "new orleans, monday before lunch, anyone open?": a city, not a person; nor a holiday.
    if (findPlace(name).city !== undefined || findDate(name, '2000-01-01') !== undefined) continue;
    const parts = name.split(/\s+/).filter((part) => !NAME_STOP.has(part.toLowerCase()));
    if (parts.length === 0) continue;
    return { kind: 'availability', name: parts.join(' ') };
  }
  // "…raving about James Carter. Does he have any openings then?": the one person named.
  if (
    /\b(does|is|can|will|has|could|would)\s+(he|she|they)\b.{0,30}\b(have|free|available|openings?|slots?|time|come|make it)\b/i.test(
      t,
    )
  ) {
    const names = [...text.matchAll(/\b([A-Z][a-z]+) ([A-Z][a-z]+)\b/g)]
      .map((m) => `${m[1]} ${m[2]}`)
      .filter((n) => !n.split(' ').some((w) => NAME_STOP.has(w.toLowerCase()) || isWord(w.toLowerCase())))
      .filter((n) => findPlace(n).city === undefined && findPlace(n).state === undefined);
    if (new Set(names).size === 1) return { kind: 'availability', name: names[0] as string };
    // "the guy james in austin, when is he free": one name beside their city.
    const one = nameWords(text);
    if (names.length === 0 && one.length === 1 && findPlace(text).city) {
      return { kind: 'availability', name: one[0] as string };
    }
  }
  return null;
}
