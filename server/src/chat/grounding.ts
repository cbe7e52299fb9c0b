/**
 * The model's words checked against what it did (decision 047): the assistant reads and never
 * writes, so a sentence saying it booked, cancelled, paid or refunded something is false whatever
 * the model believed; the product has no messaging between customers and cleaners, so a promise of
 * one is removed; and a cleaner or booking page the tools never returned is a cleaner the model
 * made up, so the link goes. Each correction is named for the logs and tests.
 */

export type Correction = 'claimed-action' | 'missing-feature' | 'unknown-cleaner';

const CLAIMED_ACTION =
  /[^.!?\n]*\b(?:I(?:'ve| have)?|we(?:'ve| have)?)\s+(?:just\s+|now\s+|already\s+|successfully\s+)?(?:booked|reserved|scheduled|cancel(?:l)?ed|rescheduled|moved|refunded|charged|paid|processed|confirmed|sent)\b[^.!?\n]*[.!?]?|[^.!?\n]*\byour (?:booking|cleaning|appointment|refund|payment) (?:is|has been) (?:now )?(?:booked|confirmed|cancel(?:l)?ed|rescheduled|processed|refunded)\b[^.!?\n]*[.!?]?/gi;

const MISSING_FEATURE =
  /[^.!?\n]*\b(?:message|chat with|text|dm|send a message to|in-app messag\w*|messaging)\b[^.!?\n]*\b(?:your |the )?cleaner\b[^.!?\n]*[.!?]?/gi;

const ACTION_NOTE =
  "I can't book, cancel, pay or change anything myself: you confirm on the booking page or in My Bookings (/dashboard).";
const FEATURE_NOTE = 'For anything about a booking, our support team can help: /contact';

export function groundModelText(
  text: string,
  facts: { cleanerIds: ReadonlySet<number> },
): { text: string; corrections: Correction[] } {
  const corrections = new Set<Correction>();
  let out = text.replace(CLAIMED_ACTION, (sentence) => {
    corrections.add('claimed-action');
    return sentence.startsWith(' ') ? ` ${ACTION_NOTE}` : ACTION_NOTE;
  });
  out = out.replace(MISSING_FEATURE, (sentence) => {
    corrections.add('missing-feature');
    return sentence.startsWith(' ') ? ` ${FEATURE_NOTE}` : FEATURE_NOTE;
  });
  out = out.replace(/(?<![\w/.])\/(cleaner|booking)\/(\d+)(?:\/\d+)?(?:\?[^\s)\]]*)?/g, (link, _kind, id) => {
    if (facts.cleanerIds.has(Number(id))) return link;
    corrections.add('unknown-cleaner');
    return '/cleaners';
  });
  // One note once, however many sentences it replaced.
  for (const note of [ACTION_NOTE, FEATURE_NOTE]) {
    const first = out.indexOf(note);
    if (first >= 0)
      out =
        out.slice(0, first + note.length) +
        out
          .slice(first + note.length)
          .split(note)
          .join('');
  }
  return { text: out.replace(/[ \t]{2,}/g, ' ').trim(), corrections: [...corrections] };
}
