import { FREE_CANCELLATION_HOURS, HOUR_MS, LATE_CANCELLATION_FEE_HOURS } from '@spotless/sdk/rules';
import type { ReplyTrace } from '../../lib/assistant-engine';
import { zonedToUtc } from '../../lib/time';
import { findDate } from './lookups';
import { NUMBER_WORDS } from './text';
import { addDays, readWhen, todayIn } from './when';

/**
 * What cancelling costs (decision 047), computed from the cancellation rule's figures for the time
 * the person names ("20 hours before", "3 days ahead"): one yes/no, then the amount — never a
 * template that could say "no" and "free" at once. Their own booking's terms come from the bookings
 * service (own-bookings.ts); with no time named, both outcomes are given and marked unsure.
 */

type Answer = { text: string; trace: ReplyTrace };

const UNITS: Record<string, number> = {
  minute: 1 / 60,
  min: 1 / 60,
  hour: 1,
  hr: 1,
  h: 1,
  day: 24,
  week: 168,
};
/** Hours before the start a cancellation question names, or null when it names none. */
const SAME_DAY = /\bsame day\b|\bthe morning of\b|\blast[\s-]minute\b|\bday of\b|\bthat morning\b/i;

export function hoursNamed(text: string): number | null {
  // "like 4ish hours before": about four.
  // "a week from friday" names a day, not a notice.
  const t = text
    .toLowerCase()
    .replace(/\b(\d+)ish\b/g, '$1')
    .replace(/\b(a|one|two|\d+) weeks? from \w+/g, ' ');
  // "the night before, like 18 hours out": the hours said win over the day named.
  const said = /\b(\d+(?:\.\d+)?)\s*(hours?|hrs?|h)\b/.exec(t);
  if (said?.[1] && /\b(day|night) before\b|\bsame day\b|\bthe morning of\b|\blast[\s-]minute\b/.test(t))
    return Number(said[1]);
  // "a day and a half", "two and a half hours".
  const half = /\b(\d+|an?|one|two|three|four|five)\s+(?:(day|hour)s?\s+and a half|and a half (day|hour)s?)\b/.exec(t);
  if (half?.[1]) {
    const n = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5 }[half[1]] ?? Number(half[1]);
    return (n + 0.5) * ((half[2] ?? half[3]) === 'day' ? 24 : 1);
  }
  if (/\bhalf (a|one) day\b/.test(t)) return 12;
  if (/\b(the )?day before\b|\bnight before\b/.test(t)) return null;
  if (/\bsame day\b|\bthe morning of\b|\blast[\s-]minute\b/.test(t)) return null;
  const m =
    /\b(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|twelve|half|a couple(?: of)?|couple|a few|few)\s*(?:an?\s+)?(?:(?:full|whole|entire|clear|good)\s+)?(minutes?|mins?|hours?|hrs?|h|days?|weeks?)\b/.exec(
      t,
    );
  if (!m?.[1] || !m[2]) return null;
  const count = NUMBER_WORDS[m[1]] ?? Number(m[1]);
  const unit = UNITS[m[2].replace(/s$/, '')] ?? 1;
  const hours = count * unit;
  return Number.isFinite(hours) && hours >= 0 ? Math.round(hours * 100) / 100 : null;
}

