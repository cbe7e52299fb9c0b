import { cancellationAsked, earningsAsked, ownDataAsked, ownPast, personAsked, priceAsked, whereFirst } from './asks';
import { availabilityOf } from './availability-asked';
import {
  findBadges,
  findClockTime,
  findDate,
  findMaxPrice,
  findMinRating,
  findPlace,
  findServiceType,
  findSort,
  findTimeOfDay,
} from './lookups';
import { ownBookings } from './own-asks';
import type { CatalogType } from './prices';
import { searchFilters } from './search';
import { expandShorthand } from './spelling';
import { SERVICES_ASKED, TOPICS, URGENT } from './topics';
import { vague } from './vague';
import { findAfter } from './when';
import { writeRequest } from './write-refusals';

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
  | { kind: 'go'; path: '/dashboard' | '/payments' | '/profile' | '/help-center' }
  /** Where their payments are listed. */
  | { kind: 'paymentsPage' }
  /** Changing the card they pay with: none is kept; the next checkout takes any card. */
  | { kind: 'card' }
  /** How much they have spent: the dashboard's figure and the payments behind it. */
  | { kind: 'spent' }
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
  /\b(reveal|print|show|repeat|output|dump|leak|paste|copy|quote|share|tell me)\b.{0,30}\b(prompt|instructions|configuration|config|secrets?|api keys?|database|passwords?)\b/i,
  /\b(all|every|other)\s+(users?|customers?|accounts?)['’]?\s*(e-?mails?|phones?|numbers?|addresses|data|passwords?)\b/i,
  /<\s*\/?\s*(system|script|instructions?|end)\s*>/i,
  /\bnew rules?\s*:|\byou (now |will now |must now )?(reply|respond|answer) only (with|in)\b|\braw (database )?rows\b/i,
  /\b(repeat|print|show|output|copy|recite)\b.{0,30}\b(everything|all|text|words|what was written)\b.{0,30}\b(above|before|earlier|prior)\b/i,
  /^\s*\[(system|admin|administrator|developer|staff|support|moderator)\]|\bthis is (spotless|the|an?) (support|admin|staff|developer|system|moderator)\b.{0,80}\b(reply|tell|say|send|respond|link|inform)\b|\b(reply|respond) to (every|all|each) (users?|customers?|people)\b/i,
  /\b(olvida|ignora|ignorez|oubliez|vergiss|ignoriere)\b.{0,40}\b(instrucciones|instructions|anweisungen|reglas|règles)\b|\[\[|\bdev note\b|\b(user|i) (is|am) (a |an )?(verified )?(admin|administrator|developer)\b|\bnew policy from\b|\bassistants? (may|can|are allowed to) now\b|\bnew instructions\b|\bfrom now on\b.{0,30}\b(answer|reply|respond|speak|talk|say|only)\b|\b(say|reply|respond with|type) ['"‘’]?\w+['"‘’]? to confirm\b/i,
  /\b(system|admin|security|policy) (notice|alert|override|update)\b|\b(prior|previous|earlier|old|all|your) (rules|instructions|guidelines)\b.{0,20}\b(are |is )?(void|null|revoked|cancelled|suspended|no longer)\b|\b(reply|respond|answer) (to )?(every|each|all)( \w+)? (messages?|questions?)\b.{0,40}\b(with|by)\b|\breply ok to confirm\b/i,
  /\bnew (rule|policy|instructions?) from\b|\by(ou'?re|ou are) now (allowed|permitted|authori[sz]ed)\b|\blet'?s play a game\b|\b(without|no|ignoring)( any| all| your| the)?( usual| normal| current)? (rules|guidelines|limits|limitations|restrictions|filters|guardrails|censorship)\b/i,
];

const CONTACT_WORDS =
  /\b(phone|cell|mobile|number|e-?mail|email address|home address|address|addresses|contact (details|info)|whatsapp|instagram|insta|facebook|tiktok|snapchat|socials|social media|social security|ssn)\b/i;
/** Asking for our own contact details ("your phone number", "how do I reach you") is not private. */
const SUPPORT_CONTACT =
  /\b(support|your|spotless|customer service|help ?desk|team|company|office hours)\b|\b(a|any|the) (number|phone number|line|hotline) (i|we) can (call|text|reach)\b|\bnumber to call\b|\b(reach|contact|call|email|e-mail|text|message) (you|u)\b/i;
const SOMEONE =
  /\b(?!(its|his|hers|yours|ours|theirs|this|was|is|has|does|says|thanks|uses)\b)[a-z]{3,}s\s+(phone|cell|mobile|number|e-?mail|email address|home address|address|contact)\b|\b(cleaner|cleaners|customer|customers|client|clients|user|users|someone|somebody|whoever|anyone|anybody|person|people|owner|her|his|their|(?!(?:what|that|it|there|here|who|where|when|how|let|he|she|one|today|tomorrow)['’]s)[A-Za-z]+['’]s)\b/i;

/** A request for something ("what is", "give me", "can I get"), not a mention ("not picking up her phone"). */
const ASKS =
  /\b(what(?:'?s| is| are)|give|share|send|tell|get|need|want|find|know|have|got|provide|look ?up|access|see|reach|contact|call|text|email|dm|message|where|which)\b|\?/i;

const OFF_TOPIC =
  /\b(weather|forecast|poem|poetry|song|lyrics|joke|story|essay|recipe|stock|stocks|bitcoin|crypto|football|soccer|basketball|baseball|nba|nfl|score|scores|president|election|capital of|translate|homework|python|javascript|java|(?<!(door|lockbox|lock box|gate|zip|promo|access|entry) )code|coding|program|movie|movies|film|horoscope|lottery|math|calculate|sports|game|super bowl|world cup|playoffs?|championship|won the|pizza|deep dish|side dish(es)?|stuffing|gravy|casserole|book report|steakhouse|restaurants?|burgers?|sushi|dinner|meals?|cook|cooking|(recommend|best|good|buy) (a |an )?(\w+ )?(vacuum|mop|steam cleaner|detergent|cleaning products?|brand)|plumber|plumbing|electrician|handyman|mechanic|roofer|landscaper|lawyer|dentist|hairdresser|barber|waiter|waitress|bartender|salon|uber|taxi|(best way|how) (to|do i|can i) (get|remove)\b.{0,30}\b(out|off)|\bstain\b.{0,40}\b(get (it )?out|remove)|write (me )?(a|an)( \w+)? (email|e-mail|letter|speech|text message|text)|haiku|limerick|sonnet|rap|cover letter|resume|résumé|vegan|vegetarian|gluten|turkey|brine|roast|bake|baking|bars?|coffee shops?|hotels?|flights?|vacation|dating)\b/i;

/** Help articles whose rule is the same whoever the cleaner: asked beside a name, still the rule. */
const EVERY_CLEANER = ['supplies', 'tipping', 'secure-payments', 'data-sharing'];

/** "a 2 story house" is a building's floors, not a story to write. */
const STOREYS = /\b(\d+|one|two|three|single|multi|double|split)[\s-]?(stor(y|ey|ies|eys)|level)\b/gi;

const CLEANER_NOUN =
  /\b((can|could|would) (someone|somebody|anyone|anybody) (come )?clean|cleaners?|maids?|housekeepers?|cleaning (ladies|lady|people|person|pros?|professionals?|services?|crew|company|companies)|pros|professionals?|someone to clean|somebody to clean|some(one|body) who (does|can do|cleans|can clean|will clean)|janitors?|janitorial)\b/i;
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
  // "in Albuquerque on the 2nd, I want the place spotless the day before": a place, a day and a need.
  if (
    located &&
    findDate(text, '2000-01-01') !== undefined &&
    /\b(i|we) (want|need|would like)\b.{0,30}\b(spotless|clean|cleaned|tidy|done)\b/i.test(text)
  ) {
    return true;
  }
  // "detroit day after tmrw, late afternoon pls": a place, a day and a part of it.
  if (located && findDate(text, '2000-01-01') !== undefined && findTimeOfDay(text) !== undefined) return true;
  // "houston tmrw am, anybody??": a place, a day and someone asked for.
  if (located && findDate(text, '2000-01-01') !== undefined && /\b(anyone|anybody|someone|somebody)\b/i.test(text)) {
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

export function classify(message: string, signedIn: boolean, options: { people?: boolean } = {}): Intent {
  const text = expandShorthand(message);
  if (INJECTION.some((p) => p.test(text))) return { kind: 'injection' };
  // "Do cleaners see my address?" asks what is shared of their own, not for someone else's.
  const ownDetails = /\bmy (home )?(address|phone|number|info|information|data|details|e-?mail)\b/i.test(text);
  // "he's not answering his phone" says where a person is, not asks for their number.
  const contactAsked =
    !ownDetails &&
    CONTACT_WORDS.test(
      text.replace(
        /\b(answering|answer|picking up|pick up|checking|check) (his|her|their|my) (phone|cell|texts?)\b/gi,
        ' ',
      ),
    ) &&
    !SUPPORT_CONTACT.test(text) &&
    ASKS.test(text);
  // "whats james carters home address": someone's home is private whoever they are.
  if (contactAsked && /\bhome address\b|\b(where|what street) (does|do) (he|she|they) live\b/i.test(text)) {
    return { kind: 'private' };
  }
  if (
    /\b(customers?|clients?)\b.{0,40}\b(names?|addresses|who)\b|\bwho\b.{0,30}\b(cleaned for|customers?|clients?)\b|\b(which|what) (other )?(customers?|clients?|people|homes|houses|families)\b.{0,40}\b(clean|cleaned|visit|visited|work|worked|book|booked)\b|\bhow much did (she|he|they)\b.{0,20}\bpay\b|\b(which day|when) is [A-Za-z]+( [A-Za-z]+)? (cleaning|working|coming) (at|for) (my|a|the|our) (neighbou?r|friend|someone|sister|brother|mom|dad|parents)\b|\bwhen is (her|his|their) next\b|\bwho else (has )?(booked|books|uses|hired|has hired)\b/i.test(
      text,
    )
  ) {
    // "Who cleaned for me last time?" asks about their own bookings, not someone else's customers.
    const past = /\b(for me|my|our)\b/i.test(text) && !contactAsked ? ownPast(text) : null;
    return past ?? { kind: 'private' };
  }
  const named = /\b(of|for)\s+[A-Z][a-z]+(\s+[A-Z][a-z]+)?\b/.test(text);
  if (/\bwhere\s+(does|do|did)\s+(?!you\b|i\b|we\b)[a-z]+(\s+[a-z]+)?\s+live\b/i.test(text)) return { kind: 'private' };
  if (contactAsked && (SOMEONE.test(text) || named)) return { kind: 'private' };
  // Danger, and money not back, are answered whatever else the message mentions.
  // Danger, money not back and damage first, whatever else is said — but "process the refund" asks an act.
  const orders = /^\W*(please\s+)?(process|issue|send|do)\b.{0,20}\brefund/i.test(text);
  // "if a cleaner gets hurt at my place, am I on the hook?" asks about cover, not for help now.
  const hypothetical =
    /^\W*(if|what if|what happens if)\b/i.test(text) &&
    /\b(liable|on the hook|responsible|insurance|insured|cover|covered)\b/i.test(text);
  // Danger before money, money before damage ("she cut her hand on a broken glass" is an emergency).
  const urgent = URGENT.map((wanted) =>
    TOPICS.find(
      ([pattern, article]) =>
        article === wanted &&
        !(orders && article === 'refund-status') &&
        !(hypothetical && article === 'emergency') &&
        pattern.test(text),
    ),
  ).find((found) => found !== undefined);
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
    /\b(see|view|find|check)\b.{0,20}\b(everything|all|what) (i'?ve|i have) (been )?(charged|paid|billed)\b|\bamounts? i paid\b|\bwhere\b.{0,20}\bwhat i (paid|spent)\b|\bdid i (pay|get charged|get billed) (for )?(my|the) (\w+ )?(cleaning|booking|clean|visit)\b|\b(two|2|three|3|several|multiple|some|these|those) (spotless )?charges\b.{0,60}\b(where|see|what)\b|\bproof (that |of )?(i )?(paid|payment)\b|\bdouble[\s-]check\b.{0,30}\b(paid|payments?|charges?)\b|\b(see|view|find|check|look at|list)\b.{0,20}\b(all )?my (past |previous |old )?(payments|charges|receipts|transactions|payment history|billing)\b|\bcharge\b.{0,60}\b(don'?t|do not|can'?t|cannot) recogni[sz]e\b|\b(what|how much) (i|was i|did i) (got |get |was |been )?(charged|billed)\b|\b(don'?t|do not) recogni[sz]e\b.{0,40}\bcharge\b|\b(need|want|get|grab|download|find|where)\b.{0,30}\b(receipts?|invoices?)\b|\b(receipts?|invoices?)\b.{0,40}\b(where|get|grab|download|find)\b|\b(charged|billed) (twice|double|two times)\b|\b(see|view|list|show)\b.{0,15}\b(every|all the|all) (charges?|payments?)\b|\bdouble[\s-](charged|billed)\b/i.test(
      text,
    )
  ) {
    return { kind: 'paymentsPage' };
  }
  // "how much did I spend?": their own figures.
  if (
    signedIn &&
    /\bhow much (have i|did i|i'?ve|have we|did we) (spent|spend|paid)\b(?! for)|\b(total|everything) (i'?ve|i have) (spent|paid)\b/i.test(
      text,
    )
  ) {
    return { kind: 'spent' };
  }
  // "need to swap the card I pay with": no card is kept on file.
  if (
    /\b(change|swap|update|replace|switch|remove|delete|use (a )?(different|another|new))\b.{0,25}\b(card|credit card|debit card|payment method)s?\b/i.test(
      text,
    ) &&
    !/\b(charged|charge|refund)/i.test(text)
  ) {
    return { kind: 'card' };
  }
  // "take me to my dashboard", "open my profile": the page.
  const page =
    /\b(take me to|go to|open|bring up|link (to|for)|where(?:'?s| is)|get to)\s+(my |the |your )?(page (with|for|of|showing|that has|that shows|that lists) (all )?(my )?)?(?<page>dashboard|bookings page|bookings|profile|payments( page)?|account( page| settings)?|settings|help cent(er|re)|faqs?)\b/i.exec(
      text,
    )?.groups?.page;
  if (/\b(is there|do (you|u) have|got) (a |an )?(help cent(er|re)|faq)( page)?\b/i.test(text)) {
    return { kind: 'go', path: '/help-center' };
  }
  if (
    page &&
    /^\W*(please |pls |can you |could you )?(take|go|open|bring|link|where'?s?|get)\b|\b(pls|please)\W*$/i.test(text)
  ) {
    return {
      kind: 'go',
      path: /dashboard|bookings/i.test(page)
        ? '/dashboard'
        : /payments/i.test(page)
          ? '/payments'
          : /help|faq/i.test(page)
            ? '/help-center'
            : '/profile',
    };
  }
  // "how do I see my bookings on the actual website": the page.
  if (/\bhow (do|can) i (see|find|view|get to|open) (all )?my (bookings|cleanings|appointments)\b/i.test(text)) {
    return { kind: 'go', path: '/dashboard' };
  }
  // "where on the site do I go to cancel a booking?": a signed-in customer does it in My Bookings.
  if (
    signedIn &&
    /^\W*(where|which page|what page)\b.{0,40}\b(cancel|change|reschedule|manage|edit)\b.{0,10}\b(a|my|the|an) (booking|cleaning|appointment|reservation)\b/i.test(
      text,
    )
  ) {
    return { kind: 'go', path: '/dashboard' };
  }
  // "where do I sign in?": the page.
  if (
    /\b(where'?s?|how)\b.{0,20}\b(sign|log) ?in\b|\b(sign|log) ?in (page|button|link)\b|\bcan'?t (find|see)\b.{0,20}\b(sign|log) ?in\b/i.test(
      text,
    )
  ) {
    return { kind: 'signInWhere' };
  }
  if (
    /\b(when('?s| is| will| does)?|what (day|time|date)|which day)\b.{0,25}\b(my )?cleaner\b.{0,20}\b(coming|come|arriving|arrive|here|due|showing up|show up|getting here|get here)\b|\bwho'?s? (is )?coming\b.{0,25}\bnext\b|\bwhen (the |my |our )?next (cleaning|booking|appointment|clean|visit)( \w+)? is\b|\bwhen (is|will) (the|my|our) (lady|guy|woman|man|person|girl|maid|housekeeper|cleaning lady)\b.{0,20}\b(coming|come|arriving)\b|\bmy next one('?s| is)\b|\bwhen'?s? (is )?mine (supposed to |going to |gonna |meant to )?(come|coming|arrive|arriving|show|showing)\b|\b(is it|will it be) [a-z]+( [a-z]+)? (coming|cleaning)\b.{0,10}\bnext (time|week|visit)\b|\bis (the|my|our) cleaner (coming|arriving|due)\b|\bis (somebody|someone|anyone|anybody) coming\b|\bis (the|my) (cleaning|booking|appointment)( this week| tomorrow| on \w+day)? still (happening|on|going ahead)\b|\bwhen'?s? [a-z]+ coming (again|back|next)\b|\bwho'?s? (is )?(showing up|coming|cleaning)\b.{0,25}\b(next|my place|my house|my home)\b|\b(check|tell me|confirm)\b.{0,20}\bwhen (it|the cleaning|my cleaning|the cleaner|my cleaner) (actually )?(is|comes)\b/i.test(
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
  const asksForCleaners =
    (CLEANER_NOUN.test(text) && (FIND.test(text) || findPlace(text).city !== undefined)) ||
    // "our restaurant in tampa needs a commercial crew": a service and a place ask for cleaners.
    (findServiceType(text) !== undefined &&
      findPlace(text).city !== undefined &&
      /\b(crew|team|need|needs)\b/i.test(text));
  // "I clean rooms at a hotel now. if I did this on the side, what would I make?": a cleaner's pay.
  if (earningsAsked(text)) return { kind: 'earnings' };
  if (
    OFF_TOPIC.test(text.replace(STOREYS, ' ')) &&
    !asksForCleaners &&
    !/\b(book(?! report| (?:me |us )?(?:a |an |the )?(?:flight|hotel|table|car|ticket|room|trip|restaurant|uber|cab|taxi|train|bus)\b)|booking|cancel|refund|pay)/i.test(
      text,
    )
  ) {
    return { kind: 'offTopic' };
  }
  const where = whereFirst(text);
  if (where) return where;
  const price = priceAsked(text);
  if (price) return price;
  // "Aisha Khan - does she bring her own supplies?": a rule for every cleaner, not her profile.
  const rule = TOPICS.find(([pattern, article]) => EVERY_CLEANER.includes(article) && pattern.test(text));
  if (rule && !/\b(profile|page|look at (her|him|them)|reviews?)\b/i.test(text))
    return { kind: 'topic', article: rule[1] };
  const person = options.people === false ? null : personAsked(text);
  if (person) return person;
  for (const [pattern, article] of TOPICS) {
    if (!pattern.test(text)) continue;
    // "How much are deep cleaners in Denver?" asks for cleaners and their rates.
    // A "why does this one cost more" question stays a question about pricing.
    if (article === 'cost' && !/^\W*why\b/i.test(text) && (searchAsked(text) || findServiceType(text) !== undefined))
      continue;
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
