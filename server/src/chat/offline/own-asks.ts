import { findPlace } from './lookups';

/**
 * A question about the person's own bookings (decision 047): the next one, the list, or whether the
 * next can be cancelled free — and not a question that only mentions one ("how does the cleaner get
 * in during my next cleaning?").
 */

const OWN_BOOKING =
  /\b(my|mine)\b.{0,30}\b(booking|bookings|cleaning|cleanings|clean|appointment|appointments|visit|job|reservation|service)\b/i;

export function ownBookings(
  text: string,
): { kind: 'bookings'; question: 'next' | 'cancel-free' | 'list' | 'last' } | null {
  const t = text.toLowerCase();
  if (/\b(safe|safety|tips?|advice)\b/.test(t)) return null;
  // "Office cleaning crew. Columbus. Insured. List them.": cleaners asked for, not their own.
  if (/\b(crew|cleaners|team)\b/.test(t) && findPlace(text).city && !/\bmy\b/.test(t)) return null;
  // "my office in Boston needs a cleaning crew friday": a need, not one of their bookings.
  if (
    /\b(needs?|wants?|looking for)\b.{0,15}\b(a |an |some )?(deep |move[\s-]?out |regular )?(clean|cleaning|cleaner|cleaners|crew)\b/.test(
      t,
    )
  )
    return null;
  // "I booked through a partner's site without an account": the guest-booking article.
  if (/\bpartner\b|\bas a guest\b|\bwithout (making |creating |having )?(an )?account\b/.test(t)) return null;
  // "I'll be at work during my next cleaning — how does the cleaner get in?" asks how, not when.
  if (
    /\bget in\b|\bkeys?\b|\blockbox\b|\b(cats?|dogs?|pets?)\b|\b(supplies|vacuums?|mops?|equipment|products)\b/.test(t)
  )
    return null;
  // "How do I change the date of my appointment?" asks how, not about the appointment.
  if (
    /^\s*(how|why)\b/.test(t) &&
    !/^\s*how many (of my |times )?(cleanings|bookings|appointments|cleans|visits|have i|did i|i'?ve)\b/.test(t) &&
    !/^\s*how many times\b/.test(t) &&
    !/\b(next|upcoming)\b/.test(t)
  )
    return null;
  // "do i need to be home tomorrow for a cleaning or is that later? cant remember": their own.
  const forgot =
    /\b(can'?t|cannot|don'?t|do not) (remember|recall)\b|\bforgot\b|\bor is (that|it) (later|tomorrow|today|this week|next week)\b/.test(
      t,
    ) && /\b(clean|cleaning|cleaner|booking|appointment|booked|visit)\b/.test(t);
  // "do I have more than one cleaning coming up?", "did i ever book anybody outside austin?": the list.
  const several =
    /\bdo i have (more than one|two|multiple|several|other|another) (cleanings?|bookings?|appointments?|cleans?|visits?)\b|\b(did|have) i (ever )?(book|booked|used|hired)\b.{0,15}\b(anybody|anyone|someone|somebody|a cleaner|cleaners) (outside|besides|other than|apart from|except)\b/.test(
      t,
    );
  // "my bookings": all of them.
  if (/^\W*((show|see|view|list|check)( me)? )?(all )?my (bookings|cleanings|appointments|reservations)\W*$/.test(t))
    return { kind: 'bookings', question: 'list' };
  // "is my thursday cleaning still on?": that one.
  if (
    /\bis my (\w+ )?(booking|cleaning|appointment|clean|visit) still (on|happening|going ahead|booked|confirmed)\b/.test(
      t,
    )
  )
    return { kind: 'bookings', question: 'next' };
  if (
    several ||
    /\blist (whatever|everything|what|all) (i'?ve|i have) (got )?(scheduled|booked|coming)\b|\bthe ones (that )?(came|happened|were) before\b|\bthe ones (that are )?still coming\b|\bremind me (of|about) (all )?(my |the )?(cleanings|bookings|appointments)\b|\bhow many times have (you|you guys|y'?all|spotless|your cleaners|cleaners)( \w+)? (cleaned|been|come)\b|\b(see|show|view|list)\b.{0,10}\ball (the |my )?(bookings|cleanings|appointments)( i (did |have |had )?(make|made|book|booked))?\b/.test(
      t,
    )
  )
    return { kind: 'bookings', question: 'list' };
  const mine =
    forgot ||
    OWN_BOOKING.test(t) ||
    /\b(have i (got|booked)|am i booked|do i have any (bookings?|cleanings?|appointments?)|do i have (anything|something) (booked|scheduled|coming up))\b/.test(
      t,
    ) ||
    /\b(bookings?|appointments?|cleanings?)\b.{0,20}\bdo i have\b(?! to\b)/.test(t) ||
    /\bdo i have (anyone|someone|somebody|a cleaner|any cleaners?) (coming|booked|scheduled)\b/.test(t) ||
    /\bis my (booking|cleaning|appointment|clean|visit)\b/.test(t) ||
    /\bhow many of my (cleanings|bookings|appointments|cleans|visits)\b|\bhow many (cleanings|bookings|appointments|cleans|visits) (have i|did i|i'?ve)\b|^\W*next (booking|cleaning|appointment)\b|\bhow many hours did i book\b/.test(
      t,
    ) ||
    /\b(is|for|on) (the|my) (upcoming|next) (one|clean|cleaning|booking|appointment|visit)\b/.test(t) ||
    /\bevery booking\b|\ball (of )?(my )?bookings\b|\bthe ones i (cancelled|canceled|booked|had|paid)\b|\b(anything|something|any)\b.{0,25}\b(pending|unpaid|unconfirmed)\b.{0,25}\bmy (account|acct|bookings?)\b|\blist (them|em|'em)\b/.test(
      t,
    ) ||
    /\b(what'?s|what is|whats) on my account\b|\blist (out )?(what'?s|everything|all)\b/.test(t) ||
    /\bdo i (still )?have (anything|something|any)\b.{0,25}\b(pending|unpaid|unconfirmed|not confirmed|outstanding|to pay|coming up|on the calendar|scheduled|booked|lined up)\b/.test(
      t,
    ) ||
    /\b(i'?ve|i have) (booked|scheduled|made)\b/.test(t) ||
    /\b(the|that) (\w+ )?(one|booking|cleaning|appointment|clean) (coming up|next week|this week)\b/.test(t) ||
    /\bhow many times (have i|did i|i'?ve)( actually| really)? (booked|used|had)\b|\b(everything|all) (i'?ve|i have) (ever )?(got )?(booked|had)\b|\bmy (completed|past|cancelled|canceled|upcoming|pending|paid|finished) ones\b|\bdo i have (a|an) (booking|cleaning|appointment|clean|visit)\b|\bdo i have (one|any|anything) (stuck )?(in |still )?(pending|unpaid|unconfirmed)\b|\bwhich of my (bookings|cleanings|appointments)\b|\bi have (a|an|my)( \w+)? (cleaning|booking|appointment|clean|visit) (coming up|scheduled|booked)\b/.test(
      t,
    ) ||
    /\b(soonest|next|earliest)\b.{0,25}\b(on my (calendar|schedule)|i have (booked|coming|scheduled))\b/.test(t) ||
    /\b(the |my )?(last|past|previous) (few|couple( of)?|\d+|several|two|three) (cleanings|bookings|appointments|cleans|visits)\b/.test(
      t,
    ) ||
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
    /\bis my (booking|cleaning|appointment|clean|visit)\b|\bis the (upcoming|next) \w+\b|\brundown\b|\bsoonest\b|\bwho (did|cleaned|came)\b|\bwhich of my\b|\b(stuck|still) (in )?(pending|unpaid)\b|\bis it (this|next) week\b|\bgive me\b|\bhow much (am i|do i|will i) (paying|pay|owe)\b|\b(when|where|what time|what day|which day|which address|next|upcoming|coming up|list|show|see|view|display|check|pull up|bring up|look up|how many|do i have|have i|am i|scheduled|booked|status|manage|which page|go to)\b|\b(what|which) (bookings?|appointments?|cleanings?)\b|\bwhat(?:'?s| is| are) my\b|\b(can'?t|cannot|don'?t|do not) (remember|recall)\b|\bforgot\b|\bor is (that|it) later\b/;
  if (!about.test(t)) return null;
  // Changing one's booking is a question about how (the reschedule and cancellation articles).
  if (/\b(move|push|change|postpone|reschedule|shift)\b/.test(t)) return null;
  const plural =
    /\b(all|every|everything|so far|ones|list|bookings|appointments|cleanings|reservations|visits|how many (bookings|cleanings|appointments|cleans|visits)|how many times|anything|something|stuck|which of my)\b/.test(
      t,
    );
  // "did I pay for my upcoming cleaning or do I still owe something": that one booking.
  const one = /\bmy (next|upcoming) (cleaning|booking|appointment|clean|visit|one)\b(?!s)/.test(t);
  if (plural && !one) return { kind: 'bookings', question: 'list' };
  return { kind: 'bookings', question: 'next' };
}
