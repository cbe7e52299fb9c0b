import { HELP_ARTICLES, type HelpArticle, SUPPORT_EMAIL, SUPPORT_PHONE } from '@spotless/sdk/help';
import { formatDollars } from '@spotless/sdk/rules';
import type { AssistantEngine, AssistantRequest, ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import { estimateTokens } from '../../lib/assistant-engine';
import { availability } from './availability';
import { cancellationOutcome } from './cancel-terms';
import { classify, type Intent } from './intents';
import { KnowledgeBase } from './knowledge';
import { findDate, findPlace, findTimeOfDay } from './lookups';
import { messageAsked, messageThreadAnswer } from './messages';
import { ownBookings } from './own-bookings';
import {
  cleanerJobs,
  customerCancelAnswer,
  customerCancelAsked,
  jobsAsked,
  payoutAnswer,
  payoutAsked,
} from './payouts';
import { cleanerProfile, earnings } from './people';
import { priceOf } from './prices';
import { search } from './search';
import { seriesAnswer, seriesAsked } from './series';
import { settle } from './settle';
import { expandShorthand, nameCandidate } from './spelling';
import { readingDay, readWhen, todayIn } from './when';
import { writeRefusal } from './write-refusals';

/**
 * The offline engine (decision 047): no model, no network. It reads what the message asks
 * (intents.ts, lookups.ts), calls the same read-only tools an LLM would, and writes the answer from
 * templates and the help articles (knowledge.ts). Nothing a tool returns is ever read as an
 * instruction: cleaners' bios and reviews are not even quoted.
 */

/** Below this BM25 score an article is not an answer. */
const MIN_ARTICLE_SCORE = 1.6;
/** A message with these words is about the product, even when no article matches it. */
const PRODUCT_WORDS =
  /\b(clean\w*|maids?|housekeep\w*|book\w*|appointments?|cancel\w*|refund\w*|pay\w*|charge[ds]?|spotless|account|reviews?|rating|tips?)\b/i;
/** Below this score, or with the runner-up within this share of the best, an article answer is marked unsure. */
const UNSURE_ARTICLE_SCORE = 2.5;
const UNSURE_MARGIN = 0.2;

export const OFF_TOPIC_REPLY =
  "I'm the Spotless assistant, so I can only help with finding and booking cleaners, your bookings, payments, and our policies. Try asking me to find a cleaner in your city, or about cancellations.";

/** Words that mean the place the person is at. */
const HERE_WORDS = String.raw`\b(near me|close to me|near here|around here|nearby|close by|in (my|this|the) (area|neighbou?rhood|city|town)|locally|(?<=\b(cleaners?|anyone|anybody|someone|somebody|maids?|pros|available|free|working|work|clean|open) )here)\b`;
const HERE = new RegExp(HERE_WORDS, 'i');

/** The zone a question's days are read in when neither the browser nor a city says (most customers'). */
const DEFAULT_ZONE = 'America/Chicago';

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
  // "is tom free fri morning? also what's he charge for a deep clean": two asks. The first is
  // answered; the second too when the help centre or a rule answers it without listing anyone, else
  // the person is asked to send it on its own.
  // Misspelt words the rules and lookups read are read as meant ("saturdy", "suport"), and the
  // message settled (a correction, a thing ruled out), once.
  const settled = settle(expandShorthand(request.message));
  const asks = twoAsks(settled, request.person !== null, todayIn(request.now, DEFAULT_ZONE));
  if (asks) {
    const answered = await answer_({ ...request, message: asks.first }, knowledge);
    const also = SECOND_ANSWERED.includes(classify(asks.second, request.person !== null).kind)
      ? await answer_({ ...request, message: asks.second }, knowledge)
      : null;
    return {
      ...answered,
      text: also
        ? `${answered.text}\n\nAnd your other question: ${also.text}`
        : `${answered.text}\n\nYou asked something else too: send it on its own and I'll answer it.`,
    };
  }
  const { toolbox } = request;
  let message = settled;
  const signedIn = request.person !== null;
  const guest = request.onPartnerSite === true && !signedIn;
  // A cleaner's pay and jobs are theirs (decision 085); anyone else asking is told what it means for them.
  const role = request.person?.role ?? null;
  const cleanerId = role === 'cleaner' ? request.person?.cleanerId : undefined;
  let intent = classify(message, signedIn);
  if (cleanerId !== undefined && customerCancelAsked(message) && intent.kind !== 'injection') {
    return customerCancelAnswer();
  }
  const regular = role !== 'cleaner' && intent.kind !== 'injection' ? seriesAsked(message) : null;
  const aboutSeries = regular ? await seriesAnswer(toolbox, regular, message, signedIn, request.now) : null;
  if (aboutSeries) return aboutSeries;
  if (messageAsked(message) && intent.kind !== 'injection') {
    return messageThreadAnswer(toolbox, role === 'cleaner' ? 'cleaner' : signedIn ? 'customer' : null, request.now);
  }
  const payout = payoutAsked(message);
  // "what would I take home after your cut?" from someone not yet a cleaner: what cleaners earn, fee included.
  const wouldBe = payout === 'fee' && role !== 'cleaner' && intent.kind === 'earnings';
  if (payout && !wouldBe && !['injection', 'private', 'write'].includes(intent.kind)) {
    return payoutAnswer(toolbox, payout, role, message);
  }
  if (
    cleanerId !== undefined &&
    ((intent.kind === 'bookings' && (intent.question === 'next' || intent.question === 'list')) || jobsAsked(message))
  ) {
    return cleanerJobs(toolbox, cleanerId, request.now);
  }
  // On a page about a city (a partner's `data-city`), "near here" or a search naming no place is
  // about that city: read the message as if it named it.
  const named = findPlace(message);
  if (request.city && !named.city && !named.state) {
    const here = HERE.test(message);
    if (here || (intent.kind === 'clarify' && intent.about === 'place')) {
      message = `${message.replace(new RegExp(HERE_WORDS, 'gi'), ' ').trim()} in ${request.city}`;
      intent = classify(message, signedIn);
    }
  }
  // "my last cleaner charged $45/hr, not worth it. who are the best rated ones in atlanta?": a story,
  // then the question. When the whole reads as the story, the question alone is what is asked.
  if (
    intent.kind === 'signIn' ||
    intent.kind === 'other' ||
    (intent.kind === 'bookings' && intent.question === 'last')
  ) {
    const asked = lastQuestion(message);
    const alone = asked ? classify(asked, signedIn) : undefined;
    if (asked && alone && STANDS_ALONE.includes(alone.kind) && !(alone.kind === 'cleaner' && alone.tentative)) {
      message = asked;
      intent = alone;
    }
  }
  // Days are the asker's: the zone their browser sent, else the city they name, else the Midwest's.
  const zone = request.timeZone ?? findPlace(message).city?.timeZone ?? DEFAULT_ZONE;
  const today = readingDay(message, request.now, zone);
  if (intent.kind === 'cleaner' && intent.tentative) {
    // Unknown words that may be a name: a profile only if such a cleaner exists.
    const found = await cleanerProfile(toolbox, intent.name, findPlace(message).city?.name);
    if (found.found !== 'none') return found;
    intent = classify(message, signedIn, { people: false });
  }
  switch (intent.kind) {
    case 'injection':
      return {
        text: "I can't change how I work or share anything private. I'm happy to help you find a cleaner, check their availability, or answer questions about bookings, payments and safety.",
        trace: { intent: 'refusal', refusal: 'injection' },
      };
    case 'private':
      return {
        text: `I can't share anyone's personal contact details: they stay private on Spotless. Your booking's details are in My Bookings (/dashboard); for anything about a booking or a cleaner, our team can help: write to ${SUPPORT_EMAIL} or call ${SUPPORT_PHONE}.`,
        trace: { intent: 'refusal', refusal: 'private' },
      };
    case 'write':
      return { text: writeRefusal(intent.what), trace: { intent: 'refusal', refusal: 'write' } };
    case 'bookings':
      return ownBookings(toolbox, intent.question, signedIn, request.now, readWhen(message, today)?.dates, message);
    case 'cancellation':
      return cancellationOutcome(message, request.now, zone);
    case 'price':
      return priceOf(toolbox, intent.service, { name: intent.name, place: findPlace(message) });
    case 'cleaner':
      return cleanerProfile(toolbox, intent.name, findPlace(message).city?.name);
    case 'signIn':
      return {
        text: 'I can only see your account once you sign in: /login — then your details are on your profile: /profile',
        trace: { intent: 'sign-in' },
      };
    case 'go': {
      const name = {
        '/dashboard': 'My Bookings',
        '/payments': 'Payments',
        '/profile': 'your profile',
        '/help-center': 'the Help Center',
      }[intent.path];
      const open = signedIn || intent.path === '/help-center';
      return {
        text: `Here is ${name}: ${intent.path}${open ? '' : ' — you will be asked to sign in first: /login'}`,
        trace: { intent: 'article', articles: [] },
      };
    }
    case 'paymentsPage':
      return {
        text: `Every payment you made, with its booking, amount and whether it was refunded, is on your Payments page: /payments — a charge there you don't recognise? Contact support with the amount and date: /contact (${SUPPORT_EMAIL}).`,
        trace: { intent: 'article', articles: ['refund-status', 'how-to-pay'] },
      };
    case 'spent':
      return {
        text: 'What you have spent is on My Bookings, under Total Spent (what your payments kept after refunds): /dashboard — and every payment, with its refunds, on your Payments page: /payments',
        trace: { intent: 'article', articles: ['refund-status', 'how-to-pay'] },
      };
    case 'card':
      return {
        text: `Spotless keeps no card on file: you enter a card each time you pay for a booking, through our secure payment partner, so to pay with another card just use it at checkout. Your past payments and refunds are on your Payments page: /payments${signedIn ? '' : ' (sign in first: /login)'}`,
        trace: { intent: 'article', articles: ['how-to-pay', 'secure-payments'] },
      };
    case 'signInWhere':
      return {
        text: 'Sign in on the sign-in page: /login — on a phone it is also in the menu (☰) at the top right. No account yet? Create one there with Sign Up.',
        trace: { intent: 'sign-in' },
      };
    case 'earnings':
      return earnings(toolbox, findPlace(message).city?.name);
    case 'clarify':
      return clarify(intent.about);
    case 'availability':
      return availability(toolbox, intent.name, message, today);
    case 'search': {
      // "aisha khan - monday after lunch, want her for a deep clean": a cleaner's full name and a
      // day ask when that cleaner is free, if such a cleaner exists.
      const name = nameCandidate(message);
      if (name?.includes(' ') && findPlace(name).city === undefined && findDate(message, today) !== undefined) {
        const free = await availability(toolbox, name, message, today, { onlyIfFound: true });
        if (free) return free;
      }
      return search(toolbox, message, readWhen(message, today));
    }
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
      // A visitor asking after their refund sees it once signed in.
      const signIn = !signedIn && found?.id === 'refund-status' ? '\nSign in to see your payments: /login' : '';
      if (found)
        return { text: articleText(found, guest) + signIn, trace: { intent: 'article', articles: [found.id] } };
      return article(message, knowledge, guest);
    }
    case 'other': {
      // A name and a day with nothing else ("maria lopes sunday evening?") asks when they are free.
      const name = nameCandidate(message);
      const when =
        findDate(message, today) !== undefined ||
        findTimeOfDay(message) !== undefined ||
        /\b(free|available|availability|openings?|slots?)\b/i.test(message);
      if (name && when) {
        const free = await availability(toolbox, name, message, today, { onlyIfFound: true });
        if (free) return free;
      }
      return article(message, knowledge, guest);
    }
  }
}

