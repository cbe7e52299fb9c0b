import { CANCEL } from './asks';
import { findPlace } from './lookups';
import { findCatalogType, PRICE_WORDS } from './prices';
import { nameCandidate } from './spelling';

/**
 * Questions too vague to answer right (decision 047): asked back, or answered with the two or
 * three things the assistant can do — a wrong confident answer is worse than "I'm not sure".
 */

type Clarify = { kind: 'clarify'; about: 'price' | 'person' | 'place' | 'general' };

/** "how much?", "is she free?", "cleaners near me": one question back beats a guess. */
export function vague(text: string): Clarify | null {
  const t = text.toLowerCase().trim();
  const size = t.split(/\s+/).length;
  if (/^(is|was) (that|it|this) (per hour|hourly|total|the total|each|per person|per visit|a flat)\b.{0,20}$/.test(t)) {
    return { kind: 'clarify', about: 'price' };
  }
  const howMuchIsIt =
    /^((ok|okay|so|and|well|hmm+|um+)\W+)*how much (is|was|would|will|does|did) (it|that|this|they|she|he)( be| cost| run| come to)?( me)?\W*$/.test(
      t,
    );
  if (
    PRICE_WORDS.test(t) &&
    // "how much for the big one?": one of what, first.
    (size <= 4 ||
      howMuchIsIt ||
      /\b(the|that|this) (big|bigger|small|smaller|other|first|second|cheap|cheaper|pricier|larger|longer|shorter) one\b/.test(
        t,
      )) &&
    !findCatalogType(t) &&
    !/\b(cancel|tip|refund|late)\w*/.test(t)
  ) {
    return { kind: 'clarify', about: 'price' };
  }
  if (
    !nameCandidate(text)?.includes(' ') &&
    /\b(she|he|they|her|him)\b/.test(t) &&
    /\b(free|available|come|good|charge|open|around|busy|booked|working|do|make it|fit me)\b/.test(t) &&
    (size <= 8 || (size <= 10 && /^(and|so|but|ok|okay|what about)\b/.test(t)))
  ) {
    return { kind: 'clarify', about: 'person' };
  }
  // "I need help", "help!": what it can do.
  if (
    /^((hi|hello|hey|uh+|um+|so|ok|okay|yeah)\W+)*(i need |need |please |can you |could you |can u |i could use )?(some )?help( me)?( with (something|a thing|stuff|smth|sth|a few things))?( please| out)?\W*$/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'general' };
  if (
    /^\W*(a |one )?(problem|issue|trouble|complaint) (with|about) (my|the|a) (cleaning|booking|cleaner|account|payment)\W*$/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'general' };
  if (
    /^\W*((and|so|ok|okay)\W+)*(is|does|has|what about|how about) the (cheaper|cheapest|other|first|second|last|better|nicer) one\b/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'general' };
  // "ok and whats the rate for that": of something said before, which it cannot see.
  if (
    /^\W*((ok|okay|and|so)\W+)*(what'?s|what is|whats) the (rate|price|cost) (for|of|on) (that|it|this|those|them)\W*$/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'price' };
  // "is the 1st ok?": a day for something it cannot see.
  if (/^\W*(is|how about|what about|and) (the )?\d{1,2}(st|nd|rd|th)( (ok|okay|good|fine|free|possible))?\W*$/.test(t))
    return { kind: 'clarify', about: 'general' };
  // "which one is cheaper": of answers it cannot see.
  if (/^\W*which one('?s| is) (cheaper|better|closer|nicer|best|cheapest)\W*$/.test(t))
    return { kind: 'clarify', about: 'general' };
  // "ok and what about the other one?": a follow-up to an answer it cannot see.
  if (
    /^\W*((ok|okay|and|so|hmm)\W+)*(and )?what about (the )?(other|that|this|first|second|last|cheaper) one\b/.test(t)
  )
    return { kind: 'clarify', about: 'general' };
  // "something's wrong with my booking": which part, first.
  if (
    /^(((ugh|hey|so|um+|hi|ok|okay|well)\W+)*)(something'?s|something is|there'?s|there is|i have|i'?ve got|i got) (a |an |some )?(wrong|problem|issue|something wrong)( \w+)?( with (my|the|a) (booking|cleaning|account|payment|order|appointment))?\W*$/.test(
      t,
    )
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  if (
    /^((ok|okay|so|and|well|um+|uh+|hmm+)\W+)*(what (do|should|can) i do( now| next)?|now what|what now|what next|what'?s next)\W*$/.test(
      t,
    )
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  if (
    /^((hi|hey|hello|ok|okay|so|um+)\W+)*(can|could|would) (you|u) (please )?(check|look (at|into)|help( me)? with|do|find) (something|a thing|smth|sth|stuff)( for me)?\W*$/.test(
      t,
    )
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  if (
    /^(is there |are there |got |do you have )?(anything|something|any(one)?|any times?) ?(earlier|later|sooner|else|cheaper)\W*$/.test(
      t,
    )
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  if (/^(same (time|day|slot|cleaner)|and the same)\b.{0,20}$/.test(t)) return { kind: 'clarify', about: 'general' };
  // "ok and can you do the same for friday", "can I get one for the 3rd?": of what, first.
  if (
    /^((ok|okay|and|so)\W+)*(can|could) (you|u) do the same( thing)? (for|on) \w+\W*$|^(can|could) (i|we) (get|book|have) (one|a slot|someone) (for|on) (the \d+\w*|\w+day|tomorrow)\W*$/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'general' };
  if (
    /^((ugh|hey|so|um+|hi)\W+)*(i'?m )?having (a |an |some )?(problem|issue|trouble)s? with (my|the|a) (cleaning|booking|cleaner|account|payment)\W*$/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'general' };
  // "can u check tuesday": check what, or whom, first.
  if (
    /^((ok|okay|so|and|hmm+)\W+)*(can|could|would) (you|u) (please )?(check|look at|try|do) (\w+day|tomorrow|today|tonight|next week|this weekend|the \d+\w*)( for me)?( instead| too| then)?\W*$/.test(
      t,
    )
  )
    return { kind: 'clarify', about: 'general' };
  if (/^((and|or|so|ok|okay|what about|how about)\W+)*(the|that) other (one|ones)\W*$/.test(t))
    return { kind: 'clarify', about: 'general' };
  // "the 3rd?", "how far ahead do i have to do it": of what, first.
  if (/^(and |or |what about |how about )?(the )?\d{1,2}(st|nd|rd|th)\W*$/.test(t))
    return { kind: 'clarify', about: 'general' };
  if (/^how (far ahead|early|long before)\b.{0,30}\b(it|that|this)\W*$/.test(t))
    return { kind: 'clarify', about: 'general' };
  if (
    /^((ok|okay|so)\W+)?(and|or|what about|how about) (\w+day|tomorrow|today|next week|this weekend|next weekend|the \d+\w*)\W*$/.test(
      t,
    )
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  // "availability?", "what about next week instead": of what, or whom, first.
  if (/^(availability|available|openings?|slots?|free times?|schedule|times?)\W*$/.test(t))
    return { kind: 'clarify', about: 'person' };
  if (
    /^((ok|okay|so|and|hmm+)\W+)*(what|how) about\b/.test(t) &&
    size <= 7 &&
    !findCatalogType(t) &&
    !findPlace(t).city
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  // "can i change it": it, with nothing it could be.
  if (
    size <= 5 &&
    /\b(it|that|this|them)\b(?! (mon|tues|wednes|thurs|fri|satur|sun)day| week| morning| afternoon| evening)/.test(t) &&
    !findCatalogType(t) &&
    !CANCEL.test(t)
  ) {
    return { kind: 'clarify', about: 'general' };
  }
  return null;
}
