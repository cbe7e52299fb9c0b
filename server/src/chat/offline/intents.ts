import {
  cancellationAsked,
  earningsAsked,
  ownDataAsked,
  ownPast,
  personAsked,
  priceAsked,
  vague,
  whereFirst,
} from './asks';
import {
  findBadges,
  findClockTime,
  findDate,
  findMaxPrice,
  findMinRating,
  findPlace,
  findServiceType,
  findSort,
} from './lookups';
import type { CatalogType } from './prices';
import { searchFilters } from './search';
import { expandShorthand, isWord } from './spelling';
import { findAfter } from './when';

/**
 * What a message asks for, decided in this order: an attempt to change the assistant's rules, a
 * request for someone's contact details, a request to act (book, cancel, pay, refund), the
 * person's own bookings, a cleaner's free times, a cleaner search, the services and prices, a
 * help article, a greeting; anything else is off-topic.
 */

export type Intent =
  | { kind: 'injection' }
  | { kind: 'private' }
  | { kind: 'write'; what: 'book' | 'cancel' | 'refund' | 'pay' | 'reschedule' | 'other' }
  | { kind: 'bookings'; question: 'next' | 'cancel-free' | 'list' | 'last' }
  /** What cancelling costs at a time named ("20 hours before"), or both outcomes ("the day before"). */
  | { kind: 'cancellation' }
  /** One service's price, for a named cleaner or over a place. */
  | { kind: 'price'; service: CatalogType; name?: string }
  /** One cleaner by name: their profile. */
  /** `tentative`: a guess from unknown words — answered only if such a cleaner exists, else read again without it. */
  | { kind: 'cleaner'; name: string; tentative?: boolean }
  /** A visitor asking about their account's data: sign in first. */
  | { kind: 'signIn' }
  /** A page of the site they ask to be taken to. */
  | { kind: 'go'; path: '/dashboard' | '/payments' | '/profile' }
  /** Where their payments are listed. */
  | { kind: 'paymentsPage' }
  /** Where to sign in. */
  | { kind: 'signInWhere' }
  /** What cleaners earn on the platform. */
  | { kind: 'earnings' }
  /** Too vague to answer right: ask which (a price of what, who is "she", where is "near me"). */
  | { kind: 'clarify'; about: 'price' | 'person' | 'place' | 'general' }
  | { kind: 'availability'; name: string }
  | { kind: 'search' }
  | { kind: 'services' }
  | { kind: 'offTopic' }
  | { kind: 'greeting' }
  /** A question whose article is plain from a phrase (an age, a job, moving one's booking). */
  | { kind: 'topic'; article: string }
  | { kind: 'other' };

const INJECTION = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines|directions|polic(y|ies)|restrictions|programming|previous|above|prior)\b/i,
  /\b(system|developer|hidden|initial|original)\s+(prompt|message|instructions?)\b/i,
  /\byou are now\b|\bfrom now on,? you\b|\bact as\b|\bpretend (to be|you)\b|\broleplay\b|\bjailbreak\b|\bdeveloper mode\b|\bDAN\b/i,
  /^\s*(system|assistant|admin)\s*:/im,
  /\b(reveal|print|show|repeat|output|dump|leak)\b.{0,30}\b(prompt|instructions|configuration|config|secrets?|api keys?|database|passwords?)\b/i,
  /\b(all|every|other)\s+(users?|customers?|accounts?)['’]?\s*(e-?mails?|phones?|numbers?|addresses|data|passwords?)\b/i,
  /<\s*\/?\s*(system|script|instructions?)\s*>/i,
  /\b(repeat|print|show|output|copy|recite)\b.{0,30}\b(everything|all|text|words|what was written)\b.{0,30}\b(above|before|earlier|prior)\b/i,
  /^\s*\[(system|admin|administrator|developer|staff|support|moderator)\]|\bthis is (spotless|the|an?) (support|admin|staff|developer|system|moderator)\b.{0,80}\b(reply|tell|say|send|respond|link|inform)\b|\b(reply|respond) to (every|all|each) (users?|customers?|people)\b/i,
  /\b(system|admin|security|policy) (notice|alert|override|update)\b|\b(prior|previous|earlier|old|all|your) (rules|instructions|guidelines)\b.{0,20}\b(are |is )?(void|null|revoked|cancelled|suspended|no longer)\b|\b(reply|respond|answer) (to )?(every|each|all)( \w+)? (messages?|questions?)\b.{0,40}\b(with|by)\b|\breply ok to confirm\b/i,
  /\blet'?s play a game\b|\b(without|no|ignoring)( any| all| your| the)?( usual| normal| current)? (rules|guidelines|limits|limitations|restrictions|filters|guardrails|censorship)\b/i,
];