/** Where a second ask begins: "? also what's", ", and also do you", "side q, do your", "? and does she". */
const SECOND_ASK =
  /(?:\?+\s*(?:and |also |plus |oh and |btw |side q,? )|[,;.]?\s+(?:and also|also|plus|side q(?:uestion)?|oh and|one more thing|another question)[,:]?\s+|,\s*and\s+|\s+and\s+(?=(?:can|could|do|does|is|are|will|would|should|how|what)\s+(?:i|you|u|we|they|it|he|she|cleaners|the cleaners)\b))(?=(?:do|does|did|is|are|can|could|what|whats|what's|how|when|where|who|which|will|would|should|any|u|you|your|y'?all)\b)/i;

/** Second asks answered beside the first: none of them lists cleaners. */
const SECOND_ANSWERED: Intent['kind'][] = ['topic', 'cancellation', 'earnings', 'services'];

/** The first of two asks, when it alone is a question the engine answers, and the second. */
function twoAsks(message: string, signedIn: boolean, today: string): { first: string; second: string } | undefined {
  const split = SECOND_ASK.exec(message);
  if (!split || split.index === 0) return undefined;
  const first = message.slice(0, split.index);
  // "when's my next cleaning, and can I cancel it free?": one booking asked about twice is one ask.
  const whole = classify(message, signedIn);
  if (whole.kind === 'bookings' && whole.question === 'cancel-free') return undefined;
  const alone = classify(first, signedIn);
  const named = alone.kind === 'other' && nameCandidate(first) !== undefined && findDate(first, today) !== undefined;
  return FIRST_ASKS.includes(alone.kind) || named
    ? { first, second: message.slice(split.index + split[0].length) }
    : undefined;
}

