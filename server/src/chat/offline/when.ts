import { findClockTime, findDate, findTimeOfDay, type TimeOfDay } from './lookups';

/**
 * A time a question names, read in the asker's time zone (decision 047): the days it means ("this
 * weekend" is Saturday and Sunday, "next week" its seven days), a part of the day, and "after 3"
 * or "at 10".
 */
export interface When {
  /** The days meant, in order; the first is the one answered about when only one fits. */
  dates: string[];
  timeOfDay: TimeOfDay | null;
  /** "after 3" → "15:00": a free time at or after it. */
  after: string | null;
  /** "at 10am" → "10:00": that time if free. */
  at: string | null;
  /** "before 10am" → "10:00": a free time starting before it. */
  before?: string;
  /** How an ambiguous phrase was read, to say so ("next weekend" midweek: the coming one first). */
  readAs?: string;
}

export const TIME_RANGES: Record<TimeOfDay, [string, string]> = {
  morning: ['00:00', '12:00'],
  afternoon: ['12:00', '17:00'],
  evening: ['17:00', '24:00'],
};

/**
 * The day relative dates are read from: today, unless the message names today's weekday for a part
 * of the day already over ("first thing friday", said on Friday afternoon, is next Friday).
 */
export function readingDay(text: string, now: Date, zone: string): string {
  const today = todayIn(now, zone);
  const t = text.toLowerCase();
  const name = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][weekday(today)] as string;
  if (!new RegExp(`\\b${name}[a-z]*\\b`).test(t) || /\b(today|tonight|this (morning|afternoon|evening))\b/.test(t))
    return today;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }).format(now),
  );
  const part = findTimeOfDay(t);
  const over = part === 'morning' ? hour >= 12 : part === 'afternoon' ? hour >= 17 : hour >= 18;
  return over ? addDays(today, 1) : today;
}

/** Today's date in a zone (YYYY-MM-DD). */
export function todayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** "after 3", "after 3pm", "after 15:00", "from 2 onwards", "later than 4": as HH:MM. */
export function findAfter(text: string): string | null {
  // "noon or later", "noonish or a bit after": from noon.
  if (/\b(noon|midday)\s+(or|and)\s+(later|after|a bit after|a little after|after that|onwards?)\b/i.test(text))
    return '12:00';
  const m =
    /\b(?:after|from|later than|past)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?!\s*(?:hours?|hrs?|days?|minutes?|mins?))\b/i.exec(
      text,
    ) ??
    // "3 or later", "after work, like 5:30".
    /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s+(?:or|and) (?:later|after|a bit after|a little after|onwards?)\b/i.exec(
      text,
    ) ??
    /\bafter work\b.{0,20}\b(?:like|around|say|about|at)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(text);
  // "after 3" with no am/pm, in a cleaning's day, is the afternoon.
  return m ? clockOf(m, 7) : null;
}

/**
 * An hour, its minutes and its am/pm as matched, as HH:MM: an hour from 1 to `afternoonUpTo` with no
 * am/pm is the afternoon's, in a cleaning's day ("after 3", "before 3").
 */
