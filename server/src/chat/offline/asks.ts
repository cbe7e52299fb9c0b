import { hoursNamed, momentsNamed, startsTonight } from './cancel-terms';
import { findClockTime, findDate, findMaxPrice, findPlace, findTimeOfDay } from './lookups';
import { profileName } from './names';
import { type CatalogType, findCatalogType, PRICE_WORDS } from './prices';
import { isWord, nameCandidate, nameWords } from './spelling';

/**
 * The questions the offline engine answers with figures and people (decision 047): what cancelling
 * costs at a time named, the person's past and next cleanings, earnings, one service's price, one
 * cleaner by name — and the questions too vague to answer right, which it asks back.
 */

type Asked =
  | { kind: 'bookings'; question: 'next' | 'cancel-free' | 'list' | 'last' }
  | { kind: 'cancellation' }
  | { kind: 'price'; service: CatalogType; name?: string }
  | { kind: 'cleaner'; name: string; tentative?: boolean }
  | { kind: 'clarify'; about: 'price' | 'person' | 'place' | 'general' };

export const CANCEL =
  /\b(drop(?:ping)? (?:my|the|it)|scrap\w*|get(?:ting)? out of (?:it|the \w+|my \w+)|(?:has|have|needs?) to go|cancel\w*|call(?:ing)? (?:it )?off|back(?:ing)? out|bail(?:ing)?(?: out)?(?: on)?|pull(?:ing)? out)\b/i;
const COSTS =
  /\b(free|fees?|charged?|charges|cost|costs|pay|paying|eat(?:ing)? (?:a |the )?fee|too late|penalty|penalties|refund\w*|money back|lose|losing|keep|get back|what'?s the damage|run me|set me back|cost me|(am i|i'?m|i am|i|we|we'?re)( still)? (ok|okay|good|fine|safe|covered)|count(s)? as late|considered late|under the wire|in time|is that (ok|okay|fine|free)|get (anything|something|everything|it|money|all|my money|all my money|any money|it all) back|without (paying|a fee|any fee|a charge|a penalty|being charged|getting charged)|free window|(inside|in|within) the (free )?window|miss(ed)? (it|the window)|get (the |my )?(full|whole|entire) (amount|refund|money|thing)|full (amount|refund)|what happens|what if|what (?:would|will|'?d) happen)\b/i;

/**
 * "If I cancel 20 hours before, do I pay?", "cancel 12 hours before, what do I lose?": the rule's
 * outcome for a time named. "Can I cancel my next one for free?" is about their own booking.
 */
export function cancellationAsked(text: string, signedIn: boolean): Asked | null {
  // "what if I only give 23 hrs notice": notice named is a cancelling time.
  if (/\b\d+(\.\d+)?\s*(hours?|hrs?|days?) (of )?notice\b/i.test(text) && !/\bfor me\b/i.test(text))
    return { kind: 'cancellation' };
  if (!CANCEL.test(text) || !COSTS.test(text)) return null;
  // "what if my cleaner cancels on me": the cleaner's doing (cleaner-late), not the person's.
  if (/\b(cleaner|she|he|they)\b.{0,10}\b(cancels|cancelled|canceled|bails|drops)\b/i.test(text)) return null;
  if (/\bfor me\b|\b(can|could|would|will) you (please )?cancel\b/i.test(text)) return null;
  const own =
    /\bmy (next|upcoming|booking|cleaning|appointment)\b|\bthe (next|upcoming) (one|cleaning|booking|clean|appointment|visit)\b|\bmy next one\b|\bthe (\w+ )?(one|cleaning|booking|clean) (coming up|i have coming)\b/i.test(
      text,
    ) || /\bmine\b/i.test(text);
  // "My appointment is tomorrow at 8am, if I cancel now…": the start they state is the one asked about.
  const stated = (/\b(now|today|right away)\b/i.test(text) || startsTonight(text)) && findClockTime(text) !== undefined;
  // "My cleaning is Saturday at 10; if I cancel Thursday…": a start and a cancelling both named.
  const both = momentsNamed(text, '2000-01-03') !== null;
  const timed =
    both ||
    hoursNamed(text) !== null ||
    stated ||
    /\b(day|night) before\b|\bsame day\b|\bmorning of\b|\blast[\s-]minute\b/i.test(text);
  // "still free to cancel since it's more than a day out, right?": their guess about their own booking.
  const guessed =
    /\b(since|because|as) (it'?s|it is|that'?s|we'?re|i'?m)\b.{0,30}\b(out|away|ahead|from now|left)\b/i.test(text);
  if (own && signedIn && ((hoursNamed(text) === null && !stated && !both) || guessed))
    return { kind: 'bookings', question: 'cancel-free' };
  if (timed) return { kind: 'cancellation' };
  return null;
}