/** What a first ask can be answered as, the second left for later. */
const FIRST_ASKS: Intent['kind'][] = [
  'search',
  'topic',
  'price',
  'earnings',
  'availability',
  'cleaner',
  'bookings',
  'cancellation',
];

/** Answers a last question can carry on its own, without the story before it. */
const STANDS_ALONE: Intent['kind'][] = ['search', 'topic', 'price', 'earnings', 'availability', 'cleaner'];

/** The last sentence, when it alone asks ("…. do you guys even allow pets?") after sentences that tell. */
function lastQuestion(message: string): string | undefined {
  const sentences = message.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  const last = sentences.at(-1);
  if (sentences.length < 2 || !last) return undefined;
  const before = sentences.slice(0, -1).join(' ');
  if (before.includes('?')) return undefined;
  return /\?\s*$/.test(last) || /^\W*(who|what|which|where|when|how|do|does|can|could|is|are|any)\b/i.test(last)
    ? last
    : undefined;
}

/** One question back, with the two or three things the assistant can do (decision 047). */
function clarify(about: 'price' | 'person' | 'place' | 'general'): Answer {
  const text = {
    price:
      'I\'m not sure what you\'d like the price of. I can tell you what a service costs (for example "how much is a deep clean in Denver?"), what one cleaner charges ("Maria Lopez\'s rate for a regular clean"), or what cancelling costs. Our services and prices: /help-center#cost',
    person:
      'Who do you mean? Tell me the cleaner\'s name (for example "is Maria Lopez free on Saturday?"), or ask me to find cleaners in your city. Browse cleaners: /cleaners',
    place:
      'Which city are you in? Tell me (for example "cleaners near Austin") and I\'ll find cleaners close to it, or browse everyone: /cleaners',
    general:
      "I'm not sure I understood. I can find cleaners in your city and check when they are free, tell you what a service costs, or explain our policies (cancelling, payments, safety). Browse cleaners: /cleaners — or the Help Center: /help-center",
  }[about];
  return { text, trace: { intent: 'clarify', unsure: true } };
}

