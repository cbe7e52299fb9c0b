import { FREE_CANCELLATION_HOURS, RESCHEDULE_CLOSES_HOURS } from '@spotless/sdk/rules';

/** What the offline engine answers when asked to act: where the person can do it themselves. */
export function writeRefusal(what: string): string {
  const where: Record<string, string> = {
    book: "I can't book for you, but I can find a cleaner and their free times, and you confirm on the booking page. Tell me the city, or open a cleaner's profile and choose Book Now: /cleaners",
    cancel: `I can't cancel bookings for you. You can cancel it yourself from My Bookings (/dashboard): cancelling ${FREE_CANCELLATION_HOURS} hours or more before the start is free; later, the cleaner's fee of one hour at the booked rate is kept.`,
    refund: `I can't issue refunds. Cancelling ${FREE_CANCELLATION_HOURS} hours or more before the start refunds a paid booking in full; for anything else, contact our support team: /contact`,
    pay: "I can't make payments for you. Pay for a booking securely from My Bookings (/dashboard) with your card.",
    reschedule: `I can't change bookings for you. You can reschedule free of charge up to ${RESCHEDULE_CLOSES_HOURS} hours before the start from My Bookings: /dashboard`,
    other:
      "I can't make changes for you, but I can point you to where you can: My Bookings (/dashboard) or your profile (/profile).",
  };
  return where[what] ?? (where.other as string);
}

export type WriteRequest = { kind: 'write'; what: 'book' | 'cancel' | 'refund' | 'pay' | 'reschedule' | 'other' };

/** A request that the assistant act: "book Maria", "can you cancel my booking", "refund me". */
export function writeRequest(text: string): WriteRequest | null {
  const t = text.toLowerCase().trim();
  const lead = String.raw`^(?:(?:please|pls|hey|ok|okay|so|now|just|then)[,\s]+)*(?:(?:can|could|would|will) you (?:please |just |kindly )?|i want you to |i need you to |go ahead (?:and |n |& )?|you should |help me )?`;
  const verbs: Array<[RegExp, WriteRequest['what']]> = [
    [
      /(?:book|reserve|schedule|hire)(?! (?:me |us )?(?:a |an |the )?(?:flight|hotel|table|car|ticket|room|trip|restaurant|uber|cab|taxi|train|bus)\b)/,
      'book',
    ],
    [/cancel/, 'cancel'],
    [/refund(?! status| update|s? (?:yet|status))|give me (my )?money back/, 'refund'],
    [/pay|charge|tip(?= (?:my|the|her|him|them|\$|\d))|add (?:a )?(?:\$?\d+ )?tip|process (the |my )?payment/, 'pay'],
    [/(?:process|issue|send|give) (?:me )?(?:a |the |my )?refund/, 'refund'],
    [/sign (?:me )?up|register me|create (?:me )?an? account/, 'other'],
    // "move out cleaning in Austin" names a service, not a move.
    [/reschedule|move(?![\s-]?(?:out|in)\b)|change|push|postpone|bump|shift/, 'reschedule'],
    [/delete|remove|approve|reject|confirm|accept|decline|update|edit|set/, 'other'],
  ];
  for (const [verb, what] of verbs) {
    if (new RegExp(lead + String.raw`(?:${verb.source})\b`).test(t)) {
      // "can you book …" asks the assistant; "can I book …" or "how do I book …" asks how.
      if (what === 'reschedule' && !/\b(my|the|it|booking|cleaning|appointment)\b/.test(t)) return null;
      if (what === 'other' && !/\b(my|the|it|me|booking|account|review|application)\b/.test(t)) return null;
      return { kind: 'write', what };
    }
  }
  if (
    /\brefund me\b/.test(t) ||
    (/\b(refund|money)\b/.test(t) &&
      /\b(process|issue|do|send)\b.{0,15}\b(it|that|refund|the money|my money)\b.{0,15}\b(now|asap|today|right away|immediately)\b|\bmake\b.{0,15}\b(refund|the money|my money)\b.{0,15}\b(now|asap|today|right away|immediately)\b/.test(
        t,
      ))
  ) {
    return { kind: 'write', what: 'refund' };
  }
  if (
    /\b(leave|write|post)\b.{0,30}\breview\b/.test(t) &&
    /\breview\b.{0,15}\bfor me\b|^(please )?(leave|write|post)\b/.test(t)
  ) {
    return { kind: 'write', what: 'other' };
  }
  // "we're moving, so just cancel everything I have coming up": an order after the story.
  if (
    /(?:^|[,.;!?]\s*|\bso\s+|\band\s+|\bthen\s+)(?:just |please |pls |go ahead and )?(cancel|reschedule|refund) (everything|all|it all|them all|all of (them|it)|it|them|my (bookings?|cleanings?|appointments?|next one|upcoming))\b/.test(
      t,
    )
  ) {
    return { kind: 'write', what: /refund/.test(t) ? 'refund' : /reschedule/.test(t) ? 'reschedule' : 'cancel' };
  }
  // "use my new visa ending 4421 for my upcoming booking": paying is an act.
  if (
    /^(please |pls )?use (my|this|the) (new |other |different |second )?(visa|mastercard|amex|card|credit card|debit card)\b/.test(
      t,
    )
  )
    return { kind: 'write', what: 'pay' };
  // "switch the card on my upcoming booking to my amex": an act on the booking.
  if (
    /\b(switch|change|swap|update)\b.{0,10}\bcard\b.{0,25}\b(on|for) (my|the) (upcoming |next )?(booking|cleaning|appointment)\b/.test(
      t,
    )
  )
    return { kind: 'write', what: 'pay' };
  // "put a $20 tip on my card": an act.
  if (/\b(put|add|send|give) (a |an )?\$?\d+ tip\b|\bput (a |an )?(\$?\d+ )?tip on\b/.test(t))
    return { kind: 'write', what: 'pay' };
  // "book him monday, put it on my visa": paying with the asker's card is an act too.
  if (/\b(put|charge|bill) it (on|to) my (card|visa|mastercard|amex|credit card|debit card|account)\b/.test(t)) {
    return { kind: 'write', what: /\bbook\b/.test(t) ? 'book' : 'pay' };
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
