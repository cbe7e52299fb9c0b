/**
 * What a message settles on before the rules read it (decision 047): a correction replaces what it
 * corrects ("friday... actually make it saturday", "move out... actually no, just a regular one"),
 * and a day, a part of the day or a service said not to be wanted is not read as asked for ("this
 * weekend but NOT sunday", "mornings are school runs", "no deep clean needed").
 */

const DAY = String.raw`(?:today|tonight|tomorrow|(?:mon|tues|tue|wednes|wed|thurs|thu|fri|satur|sat|sun)(?:day)?s?|(?:the )?\d{1,2}(?:st|nd|rd|th)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?)`;
const PART = '(?:mornings?|afternoons?|evenings?)';
const SERVICE = String.raw`(?:deep|move[\s-]?outs?|move[\s-]?ins?|regular|normal|standard|window|carpet|office|commercial)`;

const KINDS: Array<{ kind: string; pattern: RegExp }> = [
  { kind: 'day', pattern: new RegExp(String.raw`\b${DAY}\b`, 'gi') },
  { kind: 'part', pattern: new RegExp(String.raw`\b(?:in the )?${PART}\b`, 'gi') },
  { kind: 'service', pattern: new RegExp(String.raw`\b${SERVICE}\b(?:[\s-]?clean(?:ing)?)?`, 'gi') },
];

/** "actually make it", "wait no", "i mean", "scratch that": what follows replaces what came before. */
const CORRECTION =
  /(?:^|[\s.,;!?…-])(actually|wait,? no|no,? wait|i mean|scratch that|on second thought|correction|make (?:it|that))\b/gi;

/** A day, a part of the day or a service ruled out, with the words that rule it out. */
const RULED_OUT = [
  new RegExp(
    String.raw`(?<!\b(?:wait|actually),? )\b(?:but |and )?(?:not|no|except|excluding|without|can'?t do|cannot do|don'?t need|do not need)(?: on| in the| the| a| an| any)? (${DAY}|${PART}|${SERVICE})(?:[\s-]?clean(?:ing)?)?(?: needed)?(?: (?:tho|though|pls|please))?\b`,
    'gi',
  ),
  new RegExp(
    String.raw`\b(${PART}|${DAY}) (?:are|is|r) (?:out|no good|bad|busy|taken|a no|school runs?|impossible|not good)\b|\b(${PART}|${DAY}) (?:don'?t|doesn'?t|won'?t) work\b`,
    'gi',
  ),
];

/** Words around the asked that only tell a story: a journey's times, an idiom's "deep", the time now. */
const CONTEXT: Array<[RegExp, string]> = [
  // "in deep trouble with my landlord" is no deep clean.
  [/\b(?:in )?deep (trouble|water|sleep|breath|down|regret|end|dive|thought)\b/gi, '$1'],
  // "its tuesday 9am right now": the assistant knows the time; what is said now is the moment itself.
  [/\b(?:it'?s|its|it is)(?: currently)? [^,.;!?]{0,30}\b(?:right now|now)\b/gi, 'now'],
  [/\b(?:this minute|this second|right this moment|this instant)\b/gi, 'now'],
  // "dont care if theyre verified", "not looking for the cheapest": a filter or an order not asked for.
  [
    /\b(?:(?:i )?don'?t care|doesn'?t matter|not fussed|no need)(?: (?:if|whether|about))?(?: (?:they'?re|they are|theyre|it'?s|being))? (?:verified|insured|bonded|background[\s-]?checked)\b/gi,
    ' ',
  ],
  [
    /\bnot (?:looking for |after |interested in |bothered about )?(?:the )?(?:cheapest|lowest price|closest|nearest|best rated|top rated|highest rated|most experienced)\b/gi,
    ' ',
  ],
];

const CLEANING = /\b(clean|cleans|cleaning|cleaner|cleaners|maid|housekeeper)\b/i;
const CEILING = /\b(ceiling|budget|max|maximum|limit|the most|afford|tops|no more|cap)\b/i;
const PAST_MONEY = /\b(charged|paid|cost|spent|was|were|made|earned|used to|quoted|quote|offered)\b.{0,30}\$\s?\d/i;

export function settle(message: string): string {
  let text = message.replace(/\b(\d{1,2})ish\b/gi, '$1').replace(/\b(noon|midday|lunch)ish\b/gi, '$1');
  for (const [pattern, by] of CONTEXT) text = text.replace(pattern, by);
  // "my flight from boston lands thursday night, can someone clean …": the journey's time and place,
  // when the cleaning is asked apart from it.
  const journey =
    /\b(?:(?:my|our|the|a) )?(?:flight|plane|train|bus|ferry)\b[^,.;!?]*\b(?:lands?|landing|arrives?|arriving|gets in|leaves?|leaving|departs?|departing|boards?)\b[^,.;!?]*/gi;
  if (CLEANING.test(text.replace(journey, ' '))) text = text.replace(journey, ' ');
  // "last cleaner I had charged $45 an hour. what does a regular clean run?": a figure told, not asked.
  text = text
    .split(/(?<=[.!])\s+/)
    .map((sentence, i, all) =>
      i < all.length - 1 && !sentence.includes('?') && PAST_MONEY.test(sentence) && !CEILING.test(sentence)
        ? sentence.replace(
            /\$\s?\d+(?:\.\d+)?(?:\s*(?:\/\s*h(?:ou)?r|an hour|per hour|hourly|a visit|total))?/gi,
            'money',
          )
        : sentence,
    )
    .join(' ');
  // The last correction wins over what it corrects, kind by kind.
  const marks = [...text.matchAll(CORRECTION)];
  const last = marks.at(-1);
  if (last?.index !== undefined) {
    let head = text.slice(0, last.index);
    const tail = text.slice(last.index);
    for (const { pattern } of KINDS) {
      if (new RegExp(pattern.source, 'i').test(tail)) head = head.replace(pattern, ' ');
    }
    text = `${head}${tail}`;
  }
  let other: string | undefined;
  for (const pattern of RULED_OUT) {
    text = text.replace(pattern, (_whole, ...groups) => {
      const day = (groups.slice(0, 2).find((g) => typeof g === 'string') as string | undefined)?.toLowerCase() ?? '';
      if (/^sun/.test(day)) other = 'saturday';
      else if (/^sat/.test(day)) other = 'sunday';
      return ' ';
    });
  }
  // A weekend day ruled out leaves the other ("this weekend, not sunday" is Saturday).
  if (other) text = text.replace(/\bweekend\b/i, other);
  return text.replace(/\s{2,}/g, ' ').trim();
}