/** Where a person acts next after reading an article, beside the page that says it. */
const NEXT_STEPS: Record<string, string> = {
  'become-a-cleaner': 'Apply on the Become a Cleaner page: /apply-cleaner',
  'how-to-book': 'Find a cleaner: /cleaners',
  'how-it-works': 'Find a cleaner: /cleaners',
  reschedule: 'Your bookings: /dashboard',
  'cancellation-policy': 'Your bookings: /dashboard',
  'cancellation-charge': 'Your bookings: /dashboard',
  'cleaner-late': 'Your bookings: /dashboard — or contact support: /contact',
  'support-response': 'Write to us with the contact form: /contact',
  'support-hours': 'Write to us with the contact form: /contact',
  cost: 'Compare cleaners and their rates: /cleaners',
  'how-to-pay': 'Pay for an unpaid booking from My Bookings: /dashboard',
  'refund-status': 'Your bookings: /dashboard — or contact support: /contact',
  damage: 'Report a problem from the booking in My Bookings: /dashboard',
  reviews: 'Read reviews on any cleaner’s profile: /cleaners',
};

/** A guest on a partner's site has no My Bookings: their booking's e-mail is where they act. */
const GUEST_NEXT = 'Booked here as a guest? The e-mail confirming your booking has a link to change or cancel it.';

function articleText(found: HelpArticle, guest = false): string {
  const step = NEXT_STEPS[found.id];
  const next = guest && step?.includes('/dashboard') ? GUEST_NEXT : step;
  return `${found.text}\n\nMore: ${found.href}${next ? `\n${next}` : ''}`;
}

function article(message: string, knowledge: KnowledgeBase, guest = false): Answer {
  const ranked = knowledge.rank(message);
  const best = ranked[0];
  if (!best || best.score < MIN_ARTICLE_SCORE) {
    // Words of the product in a message it cannot place: not sure, rather than "off-topic".
    if (PRODUCT_WORDS.test(message)) return clarify('general');
    return { text: OFF_TOPIC_REPLY, trace: { intent: 'refusal', refusal: 'off-topic' } };
  }
  const articles = ranked.slice(0, 3).map((r) => r.article.id);
  // Words that match the help centre only weakly, or two articles as well as each other: say so, and
  // what else it can do, rather than answer one of them as if sure.
  const runnerUp = ranked[1]?.score ?? 0;
  if (best.score < UNSURE_ARTICLE_SCORE || (best.score - runnerUp) / best.score < UNSURE_MARGIN) {
    return {
      text: `I'm not sure I understood. If you mean “${best.article.title}”: ${articleText(best.article, guest)}\n\nIf not, I can find cleaners in your city and check when they are free, tell you what a service costs, or explain our policies. Browse cleaners: /cleaners`,
      trace: { intent: 'article', articles, unsure: true },
    };
  }
  return { text: articleText(best.article, guest), trace: { intent: 'article', articles } };
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