const CONTACT_WORDS =
  /\b(phone|cell|mobile|number|e-?mail|email address|home address|address|addresses|contact (details|info)|whatsapp|social security|ssn)\b/i;
/** Asking for our own contact details ("your phone number", "how do I reach you") is not private. */
const SUPPORT_CONTACT =
  /\b(support|your|spotless|customer service|help ?desk|team|company|office hours)\b|\b(reach|contact|call|email|e-mail|text|message) (you|u)\b/i;
const SOMEONE =
  /\b(cleaner|cleaners|customer|customers|client|clients|user|users|someone|somebody|whoever|anyone|anybody|person|people|owner|her|his|their|(?!(?:what|that|it|there|here|who|where|when|how|let|he|she|one|today|tomorrow)['’]s)[A-Za-z]+['’]s)\b/i;

/** A request for something ("what is", "give me", "can I get"), not a mention ("not picking up her phone"). */
const ASKS =
  /\b(what(?:'?s| is| are)|give|share|send|tell|get|need|want|find|know|have|got|provide|look ?up|access|see|reach|contact|call|text|email|dm|message|where|which)\b|\?/i;

const OFF_TOPIC =
  /\b(weather|forecast|poem|poetry|song|lyrics|joke|story|essay|recipe|stock|stocks|bitcoin|crypto|football|soccer|basketball|baseball|nba|nfl|score|scores|president|election|capital of|translate|homework|python|javascript|java|code|program|movie|movies|film|horoscope|lottery|math|calculate|sports|game|super bowl|world cup|playoffs?|championship|won the|pizza|restaurants?|burgers?|sushi|dinner|menus?|meals?|cook|cooking|cover letter|resume|résumé|vegan|vegetarian|gluten|turkey|brine|roast|bake|baking|bars?|coffee shops?|hotels?|flights?|vacation|dating)\b/i;

/** A request that the assistant act: "book Maria", "can you cancel my booking", "refund me". */
function writeRequest(text: string): Extract<Intent, { kind: 'write' }> | null {
  const t = text.toLowerCase().trim();
  const lead = String.raw`^(?:(?:please|pls|hey|ok|okay|so|now|just|then)[,\s]+)*(?:(?:can|could|would|will) you (?:please )?|i want you to |i need you to |go ahead and |you should |help me )?`;
  const verbs: Array<[RegExp, Extract<Intent, { kind: 'write' }>['what']]> = [
    [/book|reserve|schedule|hire/, 'book'],
    [/cancel/, 'cancel'],
    [/refund|give me (my )?money back/, 'refund'],
    [/pay|charge|tip|process (the |my )?payment/, 'pay'],
    // "move out cleaning in Austin" names a service, not a move.
    [/reschedule|move(?![\s-]?(?:out|in)\b)|change/, 'reschedule'],
    [/delete|remove|approve|reject|confirm|accept|decline/, 'other'],
  ];
  for (const [verb, what] of verbs) {
    if (new RegExp(lead + String.raw`(?:${verb.source})\b`).test(t)) {
      // "can you book …" asks the assistant; "can I book …" or "how do I book …" asks how.
      if (what === 'reschedule' && !/\b(my|the|it|booking|cleaning|appointment)\b/.test(t)) return null;
      if (what === 'other' && !/\b(my|the|it|booking|account|review|application)\b/.test(t)) return null;
      return { kind: 'write', what };
    }
  }
  if (
    /\brefund me\b|\b(process|issue|do|make|send)\b.{0,15}\b(it|refund|that|the money)\b.{0,15}\b(now|asap|today|right away|immediately)\b/.test(
      t,
    )
  ) {
    return { kind: 'write', what: 'refund' };
  }
  if (/\b(leave|write|post)\b.{0,30}\breview\b/.test(t) && /\bfor me\b|^(please )?(leave|write|post)\b/.test(t)) {
    return { kind: 'write', what: 'other' };
  }
  if (/\b(book|cancel|refund|pay for|reschedule)\b.{0,40}\bfor me\b/.test(t)) {
    const what = /cancel/.test(t)
      ? 'cancel'
      : /refund/.test(t)
        ? 'refund'
        : /pay/.test(t)
          ? 'pay'
          : /reschedule/.test(t)
            ? 'reschedule'
            : 'book';
    return { kind: 'write', what };
  }
  return null;
}

const OWN_BOOKING =
  /\b(my|mine)\b.{0,30}\b(booking|bookings|cleaning|cleanings|clean|appointment|appointments|visit|job|reservation|service)\b/i;

function ownBookings(text: string): Extract<Intent, { kind: 'bookings' }> | null {
  const t = text.toLowerCase();
  if (/\b(safe|safety|tips?|advice)\b/.test(t)) return null;
  // "How do I change the date of my appointment?" asks how, not about the appointment.
  if (/^\s*(how|why)\b/.test(t) && !/\b(next|upcoming)\b/.test(t)) return null;
  const mine =
    OWN_BOOKING.test(t) ||
    /\b(have i (got|booked)|am i booked|do i have any (bookings?|cleanings?|appointments?)|do i have (anything|something) (booked|scheduled|coming up))\b/.test(
      t,
    ) ||
    /\b(bookings?|appointments?|cleanings?)\b.{0,20}\bdo i have\b(?! to\b)/.test(t) ||
    /\bdo i (still )?have (anything|something|any)\b.{0,25}\b(pending|unpaid|unconfirmed|not confirmed|outstanding|to pay)\b/.test(
      t,
    ) ||
    /\b(i'?ve|i have) (booked|scheduled|made)\b/.test(t) ||
    /\b(bookings?|cleanings?|appointments?|reservations?)\b (that )?(i'?ve|i have|i had|i made|i booked)( got)?\b/.test(
      t,
    );
  const cancelFree =
    /\b(cancel|call (it )?off|back out)\b/.test(t) &&
    (/\bstill\b/.test(t) || /\bmy\b/.test(t) || /\bthe next (one|cleaning|booking)\b/.test(t)) &&
    /\b(free|charged?|fee|cost|penalty|refund|paying)\b/.test(t);
  if (cancelFree) return { kind: 'bookings', question: 'cancel-free' };
  if (!mine) return null;
  // Asking about one's bookings, not about something that happened at one ("broken during my cleaning").
  const about =
    /\b(when|where|which address|next|upcoming|coming up|list|show|see|view|display|check|pull up|bring up|look up|how many|do i have|have i|am i|scheduled|booked|status|manage|which page|go to)\b|\b(what|which) (bookings?|appointments?|cleanings?)\b|\bwhat(?:'?s| is| are) my\b/;
  if (!about.test(t)) return null;
  // Changing one's booking is a question about how (the reschedule and cancellation articles).
  if (/\b(move|push|change|postpone|reschedule)\b/.test(t)) return null;
  const plural =
    /\b(all|every|list|bookings|appointments|cleanings|reservations|visits|how many|anything|something)\b/.test(t);
  if (plural) return { kind: 'bookings', question: 'list' };
  return { kind: 'bookings', question: 'next' };
}

const NAME_STOP = new Set(
  (
    'the a an any anyone someone somebody everyone she he they it this that my your cleaner cleaners there you i ' +
    'we free available open busy working customer service support team office spotless what who which ' +
    'is are was were do does did can could will would please hey hi hello so ok okay and or but if when how ' +
    'mr mrs ms miss dr come clean do work make be have get go got'
  ).split(' '),
);

/** "is Maria free on Saturday", "when is maria lopez available", "can James come tomorrow". */
function availabilityOf(text: string): Extract<Intent, { kind: 'availability' }> | null {
  const t = text.replace(/[?!.,]/g, ' ');
  const patterns = [
    /\b(?:is|are|will|would)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:be\s+)?(?:free|available|open|around|booked|busy|working)\b/i,
    /\bwhen\s+(?:is|can|will|could|does)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:be\s+)?(?:free|available|come|work|clean|open)\b/i,
    /\b(?:can|could)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:come|clean|do|make it|work)\b/i,
    /\b([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)['’]s\s+(?:availability|schedule|free (?:times|slots)|open (?:times|slots)|calendar|openings|slots|times)\b/i,
    /\b([A-Z][a-z]+)\s+(?:could|can|would|will)\s+(?:come|clean|do|make it|work)\b/,
    /\b(?:availability|free (?:times|slots)|open (?:slots|times)|schedule|slots|times|openings)\s+(?:of|for|with)\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\b/i,
    /\b(?:does|has)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:have|got)\s+(?:any\s+|anything\s+|something\s+|an?\s+)?(?:time|times|availability|openings?|slots?|free|open|available|space|room|spots?)\b/i,
    /\b(?:does|has)\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\s+(?:have|got)\s+(?:anything|something|any(?:thing)? (?:left|free|open))\b/i,
    /\bwhat times\s+(?:does|is|can)\s+([A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\b/i,
    /\b(?:what|which|any)\s+(?:openings?|slots?|times?|availability|days?|spots?)\s+(?:does|do|has|have|is|will)\s+([A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+)?)\s+(?:have|got|free|open|available)\b/i,
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
  }
  return null;
}

const CLEANER_NOUN =
  /\b(cleaners?|maids?|housekeepers?|cleaning (ladies|lady|people|person|pros?|professionals?|services?|crew|company|companies)|pros|professionals?|someone to clean|somebody to clean|some(one|body) who (does|can do|cleans|can clean|will clean)|janitors?|janitorial)\b/i;
const FIND =
  /\b(find|show|list|search|looking for|look for|need|want|recommend|suggest|get me|any|who|which|available|hire|book)\b/i;

function searchAsked(text: string): boolean {
  const noun = CLEANER_NOUN.test(text);
  const place = findPlace(text);
  const located = place.city !== undefined || place.state !== undefined;
  // "tomorrow after 3 in Austin?", "Austin on Saturday after 3pm": a place and a time ask who is free then.
  if (
    located &&
    (findAfter(text) !== null || findClockTime(text) !== undefined) &&
    findDate(text, '2000-01-01') !== undefined
  ) {
    return true;
  }
  // "Who is available in Austin on Saturday morning?", "anyone free in chicago on the 28th?"
  if (
    located &&
    /\b(anyone|anybody|someone|somebody|who|who's|whos)\b/i.test(text) &&
    /\b(free|available|open|come|help|do|does|clean|cleans|working|around|need|want|looking|handles?|offers?)\b/i.test(
      text,
    )
  ) {
    return true;
  }
  const service = findServiceType(text) !== undefined && /\bclean(ing|ers?)?\b/i.test(text);
  const filtered =
    findMaxPrice(text) !== undefined ||
    findMinRating(text) !== undefined ||
    Object.keys(findBadges(text)).length > 0 ||
    findSort(text) !== undefined;
  // "Are cleaners insured?" asks about the policy, not for a list.
  const policyQuestion = /^\s*(are|is|do|does|can|will|how|what|why)\b/i.test(text) && !located && !FIND.test(text);
  if (policyQuestion && findMaxPrice(text) === undefined && findMinRating(text) === undefined) return false;
  // "Who is allowed to write a review?" asks about a rule, not for people.
  if (/^\s*who\s+(is allowed|can|may|gets to|is able|should)\b/i.test(text) && !located) return false;
  // "How do I book a cleaner?" asks how it works; "I want to work as a cleaner" is about applying.
  if (/^\s*(how|why)\b/i.test(text) && !located && findMaxPrice(text) === undefined) return false;
  if (/\b(apply|application|become a cleaner|work as a cleaner|join as)\b/i.test(text)) return false;
  if (!located && /\b(account|sign up|sign in|register|tips?|safe|safety)\b/i.test(text)) return false;
  if (noun && (located || filtered || FIND.test(text))) return true;
  if (service && (located || filtered || FIND.test(text))) return true;
  // "window cleaning miami": a place and cleaning asks for cleaners there.
  return located && (noun || service || filtered || /\bclean(ing|ers?)?\b/i.test(text));
}

/** Phrases that name their article outright, whatever else the words are near. */
const TOPICS: Array<[RegExp, string]> = [
  [
    /^\W*(are|is|do|does|have)\s+(all\s+)?((your|the|these|those|spotless|spotless's)\s+)?(cleaners?|pros|people|they|staff|maids?|workers)\b.{0,25}\b(background[- ]?checked|criminal|checked|vetted|screened)\b/i,
    'background-checks',
  ],
  [
    /^\W*(are|is|do|does)\s+(all\s+)?((your|the|these|those|spotless|spotless's)\s+)?(cleaners?|pros|people|they|staff|maids?|workers)\b.{0,25}\b(insured|bonded|covered)\b/i,
    'insured-bonded',
  ],
  [
    /\b(broke|broken|cracked|smashed|shattered|scratched|ruined|knocked (over|off|down)|dropped|damaged?|destroyed|chipped|dented|stained)\b.{0,80}\b(who pays|pay for|cover|compensat\w*|reimburs\w*|what (do|should|can) i do|claim|insurance|responsible)\b|\b(cleaner|she|he|they)\b.{0,20}\b(broke|cracked|smashed|shattered|scratched|ruined|knocked|dropped|damaged|destroyed|chipped|dented|stained)\b/i,
    'damage',
  ],
  [
    /\b(key|keys|lockbox|lock box|door code|gate code|let (them|her|him|the cleaner) in|get in|access)\b.{0,80}\b(not (be )?home|away|at work|work all day|cleaner|mat)\b|\b(not (be )?home|away|at work)\b.{0,60}\b(key|keys|let (them|her|him) in|get in)\b|\b(dogs?|cats?|pets?|puppy|animals?)\b.{0,80}\b(cleaner|lock (them|it) (up|in)|when (they|she|he) (come|comes|arrive))\b/i,
    'home-access',
  ],
  [
    /\b(book(ed|ing)?|reserv(ed|ation))\b.{0,60}\b(through|via|on|from|using)\b.{0,40}\b(agent|agency|realtor|real estate|partner|landlord|property manager|someone else'?s|another|their) ?('?s)? ?(web ?site|site|page)?\b|\bpowered by spotless\b/i,
    'guest-booking',
  ],
  [
    /\b(where|how) (do|can|should|would) i (go to |go and )?pay\b|\bpay (for )?(the|my|a) (booking|cleaning)\b.{0,30}\b(pending|unpaid|not paid)\b/i,
    'how-to-pay',
  ],
  [
    /\b(how|where|can i|want to|like to)\b.{0,25}\b(leave|write|post|give|add|submit)\b.{0,15}\b(a |an |my )?(review|rating|stars?)\b/i,
    'reviews',
  ],
  [
    /\b(booked|booking) (as a guest|without an account)\b|\bas a guest\b.{0,40}\b(cancel|change|move|manage|find)\b/i,
    'guest-booking',
  ],
  [
    /\bwhere('?s| is) my refund\b|\b(my|the) refund\b.{0,30}\b(yet|arrive|arrived|come through|status|when|where)\b|\bhaven'?t (got|received) (my|the) refund\b|\b(money|refund|funds|charge)\b.{0,25}\b(still )?(isn'?t|is not|hasn'?t|has not|not|never)\b.{0,15}\b(back|arrived|returned|come back|showed up|reversed|received)\b|\b(haven'?t|have not|not|never|didn'?t|did not)\b.{0,20}\b(seen|got|gotten|received|had)\b.{0,10}\b(the |my |any )?(money|refund|funds)\b/i,
    'refund-status',
  ],
  [
    /\b(your|support|spotless|customer service)['’]?s? (phone|number|e-?mail|contact)\b|\bcontact (you|support)\b/i,
    'support-hours',
  ],
  [/\b(change|update|edit)\b.{0,25}\bmy (name|e-?mail|phone|number|password|details)\b/i, 'profile-details'],
  [
    /\b(card|credit card|card details|payment details|card number)\b.{0,40}\b(safe|secure|protected|stolen)\b|\b(safe|secure)\b.{0,40}\b(my card|card details|credit card|to pay|paying|payments?)\b/i,
    'secure-payments',
  ],
  // Danger first: whatever else the message says, the answer is 911.
  [
    /\b(fire|gas leak|smells? (of |like )?gas|gas smell|smell(ing)? gas|smoke|carbon monoxide|flood(ing|ed)?|burst pipe|electric(al)? shock|sparks?|bleeding|blood|hit (his|her|their|my) head|passed out|not breathing|seizure|unconscious|overdose|assault(ed)?|attack(ed|ing)?|threat(en(ed|ing)?)?|weapon|gun|break[- ]?in|intruder|ambulance|911|emergency(?! clean)|(i'?m|i am|feel|feeling|we'?re) (in danger|unsafe|scared|not safe)|(got|someone|somebody|they|he|she) (is |was )?(hurt|injured)|(hurt|injured|broke|sprained|twisted|cut) (her|his|their|my|a) (wrist|arm|leg|ankle|back|head|hand|knee|finger|foot)|(slipped|fell|tripped)\b.{0,40}\b(hurt|injur\w*|stairs|floor|ladder|swell\w*)|swelling)\b/i,
    'emergency',
  ],
  [
    /\bhow (?:does|do) (?:this|it|spotless|the (?:site|app|platform|service)|this (?:whole )?(?:thing|site|app|platform|service))(?: whole thing)? work\b(?!.*\b(?:cancel|refund|pay|tip|review|insur|bond|background|damage|reschedul|charge|fee))|\bhow (?:this|it|spotless) works\b|^\W*(?:hi|hey|hello)?\W*(?:i'?m |i am )?new here\b/i,
    'how-it-works',
  ],
  [
    /\b(support|customer service|customer care|help ?desk|helpline|your team|you guys)\b.{0,30}\b(open|opens|hours|closed|available|reachable|weekends?|sundays?|saturdays?|holidays?)\b|\b(open|hours|available)\b.{0,20}\b(support|customer service|customer care)\b/i,
    'support-hours',
  ],
  [
    /\b(personal|private|my) (info|information|data|details)\b.{0,50}\b(see|sees|share|shared|sharing|access|visible|know|get|gets|given)\b|\b(see|share|shared|sharing|access|know)\b.{0,30}\b(personal|private|my) (info|information|data|details)\b|\b(what|how much)\b.{0,40}\b(cleaners?|they|he|she)\b.{0,20}\b(see|know|get)\b.{0,20}\babout me\b/i,
    'data-sharing',
  ],
  [
    /^(?!.*\b(background|criminal|checked|vetted|screened|insured|bonded)\b).*(\b(nervous|anxious|uneasy|uncomfortable|worried|scared|weird)\b.{0,60}\b(cleaner|stranger|someone|alone)\b|\b(home alone|alone (at home|in the house))\b.{0,60}\b(cleaner|advice|tips?|safe)\b)/i,
    'safety-tips',
  ],
  [
    /\b(minimum|min) age\b|\bage (limit|requirement|restriction)s?\b|\bhow old\b|\b(i'?m|i am) (1[0-7]|[1-9])\b|\b(1[0-7]|[1-9])[\s-]?(years?|yrs?)[\s-]old\b|\b(1[0-7]|[1-9])[\s-]?y\/?o\b|\bunder 18\b|\bminors?\b|\bteen(ager)?s?\b|\b(daughter|son|kid|child|sister|brother|nephew|niece|grand(son|daughter|kid))\b.{0,12}\b(is|turned|aged?) (1[0-7]|[1-9])\b/i,
    'minimum-age',
  ],
  [
    /\b(looking for work|a job|jobs|hiring|join (your|the) (platform|team)|work for (you|spotless)|earn money cleaning|(approved|accepted|verified|vetted|onboarded|sign(ed)? up|register(ed)?|listed) as an? (cleaner|pro|professional)|(become|becoming) an? (cleaner|pro|professional)|my (cleaner )?application|(sign up|apply|register|join)\b.{0,15}\b(to )?(work|clean) (as|for)( an?)?( cleaner| spotless| you)?)\b/i,
    'become-a-cleaner',
  ],
  [
    /\bhow (expensive|pricey|costly)\b|\bhow much (does|do|is|are|will|would|should)( it| a| an| the| your| one)? (cleaning|clean|cleaner|cleaners|service|session|visit|house ?cleaning|home ?cleaning|maid|it)s?\b(?!.*\b(cancel|fee|tip|refund|notice)\b)|\bwhat does (it|a cleaning|cleaning|a clean) cost\b|\bwhy (do|does) (every|each|the|some|all|different) cleaners? (charge|cost)\b|\b(charge|cost|price|rate)s? (something |so )?different\b|\bhow (are|is) (the )?(prices?|pricing|costs?|rates?|total)( \w+)? (worked out|calculated|determined|set|decided|figured)\b|\bhow does (the )?pricing work\b|\bwhat do (cleaners|you) charge\b|\b(typical|average|usual) (price|cost|rate)\b/i,
    'cost',
  ],
  [
    /\b(move|push|postpone|shift)\b.{0,20}\b(my|the|a|our) (cleaning|booking|appointment|visit)\b|\b(move|push|postpone|shift|change)\b.{0,10}\bmy\b.{0,20}\b(cleaning|booking|appointment|visit)\b.{0,20}\bto\b|^(?!.*\bcancel).*\bre-?schedul/i,
    'reschedule',
  ],
  [
    /\b(hasn'?t|has not|didn'?t|did not|doesn'?t|does not|won'?t|will not|never|not|nobody|no one|noone|no-one)( has| have| had)? (shown up|showed up|show up|arrived|arrive|come|came|turned up|turn up)\b|\bno[- ]show\b|\bstood (me )?up\b|\b(still|been) waiting for (my|the) cleaner\b|\b(\d+|an?|half an?) (mins?|minutes?|hours?|hrs?) late\b|\b(cleaner|she|he|they) (is|are|'?s) (running )?late\b|\b(was|were|is) supposed to (show|come|arrive|be here|start)\b.{0,60}\b(nothing|nobody|no one|not here|isn'?t here|no sign|not answering|isn'?t answering|not responding|isn'?t responding|no answer|no reply|still not|ago)\b/i,
    'cleaner-late',
  ],
];

/** "What services do you offer?", "what do you guys actually clean", "price list". */
const SERVICES_ASKED =
  /\b(deep|house|regular|standard|normal|move[\s-]?(in|out)|office)\b.{0,30}\b(compared? (to|with)|vs\.?|versus|or)\b.{0,30}\b(deep|house|regular|standard|normal|move[\s-]?(in|out)|office)\b.{0,15}\bclean|\bdifference between\b.{0,40}\bclean|\b(what|which) (kinds?|types?|sorts?) of (cleaning|services?)\b|\b(what|which|list|types?|kinds?)\b.{0,30}\bservices\b|\bservices\b.{0,20}\b(offer|provide|available|do you)\b|\bprice list\b|\bhow long (does|do|will|would|is) (a |an |the )?.{0,30}\bclean(ing)?\b.{0,30}\b(take|last)\b|\bwhat do (you|u)( guys| all| folks)?( actually| even)? clean\b|\b(price|cost|rate)s? (for|of) each\b/i;

const URGENT: ReadonlySet<string> = new Set(['emergency', 'refund-status']);

export function classify(message: string, signedIn: boolean, options: { people?: boolean } = {}): Intent {
  const text = expandShorthand(message);
  if (INJECTION.some((p) => p.test(text))) return { kind: 'injection' };
  if (
    /\b(customers?|clients?)\b.{0,40}\b(names?|addresses|who)\b|\bwho\b.{0,30}\b(cleaned for|customers?|clients?)\b|\b(which|what) (customers?|clients?|people|homes|houses|families)\b.{0,40}\b(clean|cleaned|visit|visited|work|worked|book|booked)\b|\bhow much did (she|he|they)\b.{0,20}\bpay\b|\bwhen is (her|his|their) next\b/i.test(
      text,
    )
  ) {
    // "Who cleaned for me last time?" asks about their own bookings, not someone else's customers.
    const past = /\b(for me|my|our)\b/i.test(text) ? ownPast(text) : null;
    return past ?? { kind: 'private' };
  }
  const named = /\b(of|for)\s+[A-Z][a-z]+(\s+[A-Z][a-z]+)?\b/.test(text);
  if (/\bwhere\s+(does|do|did)\s+(?!you\b|i\b|we\b)[a-z]+(\s+[a-z]+)?\s+live\b/i.test(text)) return { kind: 'private' };
  // "Do cleaners see my address?" asks what is shared of their own, not for someone else's.
  const ownDetails = /\bmy (home )?(address|phone|number|info|information|data|details|e-?mail)\b/i.test(text);
  if (
    !ownDetails &&
    CONTACT_WORDS.test(text) &&
    !SUPPORT_CONTACT.test(text) &&
    (SOMEONE.test(text) || named) &&
    ASKS.test(text)
  ) {
    return { kind: 'private' };
  }
  // Danger, and money not back, are answered whatever else the message mentions.
  const urgent = TOPICS.find(([pattern, article]) => URGENT.has(article) && pattern.test(text));
  if (urgent) return { kind: 'topic', article: urgent[1] };
  const cancellation = cancellationAsked(text, signedIn);
  if (cancellation) return cancellation;
  const write = writeRequest(text);
  if (write) return write;
  const mine = ownPast(text);
  if (mine) return mine;
  if (!signedIn && ownDataAsked(text)) return { kind: 'signIn' };
  // "where can I see my payments?", "a charge I don't recognise": the Payments page.
  if (
    signedIn &&
    /\b(see|view|find|check|look at|list)\b.{0,20}\b(all )?my (payments|charges|receipts|transactions)\b|\bcharge\b.{0,60}\b(don'?t|do not|can'?t|cannot) recogni[sz]e\b|\b(don'?t|do not) recogni[sz]e\b.{0,40}\bcharge\b/i.test(
      text,
    )
  ) {
    return { kind: 'paymentsPage' };
  }
  // "take me to my dashboard", "open my profile": the page.
  const page =
    /\b(take me to|go to|open|bring up|link (to|for)|where(?:'?s| is)|get to)\s+(my |the )?(?<page>dashboard|bookings page|profile|payments( page)?|account( page| settings)?|settings)\b/i.exec(
      text,
    )?.groups?.page;
  if (
    page &&
    /^\W*(please |pls |can you |could you )?(take|go|open|bring|link|where|get)\b|\b(pls|please)\W*$/i.test(text)
  ) {
    return {
      kind: 'go',
      path: /dashboard|bookings/i.test(page) ? '/dashboard' : /payments/i.test(page) ? '/payments' : '/profile',
    };
  }
  // "where do I sign in?": the page.
  if (
    /\b(where|how)\b.{0,20}\b(sign|log) ?in\b|\b(sign|log) ?in (page|button|link)\b|\bcan'?t (find|see)\b.{0,20}\b(sign|log) ?in\b/i.test(
      text,
    )
  ) {
    return { kind: 'signInWhere' };
  }
  if (
    /\b(when('?s| is| will| does)?|what (day|time|date)|which day)\b.{0,25}\b(my )?cleaner\b.{0,20}\b(coming|come|arriving|arrive|here|due)\b|\bwho'?s? (is )?coming\b.{0,25}\bnext\b/i.test(
      text,
    )
  ) {
    return { kind: 'bookings', question: 'next' };
  }
  const own = ownBookings(text);
  if (
    own &&
    (signedIn ||
      own.question !== 'cancel-free' ||
      /\bmy (next|upcoming|booking|cleaning|appointment|reservation|visit)\b/i.test(text))
  )
    return own;
  // An aside about the cleaner ("the cleaner just left") does not make a recipe question ours.
  const asksForCleaners = CLEANER_NOUN.test(text) && (FIND.test(text) || findPlace(text).city !== undefined);
  if (OFF_TOPIC.test(text) && !asksForCleaners && !/\b(book|booking|cancel|refund|pay)/i.test(text)) {
    return { kind: 'offTopic' };
  }
  if (earningsAsked(text)) return { kind: 'earnings' };
  const where = whereFirst(text);
  if (where) return where;
  const price = priceAsked(text);
  if (price) return price;
  const person = options.people === false ? null : personAsked(text);
  if (person) return person;
  for (const [pattern, article] of TOPICS) {
    if (!pattern.test(text)) continue;
    // "How much are deep cleaners in Denver?" asks for cleaners and their rates.
    if (article === 'cost' && (searchAsked(text) || findServiceType(text) !== undefined)) continue;
    // "pet-friendly cleaners in Austin" asks for cleaners, not how they get in.
    if (article === 'home-access' && (findPlace(text).city || /\b(friendly|good with)\b/i.test(text))) continue;
    // "what do you clean and what's the price for each" asks for the services and their prices.
    if (article === 'cost' && SERVICES_ASKED.test(text) && findPlace(text).city === undefined) continue;
    // "how much is it?": of what, first.
    if (article === 'cost' && vague(text)?.kind === 'clarify') continue;
    return { kind: 'topic', article };
  }
  const available = availabilityOf(text);
  if (available) return available;
  if (SERVICES_ASKED.test(text) && findPlace(text).city === undefined) {
    return { kind: 'services' };
  }
  if (searchAsked(text)) {
    const place = findPlace(text);
    if (!place.city && !place.state && /\b(near me|close to me|nearby|in my area|around (me|here))\b/i.test(text)) {
      return { kind: 'clarify', about: 'place' };
    }
    // "any cleaners?" says nothing to search by: where, first, rather than 600 cleaners anywhere.
    if (Object.keys(searchFilters(text)).length === 0 && findDate(text, '2000-01-01') === undefined) {
      return { kind: 'clarify', about: 'place' };
    }
    return { kind: 'search' };
  }
  if (
    /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you|thx|ok|okay|cool|great)\b[\s!.?]*$/i.test(text)
  ) {
    return { kind: 'greeting' };
  }
  return vague(text) ?? { kind: 'other' };
}
