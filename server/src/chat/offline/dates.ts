import { NUMBER_WORDS } from './text';

/**
 * The day a question names (decision 047): "tomorrow", "the 28th", "Dec 3", "12/5", a weekday (the
 * one asked about among several), a holiday and the day before or after it, in the asker's calendar.
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_SHORT = ['sun', 'mon', 'tues?', 'weds?', 'thu(?:rs?)?', 'fri', 'sat'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoOf(year: number, month: number, day: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d.toISOString().slice(0, 10);
}

function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A day named in the text, relative to `today` (YYYY-MM-DD): "tomorrow", "Saturday", "Dec 3", "12/3". */
export function findDate(text: string, today: string): string | undefined {
  const t = text.toLowerCase();
  // "in 2 days", "in a couple of days", "in a week": counted from today.
  const counted = /\bin (\d{1,2}|a|one|two|three|four|five|six|seven|a couple(?: of)?|a few) (days?|weeks?)\b/.exec(t);
  if (counted?.[1] && counted[2]) {
    const n = NUMBER_WORDS[counted[1]] ?? Number(counted[1]);
    return addDaysIso(today, counted[2].startsWith('week') ? n * 7 : n);
  }
  // "two weeks from today", "2 weeks from now".
  const weeksFrom = /\b(two|2|three|3) weeks from (today|now)\b/.exec(t);
  if (weeksFrom?.[1]) return addDaysIso(today, (/^(two|2)$/.test(weeksFrom[1]) ? 2 : 3) * 7);
  // "the saturday after next": the coming one and a week more.
  const afterNext = /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday) after next\b/.exec(t);
  if (afterNext?.[1]) {
    const todayDay = new Date(`${today}T00:00:00Z`).getUTCDay();
    return addDaysIso(today, ((WEEKDAYS.indexOf(afterNext[1]) - todayDay + 7) % 7 || 7) + 7);
  }
  // "a week from Saturday", "a week from tomorrow": that day and seven more.
  const weekFrom = /\ba week from (\w+)\b/.exec(t);
  if (weekFrom?.[1]) {
    const from = weekFrom[1] === 'today' ? today : findDate(weekFrom[1], today);
    if (from) return addDaysIso(from, 7);
  }
  if (/\bday after tomorrow\b/.test(t)) return addDaysIso(today, 2);
  if (/\b(tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b/.test(t)) return addDaysIso(today, 1);
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(t)) return today;
  const year = Number(today.slice(0, 4));
  const holiday = holidayIn(t, today);
  // "the day after Thanksgiving", "black friday", "the day before Christmas Eve".
  if (holiday) {
    // "the day after", "the morning after Thanksgiving" (not "thanksgiving morning before the in-laws").
    const HOLIDAY = '(?:thanks ?giving|christmas|xmas|new year|nye|black friday)';
    // Black Friday is the day after Thanksgiving; "the day after Black Friday", the one after that.
    const base = /\bblack friday\b/.test(t) ? addDaysIso(holiday, 1) : holiday;
    // "the wednesday after thanksgiving": that weekday in the days after (or before) it.
    const around = new RegExp(String.raw`\b(sun|mon|tues|wednes|thurs|fri|satur)day (after|before) ${HOLIDAY}`).exec(t);
    if (around?.[1]) {
      const target = ['sun', 'mon', 'tues', 'wednes', 'thurs', 'fri', 'satur'].indexOf(around[1]);
      const from = new Date(`${base}T00:00:00Z`).getUTCDay();
      const ahead = around[2] === 'after' ? (target - from + 7) % 7 || 7 : -((from - target + 7) % 7 || 7);
      return addDaysIso(base, ahead);
    }
    const shift = new RegExp(String.raw`\bday after\b|\b(morning|afternoon|evening|night) after ${HOLIDAY}`).test(t)
      ? 1
      : new RegExp(String.raw`\bday before\b|\b(morning|afternoon|evening|night) before ${HOLIDAY}`).test(t)
        ? -1
        : 0;
    const day = addDaysIso(base, shift);
    // "sat morning, the house is a wreck after thanksgiving": the weekday named is the day asked.
    const weekday =
      shift === 0
        ? findDate(
            t.replace(
              /\b(thanks ?giving|black friday|christmas( eve)?|xmas( eve)?|new year'?s( eve| day)?|nye)\b/g,
              ' ',
            ),
            today,
          )
        : undefined;
    // "working on Thanksgiving? in-laws come friday": the holiday said with "on" is the one asked.
    // Unless a weekday is said with a part of the day ("in-laws come for thanksgiving, clean wednesday
    // morning"): that is the day asked about.
    const weekdayTimed =
      /\b(mon|tues?|wed|wednes|thurs?|fri|sat|satur|sun)(day)?\s+(morning|afternoon|evening|night)\b|\b(free|available|open|come|clean|book)\s+(on\s+)?(mon|tues?|wed|wednes|thurs?|fri|sat|satur|sun)(day)?\b/.test(
        t,
      );
    const holidayAsked =
      /\b(on|for|over|during|this|by)\s+(thanks ?giving|christmas|xmas|new year)/.test(t) && !weekdayTimed;
    return weekday !== undefined && !holidayAsked && /\b(mon|tues?|wed|wednes|thurs?|fri|sat|satur|sun)(day)?\b/.test(t)
      ? weekday
      : day;
  }
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(t);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthFirst =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/.exec(t);
  const dayFirst =
    /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b/.exec(t);
  const named = monthFirst
    ? { month: MONTHS.indexOf(monthFirst[1]?.slice(0, 3) ?? '') + 1, day: Number(monthFirst[2]) }
    : dayFirst
      ? { month: MONTHS.indexOf(dayFirst[2]?.slice(0, 3) ?? '') + 1, day: Number(dayFirst[1]) }
      : undefined;
  const slash = /\b(\d{1,2})\/(\d{1,2})\b/.exec(t);
  const md = named ?? (slash ? { month: Number(slash[1]), day: Number(slash[2]) } : undefined);
  if (md && md.month > 0) {
    const thisYear = isoOf(year, md.month, md.day);
    const day = thisYear && thisYear >= today ? thisYear : isoOf(year + 1, md.month, md.day);
    // "lease is up nov 30, need it the day before": a day told from the date named.
    if (day && /\bday before\b/.test(t)) return addDaysIso(day, -1);
    if (day && /\bday after\b/.test(t)) return addDaysIso(day, 1);
    return day;
  }
  // A day of the month alone ("on the 28th"): this month's, or next month's once it has passed.
  // "the 28th", not "a 2nd clean" or "my 1st time".
  const ordinal =
    /\b(?:the\s+)?([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:clean\w*|time|one|visit|floor|bedroom|bathroom|room|booking|appointment|session|person|house|home|place|job|cleaner|kid|child|baby))/.exec(
      t,
    );
  if (ordinal) {
    const shift = /\bday before\b/.test(t) ? -1 : /\bday after\b/.test(t) ? 1 : 0;
    const day = Number(ordinal[1]);
    const month = Number(today.slice(5, 7));
    const thisMonth = isoOf(year, month, day);
    const found =
      thisMonth && thisMonth >= today
        ? thisMonth
        : month === 12
          ? isoOf(year + 1, 1, day)
          : isoOf(year, month + 1, day);
    return found && shift !== 0 ? addDaysIso(found, shift) : found;
  }
  const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
  // "the first Saturday in December", "the last Friday of the month".
  const nth =
    /\b(first|1st|second|2nd|third|3rd|fourth|4th|last) (sunday|monday|tuesday|wednesday|thursday|friday|saturday|weekend) (?:in|of) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.exec(
      t,
    );
  if (nth?.[1] && nth[2] && nth[3]) {
    const month = MONTHS.indexOf(nth[3].slice(0, 3)) + 1;
    const y = month < Number(today.slice(5, 7)) ? year + 1 : year;
    const weekday = nth[2] === 'weekend' ? 6 : WEEKDAYS.indexOf(nth[2]);
    const firstDay = new Date(Date.UTC(y, month - 1, 1)).getUTCDay();
    const first = 1 + ((weekday - firstDay + 7) % 7);
    const order = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3 }[nth[1]];
    const last = new Date(Date.UTC(y, month, 0)).getUTCDate();
    const dayOfMonth = order === undefined ? first + Math.floor((last - first) / 7) * 7 : first + order * 7;
    const iso = isoOf(y, month, dayOfMonth);
    if (iso) return iso;
  }
  // A weekday named is the day meant, even beside "the weekend" ("friday, before the weekend"); of
  // several, the one said with "this", "next", "on" or "for", else the first ("this Saturday, lease
  // ends Sunday").
  const weekdays: Array<{ at: number; day: number; next: boolean; marked: boolean }> = [];
  for (let i = 0; i < 7; i++) {
    const re = new RegExp(`\\b(this\\s+|next\\s+|on\\s+|for\\s+)?(${WEEKDAYS[i]}|${WEEKDAY_SHORT[i]})s?\\b`, 'g');
    for (const m of t.matchAll(re))
      weekdays.push({ at: m.index ?? 0, day: i, next: /next/.test(m[1] ?? ''), marked: m[1] !== undefined });
  }
  // Said with a part of the day or beside "free" ("anyone free wednesday afternoon?") it is the day asked about.
  const asked = (w: { at: number }) =>
    /^\w+\s+(morning|afternoon|evening|night)/.test(t.slice(w.at).replace(/^(this|next|on|for)\s+/, '')) ||
    /\b(free|available|open|clean|cleaned|book|booked|come)\s+(on\s+)?$/.test(t.slice(Math.max(0, w.at - 14), w.at));
  // "…trashed after the party wed night": a weekday told as the past or a reason is context.
  const context = (w: { at: number }) => /\b(after|since|last|from)\b[^.?!,]{0,20}$/.test(t.slice(0, w.at));
  // "my clean is wednesday at 6pm": a weekday with a clock time is the one asked about.
  const timed = (w: { at: number }) => /^\w+\s+(at\s+)?\d{1,2}(:\d{2})?\s*(am|pm)\b/.test(t.slice(w.at));
  const chosen = weekdays.sort(
    (a, b) =>
      Number(b.marked) - Number(a.marked) ||
      Number(context(a)) - Number(context(b)) ||
      Number(timed(b)) - Number(timed(a)) ||
      Number(asked(b)) - Number(asked(a)) ||
      a.at - b.at,
  )[0];
  if (chosen) {
    // "wednesday next week": that weekday in the week after this one.
    if (/\bnext week\b/.test(t)) return addDaysIso(today, ((8 - todayIndex) % 7 || 7) + ((chosen.day + 6) % 7));
    let ahead = (chosen.day - todayIndex + 7) % 7;
    if (chosen.next && ahead === 0) ahead = 7;
    // "in-laws land thursday, need a deep clean the day before": a day told from the weekday named.
    const told = weekdays.length !== 1 ? 0 : /\bthe day before\b/.test(t) ? -1 : /\bthe day after\b/.test(t) ? 1 : 0;
    return addDaysIso(today, Math.max(0, ahead + told));
  }
  if (/\b(this )?weekend\b/.test(t)) return addDaysIso(today, (6 - todayIndex + 7) % 7);
  return undefined;
}

/** Thanksgiving (the fourth Thursday of November), Christmas (Eve) and New Year's (Eve), next to come. */
function holidayIn(t: string, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  const on = (y: number): string | undefined => {
    if (/\bthanks ?giving\b|\bblack friday\b/.test(t)) {
      const first = new Date(Date.UTC(y, 10, 1)).getUTCDay();
      return isoOf(y, 11, 1 + ((4 - first + 7) % 7) + 21);
    }
    if (/\bchristmas eve\b|\bxmas eve\b/.test(t)) return isoOf(y, 12, 24);
    if (/\bchristmas\b|\bxmas\b/.test(t)) return isoOf(y, 12, 25);
    if (/\bnew year'?s eve\b|\bnye\b/.test(t)) return isoOf(y, 12, 31);
    if (/\bnew year'?s( day)?\b/.test(t)) return isoOf(y + 1, 1, 1);
    return undefined;
  };
  const date = on(year);
  if (!date) return undefined;
  return date >= today ? date : on(year + 1);
}