/** "Who cleaned my house last time?", "my previous cleaner", "who's coming next time?" */
export function ownPast(text: string): Asked | null {
  const t = text.toLowerCase();
  if (
    /\bwho was (my|our|the) (cleaner|maid|housekeeper|cleaning lady)\b.{0,15}\b(last time|last week|before)\b/.test(t)
  )
    return { kind: 'bookings', question: 'last' };
  if (
    /\b(the )?(most recent|latest|last) one (that )?(actually )?(happened|was done|i had|came)\b/.test(t) &&
    /\b(who|what day|when|which day|date)\b/.test(t)
  )
    return { kind: 'bookings', question: 'last' };
  // "what did i book last time, service-wise?", "whoever you sent last time … who did it??": the last one.
  if (
    (/\blast time\b/.test(t) && /\b(what date|which date|what day|when) (was|did)\b|\bwho (did it|was it)\b/.test(t)) ||
    /\bthe last one\b.{0,40}\b(done|completed|marked|happen|happened|finished|status)\b/.test(t) ||
    /\bwhat (did|have) i (book|booked|get|got|have|had)( done)?\b.{0,15}\blast (time|visit|cleaning|clean)\b/.test(t)
  ) {
    return { kind: 'bookings', question: 'last' };
  }
  if (/^\W*last (cleaning|clean|cleaner|booking|visit)\b/.test(t) && /\b(who|when|what day|which day)\b/.test(t)) {
    return { kind: 'bookings', question: 'last' };
  }
  const lastNamed =
    /\b(my|the) (last|previous|most recent|latest) ((completed|finished|past) )?(cleaning|clean|cleaner|booking|visit|appointment)\b(?! (company|companies|service|business|lady|crew|place|app|agency))/.test(
      t,
    );
  // "the last clean was sloppy — how do I leave a review?" asks how, not about the last one.
  const askedAbout =
    /\b(who|when|what|which|name|date|how long ago|how much|marked|done|completed|finished|status|go through|went through)\b/.test(
      t,
    ) && !/\bhow (do|can|should) i\b/.test(t);
  if (
    /\b(when|what day|what date) (was|did) (my|our) (place|house|home|apartment|flat|condo|unit)\b.{0,10}\blast (get )?cleaned\b/.test(
      t,
    )
  ) {
    return { kind: 'bookings', question: 'last' };
  }
  if (
    /\b(that|the) (cleaning|clean|booking|visit) ((that(?:'s| is| was)|which (?:is|was)) already (done|finished|over|happened)|(that )?(already )?happened)\b/.test(
      t,
    ) &&
    /\b(how long|what|when|who|how much|come to|cost)\b/.test(t)
  ) {
    return { kind: 'bookings', question: 'last' };
  }
  if (
    /\bwhen was the last time\b.{0,30}\b(came|come|cleaned|clean|cleaning|someone|somebody|anyone|a cleaner)\b/.test(t)
  ) {
    return { kind: 'bookings', question: 'last' };
  }
  // "delete my account once my last booking is done" asks about the account.
  if (
    /\b(delete|close|remove|deactivate|wipe)\b.{0,15}\b(account|profile|chats?|data)\b|\b(account|chat history|chats|my data)\b.{0,30}\b(gone|deleted|erased|removed|wiped)\b|\b(gone|deleted|erased|removed|wiped)\b.{0,30}\b(account|chat history|chats|data)\b/.test(
      t,
    )
  )
    return null;
  // "can I tip the guy who cleaned last week?" asks how to tip, not who it was.
  if (/\b(tip|tipping)\b/.test(t) && /\b(can|how|should|do|may) (i|we)\b/.test(t)) return null;
  if (
    /\b(who|whoever|which cleaner)\b.{0,20}\b(cleaned|came|did)\b.{0,30}\b(last time|last week|before|previously|most recently|recently|last)\b|\bwho cleaned (my|our|for me)\b/.test(
      t,
    ) ||
    (lastNamed && askedAbout)
  ) {
    return { kind: 'bookings', question: 'last' };
  }
  if (
    /\bwho('?s| is| will be)? (coming|cleaning (for me|my)|doing my)\b|\bwho is (my|the) (next )?cleaner\b|\bwhere are my bookings\b|\bwhere (can i|do i) (see|find) my bookings\b/.test(
      t,
    )
  ) {
    return { kind: 'bookings', question: /\bbookings\b/.test(t) ? 'list' : 'next' };
  }
  return null;
}

/** "How much can I make cleaning with you?", "what's the pay like?", "what do cleaners earn?" */
export function earningsAsked(text: string): boolean {
  const t = text.toLowerCase();
  // "what do I pay for a clean" is a customer's question; "the pay for cleaners" is a cleaner's.
  if (/\b(do|would|will|should) i (have to )?pay\b|(?<!\bthe )\bpay for\b|\bpay (my|the|a) cleaner\b|\btip\b/.test(t))
    return false;
  const money =
    /\bgoing rate (for|of) cleaners\b|\bwhat (you'?d|you would|would you|you will|you'?ll|will you) pay me\b|\b(how much|what) (could|would|can|will|does|do|might) (my|his|her|our) (wife|husband|partner|son|daughter|mom|mother|dad|father|sister|brother|friend|roommate) (make|earn)\b|\b(earn|earning|earnings|income|salary|salaries|wages?|make money|(pull|bring|rake) in|what (i'?d|i would|i'?ll|i will|i could|i can) (make|earn)|make (decent|good|real|ok|okay|enough|much|any) money|how much (per hour |an hour |a week |per job |a job )?(would|will|could|do|can) (i|you|they|we)( actually| really)? (keep|make|earn|get|take home|clear)|(what'?s|what is|how'?s|how is) the (hourly|pay|rate)( \w+)? (look|looking) like|(per hour|an hour|hourly)\b.{0,25}\bwhat (would|will|could|do|can) (i|you|they|we) (get|make|earn)|get paid|paid per|pay like|pay rate|the pay|how much (do|can|could|would|will) (i|you|they|cleaners|people|one|we)( \w+)? make|make (per|an|a) (hour|week|month)|what (does|do|would|will) (it|this|that|spotless|the job|cleaning)( \w+)? pay|(rate|pay)\b.{0,30}\b(would|will|could|do|can) i (get|earn|make)|(take home|make|earn|get|clear)\b.{0,15}\b(per|an|a|by the) (hour|hr|job|week|month)|take[\s-]home|would i make more|make more (going|through|with)|(hourly|rate) (you'?d|you would|would you|will you) pay me|the hourly\b.{0,20}\b(for|of) cleaners|make (like |about |around )?\$?\d+ (a|an|per) (week|month|hour|day|year)|after (your|the|spotless'?s?) cut|your cut|takes? (its|a|their) cut|money[\s-]wise|worth (her|his|my|their|your) while|(what|how much)( \$| money)? (could|would|can|will|does|do) (i|you|they|she|he|we|cleaners|people|one)( \w+)? (make|earn))\b/.test(
      t,
    );
  const asCleaner =
    /\b(sign(ing)? up|join(ing)?|apply(ing)?) as one\b|\bbecom(e|ing) one\b|\bif i (cleaned|clean|worked|work|did this|joined)\b|\b(cleaners?|cleaning for|as an? (cleaner|pro)|join|joined|joining|work(ing)? (for|with)|on here|with you|appl(y|ying|ication)|spotless|clean houses|cleans houses|picking up cleanings|full[\s-]?time|part[\s-]?time|doing this|signed up|sign up|signing up|cleaning (jobs|gigs|work|shifts)|gigs?|side (gig|hustle|job)|on the side|extra cash|through (you|spotless)|you guys|clean for (you|yall|y'all|you guys|spotless))\b/.test(
      t,
    );
  if (money && asCleaner) return true;
  return (
    /\b(charge|rate|rates)\b/.test(t) &&
    /\b(i'?m|i am) an? (cleaner|house ?keeper|maid)\b|\b(thinking (of|about) joining|want to join)\b/.test(t)
  );
}

/** "How much is a deep clean?", "what would James Carter charge for a regular clean?" */
export function priceAsked(text: string): Asked | null {
  if (!PRICE_WORDS.test(text)) return null;
  const service = findCatalogType(text);
  if (!service) return null;
  // "How much are deep cleaners in Denver?", "cheap house cleaner under 30/hr" ask for cleaners.
  if (
    /\bcleaners\b/i.test(text) &&
    !/\b(do|would|will) (the )?(\w+ )?cleaners (charge|cost|go for|get|ask)\b/i.test(text)
  )
    return null;
  if (
    /\bcleaners?\b/i.test(text) &&
    (findMaxPrice(text) !== undefined || /\b(cheap|cheapest|affordable|find|need|looking)\b/i.test(text))
  ) {
    return null;
  }
  if (/\b(cancel|tip|tipping|refund)\w*/i.test(text)) return null;
  // "besides the regular clean, what else do you do and what does each cost": the services.
  if (
    /\bwhat else (do (you|u)|can (i|we) (book|get))\b|\beach (one )?costs?\b|\bwhat does each\b|\bwhat do (those|these|both) (run|cost)\b|\bhow much (are|for) (those|these|both)\b/i.test(
      text,
    )
  )
    return null;
  // "A deep clean compared to a normal one" asks how the services differ.
  if (
    /\b(compared?|vs\.?|versus|difference|or)\b/i.test(text) &&
    /\b(normal|regular|standard|house)\b.*\b(deep)\b|\bdeep\b.*\b(normal|regular|standard|house)\b/i.test(text)
  ) {
    return null;
  }
  // The first name-like pair after "with", before "'s rate", around "charge": no words of the language.
  const name = [
    /\b(?:with|w\/)\s*([A-Z][a-z]+ [A-Z][a-z]+|[a-z]+ [a-z]+)\b(?=[\s?.!,]|$)/,
    /\b([A-Za-z][a-z]+ [A-Za-z][a-z]+)['’]?s? (?:rate|price|charge)/,
    /\b(?:would|does|will|could) ([A-Za-z][a-z]+ [A-Za-z][a-z]+) (?:charge|cost|ask)\b/,
    /\b(?:for|from|by)\s+([A-Z][a-z]+ [A-Z][a-z]+)\b/,
    /\b(?:does|do|did|is|was) ([A-Z][a-z]+ [A-Z][a-z]+) (?:charge|cost)\b/,
    // One name alone: "how much would James charge me".
    /\b(?:would|does|will|could|did) ([A-Za-z][a-z]+) (?:charge|cost|ask)\b/,
  ]
    .map((pattern) => pattern.exec(text)?.[1])
    .find(
      (found) =>
        found !== undefined &&
        !found.split(' ').every((w) => isWord(w.toLowerCase())) &&
        !/^(it|that|this|they|she|he|you|we|i)$/i.test(found) &&
        // "move out rate" names a service, not a person.
        !findCatalogType(found) &&
        !/^(would|does|do|will|could|did|can|should|much|me|to|for|how|what)\b/i.test(found),
    );
  // "maria lopez deep clean price": a full name the language does not know, wherever it stands.
  const candidate = nameCandidate(text);
  const full =
    name ??
    (candidate?.includes(' ') && findPlace(candidate).city === undefined && !findCatalogType(candidate)
      ? candidate
      : undefined);
  // "tom from chicago - how much with him": one name beside their city and a pronoun for them.
  const one = nameWords(text);
  const alone =
    !full && one.length >= 1 && one.length <= 2 && findPlace(text).city && /\b(him|her|she|he)\b/i.test(text)
      ? one.join(' ')
      : undefined;
  return { kind: 'price', service, ...(full ? { name: full } : alone ? { name: alone } : {}) };
}

/** "tell me about jordan rivra", "Aisha Kan reviews?", "Jordon Riviera", "is tom becker any good?" */
export function personAsked(text: string): Asked | null {
  // A name with a day, a time or "free" asks when they are free (availability).
  if (
    /\b(free|available|availability|openings?|slots?|possible|come|times?|schedule)\b/i.test(text) ||
    findTimeOfDay(text) !== undefined ||
    findDate(text, '2000-01-01') !== undefined
  ) {
    return null;
  }
  const named =
    /\b(?:a |the )?cleaner (?:called|named) ([A-Za-z][a-z]+ [A-Za-z][a-z]+)\b/.exec(text)?.[1] ??
    /\b(?:do you have|is there|have you got|got)\s+(?:a|an|any)\s+([A-Z][a-z]+ [A-Z][a-z]+)\b/.exec(text)?.[1];
  if (named) return { kind: 'cleaner', name: named };
  const candidate = nameCandidate(text);
  const full = candidate?.includes(' ') ? candidate : undefined;
  if (full && PROFILE_WORDS.test(text)) return { kind: 'cleaner', name: full, tentative: true };
  // "a maria something in denver, lopez i think? can you find her": a first and last name apart.
  const apart = nameWords(text);
  if (!full && apart.length === 2 && PROFILE_WORDS.test(text)) {
    return { kind: 'cleaner', name: apart.join(' '), tentative: true };
  }
  // "that seattle cleaner, aisha something", "is there a maria in denver": one name and their city.
  if (!full && apart.length === 1 && findPlace(text).city && (PROFILE_WORDS.test(text) || ANY_CALLED.test(text))) {
    return { kind: 'cleaner', name: apart[0] as string, tentative: true };
  }
  const name = profileName(text, isWord);
  if (name && findPlace(name).city === undefined && !findCatalogType(name)) {
    return { kind: 'cleaner', name, ...(name.includes(' ') ? {} : { tentative: true }) };
  }
  // A message that is nothing but a name.
  // A message that is nothing but a name, maybe with their city ("James carter austin").
  const place = findPlace(text).city?.name.toLowerCase();
  const bare = text
    .trim()
    .replace(/[?!.]+$/, '')
    .toLowerCase()
    .replace(place ? new RegExp(`[\\s,]+${place}$`) : /$^/, '');
  if (full && full === bare) return { kind: 'cleaner', name: full, tentative: true };
  return null;
}

const ANY_CALLED =
  /\b(is there|do you have|have you got|got|know|any)\s+(a|an|any|one)?\s*[a-z]+\s+(in|from|near|around|out of)\b/i;

const PROFILE_WORDS =
  /\b(link|find (her|him|them)|(pull|look|bring) up|link to (her|him|them|their)|got a link|how many stars|stars|on here|on (the )?(app|site|spotless|your (site|app|platform))|(work|works|working) (for|with|on) (you|spotless)|languages?|speaks?|deal|how long|people like|saying|say about|think of|opinions?|pull (her|him|them) up|look (her|him|them) up|recommended|recommend|profile|page|reviews?|ratings?|rated|jobs|experience|any good|good|reliable|legit|trust(worthy)?|insured|bonded|verified|background|tell me about|who is|who's|about)\b/i;

/** "anyone available saturday?" with no place: where, first. */
export function whereFirst(text: string): Asked | null {
  const place = findPlace(text);
  if (place.city || place.state) return null;
  if (
    /\b(anyone|anybody|someone|somebody|who'?s?|any cleaners?)\b.{0,30}\b(free|available|open|(can|could|to|will|would) come( over)?|make it)\b|\b(can|could|will|would) (anyone|anybody|someone|somebody) (come|make it)\b/i.test(
      text,
    ) ||
    /\bany (openings|slots|availability|spots|times)\b/i.test(text) ||
    /^((hi|hello|hey)\W+)?(i )?(need|want|looking for|would like) (a |an )?(cleaning|clean|cleaner|maid|housekeeper)\W*$/i.test(
      text,
    ) ||
    /^\W*(i )?(need|want|looking for) (someone|somebody|a cleaner|a maid|a housekeeper)\b.{0,30}$/i.test(text) ||
    /^\W*(i )?(need|want) (the|my|our) (place|house|home|apartment|flat|condo)( \w+)? (spotless|clean|cleaned|sparkling|done)\b/i.test(
      text,
    ) ||
    /\bfind (me )?(someone|somebody|a cleaner|one|anyone) (cheaper|better|closer|nicer|else)\b/i.test(text) ||
    /^\W*who (can|could) (do|come|make it|clean)\b/i.test(text) ||
    /^\W*(i )?(need|want) (a |some )?(cleaning|clean)( done)?\W*$/i.test(text)
  ) {
    // "anyone free saturday, maria lopez?" names someone; "need someone asap" does not.
    return nameCandidate(text)?.includes(' ') ? null : { kind: 'clarify', about: 'place' };
  }
  return null;
}

/** A visitor asking after their payment, booking or account: only after signing in. */
export function ownDataAsked(text: string): boolean {
  if (
    /\b(safe|secure|how (do|can|should|would) i|how to|broke|broken|damaged?|stolen|missing|shown up|showed up|show up|late|no[\s-]show|arrived?)\b/i.test(
      text,
    )
  )
    return false;
  if (
    /\bdid i (pay|get charged|get billed) (for )?(my|the) (\w+ )?(cleaning|booking|clean|visit)\b|\b(did|has|have) the (payment|charge)\b.{0,40}\b(go|gone|went|come|came) through\b|\bbooked\b.{0,40}\b(what time|when) (are|is|will) (they|she|he|the cleaner|someone)( \w+)? (coming|arriving|get(ting)? there|show(ing)? up)\b|\b(did|has|have|was|were)\b.{0,10}\bmy (card|account|bank)\b.{0,15}\b(get |been |got )?(charged|billed|debited)\b|\bmy cleaner\b.{0,30}\b(still coming|coming|on (her|his|their|its) way|arriving|showing up)\b|\b(did|has|is) my cleaner (confirm|accept|respond|repl)\w*\b|\bmy cleaner\b.{0,15}\b(confirmed|accepted)\b/i.test(
      text,
    )
  )
    return true;
  if (
    /\bhow much (have i|did i|i'?ve|have we|did we) (spent|paid)\b|\b(which|what) card\b.{0,20}\b(did i|i used|i paid|on file|saved|do i have)\b|\b(i|have i|did i) (got |been |get )?(charged|billed) (twice|double|two times|again|too much)\b|\b(what|how much) (i|was i|did i) (got |get |was |been )?(charged|billed|pay|paid)\b|\b(charged|billed) me\b|\bmy (card|bank|statement) (says|shows)\b/i.test(
      text,
    )
  )
    return true;
  if (
    /\b(receipts?|invoices?|statements?)\b/i.test(text) &&
    /\b(my|i'?ve had|i had|pull|send|get|download|every|all)\b/i.test(text)
  )
    return true;
  return (
    /\b(did|has|have|where|when|status|show|see|check|list|view)\b.{0,30}\bmy (payments?|bookings?|cleanings?|appointments?|receipts?|refunds?|orders?)\b|\bmy (payments?|bookings?|cleanings?|appointments?|refunds?|orders?)\b.{0,30}\b(go through|went through|gone through|confirmed|status|processed|arrive|come through)\b/i.test(
      text,
    ) ||
    /\b(what|which|show|see)\b.{0,25}\b(e-?mail|phone|number|address|name|details|password)\b.{0,25}\b(on|in|for|of) my (account|profile)\b|\b(what|which)\b.{0,30}\b(e-?mail|phone|number|address|name|details|card)\b.{0,30}\b(on file|(do )?you have (for|on|of) me)\b|\bmy (account|profile) (details|info|information|settings)\b/i.test(
      text,
    )
  );
}