function hoursWords(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return `${hours / 24} day${hours === 24 ? '' : 's'} (${hours} hours)`;
  if (hours < 1) return `${Math.round(hours * 60)} minutes`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

const FEE = `the cleaner keeps a fee of ${LATE_CANCELLATION_FEE_HOURS === 1 ? 'one hour' : `${LATE_CANCELLATION_FEE_HOURS} hours`} at the booked hourly rate (never more than the booking's total) and the rest of what you paid is refunded`;

/** "My cleaning is at 2pm tomorrow. If I cancel now…": the hours from now to the start named. */
/** The words for the person's own cancelling, as the moments named around them are read. */
const CANCELLING = String.raw`\b(cancel\w*|call(?:ing)? (?:it )?off|back(?:ing)? out|bail\w*|pull(?:ing)? out)\b`;
const CANCEL_WORD = new RegExp(CANCELLING, 'i');

/** "booked for 6pm tonight, can I still back out?": tonight is the start (not "cancel tonight at 8"). */
export function startsTonight(text: string): boolean {
  const today = String.raw`\b(tonight|this (morning|afternoon|evening))\b`;
  return new RegExp(today, 'i').test(text) && !new RegExp(`${CANCELLING}.{0,30}${today}`, 'i').test(text);
}

function hoursUntilStart(text: string, now: Date, zone: string): number | null {
  if (!/\b(now|today|right away|at this point)\b/i.test(text) && !startsTonight(text)) return null;
  const when = readWhen(text, todayIn(now, zone));
  const time = when?.at ?? when?.after;
  const date = when?.dates.length === 1 ? when.dates[0] : undefined;
  if (!time || !date) return null;
  const hours = (zonedToUtc(date, time, zone).getTime() - now.getTime()) / HOUR_MS;
  return hours > 0 ? Math.floor(hours) : null;
}

/**
 * Both moments named — the start and when they would cancel ("my cleaning is Saturday at 10am; if I
 * cancel Thursday around 10"): the hours between them when both have a time, else what the days
 * alone settle (two days apart is free whatever the hours; the same day never is).
 */
export function momentsNamed(text: string, today: string): { hours: number | null; free: boolean | null } | null {
  const cut = CANCEL_WORD.exec(text);
  if (!cut) return null;
  // "cancel the night before, like 8pm for a 9am clean": the evening's hour to the morning's.
  const clock = [...text.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b|\bnoon\b/gi)].map((m) =>
    m[0].toLowerCase() === 'noon'
      ? { minutes: 12 * 60, pm: false }
      : {
          minutes: ((Number(m[1]) % 12) + (m[3]?.toLowerCase() === 'pm' ? 12 : 0)) * 60 + Number(m[2] ?? 0),
          pm: m[3]?.toLowerCase() === 'pm',
        },
  );
  const evening = clock.find((c) => c.pm);
  const morning = clock.find((c) => !c.pm);
  if (/\b(night|evening) before\b/i.test(text) && clock.length === 2 && evening && morning) {
    const hours = Math.floor((24 * 60 - evening.minutes + morning.minutes) / 60);
    return { hours, free: hours >= FREE_CANCELLATION_HOURS };
  }
  // "cancel at 9am the day before for a 2pm clean", "starts at 9am, cancelling around 8 the night
  // before": the cancelling hour (said after the word, a bare one in the evening) to the start's.
  if (/\b(day|night|evening) before\b/i.test(text)) {
    const after = text.slice(cut.index);
    const bare = /\b(?:around|about|at|by)\s+(\d{1,2})\b(?!\s*(?::|am|pm|a\.m|p\.m))/i.exec(after);
    const timed = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/i.exec(after);
    const night = /\b(night|evening) before\b/i.test(text);
    const cancelMinutes = timed
      ? ((Number(timed[1]) % 12) + (timed[3]?.toLowerCase() === 'pm' ? 12 : 0)) * 60 + Number(timed[2] ?? 0)
      : bare && night
        ? ((Number(bare[1]) % 12) + 12) * 60
        : undefined;
    const starts = clock.filter((c) => c.minutes !== cancelMinutes);
    if (cancelMinutes !== undefined && starts.length === 1) {
      const hours = Math.floor((24 * 60 - cancelMinutes + (starts[0]?.minutes ?? 0)) / 60);
      return { hours, free: hours >= FREE_CANCELLATION_HOURS };
    }
  }
  let [first, rest] = [text.slice(0, cut.index), text.slice(cut.index)];
  // "cancel at 9pm tonight for a cleaning at 10am tomorrow": the cancelling, then the start.
  const forStart =
    /\s(?:for|before) (?:a|my|the|our)(?: \w+){0,2} (?:cleaning|clean|booking|appointment|visit)\b/i.exec(rest);
  if (readWhen(first, today) === null && forStart && readWhen(rest.slice(0, forStart.index), today) !== null) {
    [first, rest] = [rest.slice(0, forStart.index), rest.slice(forStart.index)];
  }
  // "if I cancel tomorrow at 9am and the cleaning is friday at 9am": both after the word.
  const and = /\s(?:and|but|while|whereas)\s|,\s/i.exec(rest);
  if (readWhen(first, today) === null && and) [first, rest] = [rest.slice(and.index), rest.slice(0, and.index)];
  const a = readWhen(first, today);
  let b = readWhen(rest, today);
  // "cancel at 8 pm the night before", "the morning of": a day told from the start's.
  const relative = /\b(night|day|evening) before\b/i.test(rest)
    ? -1
    : /\b(morning of|same day|that (morning|day))\b/i.test(rest)
      ? 0
      : null;
  if (a?.dates.length === 1 && b && relative !== null && findDate(rest, today) === undefined) {
    b = { ...b, dates: [addDays(a.dates[0] as string, relative)] };
  }
  // "a week from friday at 9am; if i cancel the monday before at 9": the Monday before that Friday.
  const before = /\bthe (sun|mon|tues|wednes|thurs|fri|satur)day before\b/i.exec(rest);
  if (a?.dates.length === 1 && b && before) {
    const start = a.dates[0] as string;
    const wanted = ['sun', 'mon', 'tues', 'wednes', 'thurs', 'fri', 'satur'].indexOf(
      (before[1] as string).toLowerCase(),
    );
    const back = (new Date(`${start}T00:00:00Z`).getUTCDay() - wanted + 7) % 7 || 7;
    b = { ...b, dates: [addDays(start, -back)] };
  }
  if (a?.dates.length !== 1 || b?.dates.length !== 1) return null;
  // "friday night around 10": an hour said with the evening is after noon.
  const pmAtNight = (w: typeof a, time: string | null) =>
    time && w.timeOfDay === 'evening' && Number(time.slice(0, 2)) < 12
      ? `${String(Number(time.slice(0, 2)) + 12).padStart(2, '0')}${time.slice(2)}`
      : time;
  const moment = (w: typeof a) => ({ date: w.dates[0] as string, time: pmAtNight(w, w.at ?? w.after) });
  const [one, two] = [moment(a), moment(b)];
  if (one.date === two.date && (!one.time || !two.time)) return { hours: null, free: false };
  // "cancel on Monday for a cleaning Wednesday", said on a Tuesday: the Monday before that Wednesday.
  const cancelFirst = CANCEL_WORD.test(first);
  const [said, begins] = cancelFirst ? [one, two] : [two, one];
  const weekBefore = { ...said, date: addDays(said.date, -7) };
  const moved =
    `${said.date} ${said.time}` > `${begins.date} ${begins.time}` &&
    `${weekBefore.date} ${weekBefore.time}` <= `${begins.date} ${begins.time}` &&
    /\b(mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(cancelFirst ? first : rest);
  const [cancelAt, start] = moved
    ? [weekBefore, begins]
    : `${one.date} ${one.time}` <= `${two.date} ${two.time}`
      ? [one, two]
      : [two, one];
  if (start.time && cancelAt.time) {
    const hours =
      (Date.parse(`${start.date}T${start.time}Z`) - Date.parse(`${cancelAt.date}T${cancelAt.time}Z`)) / HOUR_MS;
    return { hours: Math.floor(hours * 10) / 10, free: hours >= FREE_CANCELLATION_HOURS };
  }
  const days = (Date.parse(start.date) - Date.parse(cancelAt.date)) / (24 * HOUR_MS);
  return { hours: null, free: days >= 2 ? true : null };
}

export function cancellationOutcome(text: string, now: Date, zone: string): Answer {
  const moments = /\b(now|right away|at this point)\b/i.test(text) ? null : momentsNamed(text, todayIn(now, zone));
  if (moments && moments.hours === null && moments.free !== null) {
    const answer = moments.free
      ? `Cancelling two or more days before the cleaning is free: that is at least ${FREE_CANCELLATION_HOURS} hours ahead, so nothing is charged and you get everything back.`
      : `Cancelling on the day of the cleaning is not free: that is less than ${FREE_CANCELLATION_HOURS} hours before the start, so ${FEE}.`;
    return {
      text: `${answer} Cancel from My Bookings: /dashboard — the full policy: /help-center#cancellation-policy`,
      trace: {
        intent: 'cancellation',
        articles: ['cancellation-policy', 'cancellation-charge'],
        cancellation: { hoursBefore: null, bookingId: null, free: moments.free, feeCents: null },
      },
    };
  }
  const hours = hoursNamed(text) ?? hoursUntilStart(text, now, zone) ?? moments?.hours ?? null;
  const more = 'Cancel from My Bookings: /dashboard — the full policy: /help-center#cancellation-policy';
  const articles = ['cancellation-policy', 'cancellation-charge'];
  // The same day is always within the free window: certain, whatever the hour.
  if (hours === null && SAME_DAY.test(text)) {
    return {
      text: `Cancelling on the day of the cleaning is not free: that is less than ${FREE_CANCELLATION_HOURS} hours before the start, so ${FEE}. ${more}`,
      trace: {
        intent: 'cancellation',
        articles,
        cancellation: { hoursBefore: null, bookingId: null, free: false, feeCents: null },
      },
    };
  }
  if (hours === null) {
    const dayBefore = /\b(day|night) before\b/i.test(text)
      ? ` So the day before is free only while it is still at least ${FREE_CANCELLATION_HOURS} hours before the start time.`
      : '';
    return {
      text: `It depends on how long before the start you cancel. ${FREE_CANCELLATION_HOURS} hours or more before: free, and you get everything back. Less than ${FREE_CANCELLATION_HOURS} hours before: ${FEE}.${dayBefore} ${more}`,
      trace: {
        intent: 'cancellation',
        unsure: true,
        articles,
        cancellation: { hoursBefore: null, bookingId: null, free: null, feeCents: null },
      },
    };
  }
  const free = hours >= FREE_CANCELLATION_HOURS;
  const answer = free
    ? `Cancelling ${hoursWords(hours)} before the start is free: that is at least ${FREE_CANCELLATION_HOURS} hours ahead, so nothing is charged and you get everything back.`
    : `Cancelling ${hoursWords(hours)} before the start is not free: that is less than ${FREE_CANCELLATION_HOURS} hours ahead, so ${FEE}.`;
  return {
    text: `${answer} ${more}`,
    trace: {
      intent: 'cancellation',
      articles: ['cancellation-policy', 'cancellation-charge'],
      cancellation: { hoursBefore: hours, bookingId: null, free, feeCents: null },
    },
  };
}