function clockOf(m: RegExpExecArray, afternoonUpTo: number): string | null {
  if (!m[1]) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  if (!half && hour >= 1 && hour <= afternoonUpTo) hour += 12;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The time a message names, or null when it names none. */
export function readWhen(text: string, today: string): When | null {
  const said = text.toLowerCase();
  // "on the 30th, lease ends dec 1": the lease's end is context when another day is asked.
  const context = said.replace(/\b(lease|tenancy|rental|contract) (ends?|is up|runs out|expires)\b[^,.;!?]*/g, ' ');
  const t = context !== said && findDate(context, today) !== undefined ? context : said;
  const timeOfDay = findTimeOfDay(t) ?? null;
  const after = findAfter(t);
  const before = findBefore(t);
  // "before noon" is a part of the day, not a time; nor is "before 10am" a time to start at.
  const at =
    after || before || /\b(before|by|and|to|till|until) (noon|midday|lunch)\b/.test(t)
      ? null
      : (findClockTime(t) ?? null);
  let dates: string[] = [];
  let readAs: string | undefined;
  const saturday = addDays(today, (6 - weekday(today) + 7) % 7);
  // "this friday afternoon, the in-laws come for the weekend": a weekday named is the day meant.
  // "moved out over the weekend, need a clean monday the 30th": a numbered day is the day meant.
  const numbered =
    /\b\d{1,2}(st|nd|rd|th)\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2}\/\d{1,2}\b/.test(
      t,
    ) && !/\bweekend of\b|\b(first|1st|second|2nd|third|3rd|fourth|4th|last) weekend\b/.test(t);
  const weekdayNamed =
    /\b(mon|tues?|wednes|wed|thurs?|fri)(day)?\b/.test(t) &&
    !/\b(this|next|that|over the|on the|during the) weekend\b/.test(t);
  const nthWeekend = /\b(first|1st|second|2nd|third|3rd|fourth|4th|last) weekend (?:in|of) [a-z]+/.test(t)
    ? findDate(t, today)
    : undefined;
  // "the weekend of the 5th": that date's Saturday and Sunday.
  const weekendOf = /\bweekend of (?:the )?(\d{1,2})(?:st|nd|rd|th)?\b/.exec(t);
  const ofDate = weekendOf ? findDate(`the ${weekendOf[1]}th`, today) : undefined;
  // "in auckland till the weekend, … tomorrow": the weekend is when they are away, not the day asked.
  const weekendContext =
    /\b(till|until|til|through|before|after) (the |this )?weekend\b/.test(t) &&
    /\b(today|tonight|tomorrow|tmrw|mon|tues?|wednes|wed|thurs?|fri)(day)?\b/.test(t);
  // "tuesday of the week after thanksgiving": that weekday in the week (Monday on) after the day named.
  const weekAfter =
    /\b(?:(mon|tues|wednes|thurs|fri|satur|sun)day (?:of|in) )?the week after ([a-z' ]{3,30}?)(?=[\s,.;!?-]|$)/.exec(t);
  const afterDay = weekAfter?.[2] ? findDate(weekAfter[2], today) : undefined;
  if (weekAfter && afterDay) {
    const monday = addDays(afterDay, (8 - weekday(afterDay)) % 7 || 7);
    const named = weekAfter[1] ? ['mon', 'tues', 'wednes', 'thurs', 'fri', 'satur', 'sun'].indexOf(weekAfter[1]) : -1;
    dates = named >= 0 ? [addDays(monday, named)] : Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  } else if (ofDate) {
    const saturday = addDays(ofDate, weekday(ofDate) === 0 ? -1 : 6 - weekday(ofDate));
    dates = [saturday, addDays(saturday, 1)];
  } else if (nthWeekend) {
    // "the first weekend of December": its Saturday and Sunday.
    dates = [nthWeekend, addDays(nthWeekend, 1)];
  } else if (/\b(this |next |following )?weekend\b/.test(t) && !weekdayNamed && !weekendContext && !numbered) {
    // "the weekend after this one", "the following weekend": a week on; "the weekend after next": two.
    const later = /\bweekend after next\b/.test(t)
      ? 14
      : /\bweekend after (this|this one|that)\b|\bfollowing weekend\b|\bthe one after\b/.test(t)
        ? 7
        : 0;
    const first = addDays(
      /\bnext weekend\b/.test(t) && weekday(today) !== 0 && weekday(today) !== 6 ? addDays(saturday, 7) : saturday,
      later,
    );
    dates = weekday(today) === 0 && !/\bnext\b/.test(t) && later === 0 ? [today] : [first, addDays(first, 1)];
    // "next weekend" said Monday to Thursday: people mean this coming one or the one after — both.
    if (/\bnext weekend\b/.test(t) && later === 0 && weekday(today) >= 1 && weekday(today) <= 4) {
      dates = [saturday, addDays(saturday, 1), ...dates];
      readAs = `"Next weekend" can mean this coming one or the one after: I looked from ${longDate(saturday)} on, the nearer first.`;
    }
    // "the weekend after next" said Monday to Thursday: after the coming one, or after the one after it.
    if (later === 14 && weekday(today) >= 1 && weekday(today) <= 4) {
      const nearer = addDays(saturday, 7);
      dates = [nearer, addDays(nearer, 1), ...dates];
      readAs = `"The weekend after next" can mean the one after this coming weekend or the one after that: I looked from ${longDate(nearer)} on, the nearer first.`;
    }
    // "this weekend? Sunday preferably": the day named wins.
    if (/\bsat(urday)?\b/.test(t) && /\bsun(day)?\b/.test(t)) {
      // "sat or sun": either day.
    } else if (/\bsun(day)?\b/.test(t)) dates = [dates.at(-1) as string];
    else if (/\bsat(urday)?\b/.test(t)) dates = [dates[0] as string];
  } else if (/\b(this|next) week\b/.test(t) && findDate(t.replace(/\b(this|next) week\b/g, ' '), today) !== undefined) {
    // "this week … tmrw morning", "next week on Tuesday": the day named, in the week named.
    const day = findDate(t.replace(/\b(this|next) week\b/g, ' '), today) as string;
    const monday = addDays(today, (8 - weekday(today)) % 7 || 7);
    const named = /\b(mon|tues?|wednes|wed|thurs?|fri|satur|sat|sun)(day)?\b/.test(t);
    dates = [/\bnext week\b/.test(t) && named && day < monday ? addDays(monday, (weekday(day) + 6) % 7) : day];
  } else if (/\bnext week\b/.test(t)) {
    const monday = addDays(today, (8 - weekday(today)) % 7 || 7);
    dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  } else if (/\bthis week\b/.test(t)) {
    const left = (7 - weekday(today)) % 7;
    dates = Array.from({ length: left + 1 }, (_, i) => addDays(today, i));
  } else {
    const date = findDate(t, today);
    // "away from Dec 4 through the weekend — someone on the saturday?": that weekday after the date.
    const the = numbered ? /\bthe (sun|mon|tues|wednes|thurs|fri|satur)day\b/.exec(t) : null;
    const wanted = the ? ['sun', 'mon', 'tues', 'wednes', 'thurs', 'fri', 'satur'].indexOf(the[1] as string) : -1;
    if (date && wanted >= 0 && weekday(date) !== wanted) dates = [addDays(date, (wanted - weekday(date) + 7) % 7)];
    else if (date) dates = [date];
  }
  if (dates.length === 0 && (timeOfDay || after || at)) {
    // "tonight", "this afternoon" name today; "in the morning" alone means the next one.
    dates = [today];
    if (/\b(in the morning|morning)\b/.test(t) && !/\btoday|this morning\b/.test(t)) dates = [addDays(today, 1)];
  }
  if (dates.length === 0 && before) dates = [today];
  if (dates.length === 0) return null;
  return {
    dates,
    timeOfDay: timeOfDay ?? (before && before <= '12:00' ? 'morning' : null),
    after,
    at,
    ...(before ? { before } : {}),
    ...(readAs ? { readAs } : {}),
  };
}

/** Free times (HH:MM, in order) that fit what was asked. */
export function fitting(free: readonly string[], when: When): string[] {
  const [from, to] = when.timeOfDay ? TIME_RANGES[when.timeOfDay] : ['00:00', '24:00'];
  // "at 10": that time, or within the two hours after it.
  const atEnd = when.at ? `${String(Number(when.at.slice(0, 2)) + 2).padStart(2, '0')}${when.at.slice(2)}` : null;
  return free.filter(
    (t) =>
      t >= from &&
      t < to &&
      (!when.after || t >= when.after) &&
      (!when.before || t < when.before) &&
      (!when.at || (t >= when.at && t < (atEnd as string))),
  );
}

/** "before 10am", "by 11", "no later than 9:30": as HH:MM, a morning hour unless "pm" is said. */
function findBefore(text: string): string | null {
  const m =
    /\b(?:before|no later than|earlier than)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?!\s*(?:hours?|hrs?|days?|minutes?|mins?))\b/i.exec(
      text,
    ) ?? /\bby\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/i.exec(text);
  // "before 3" with no am/pm is the afternoon; "before midnight" names no time of a cleaning.
  const clock = m ? clockOf(m, 6) : null;
  return clock === '00:00' ? null : clock;
}

/** "Saturday, December 5" for a date (YYYY-MM-DD). */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
