import { formatTime12 } from '@spotless/sdk/rules';
import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import { findClockTime, findDate, findPlace, findTimeOfDay } from './lookups';
import { findCleanerByName } from './names';
import { list } from './search';
import { askedService, bookingHref } from './service-length';
import { addDays, longDate, readWhen, TIME_RANGES } from './when';

/**
 * One named cleaner's free times (decision 047): on the day asked, read in the asker's zone, or the
 * first day of the coming week with a free time, with a booking link that carries the slot.
 */

type Answer = { text: string; trace: ReplyTrace };

export async function availability(
  toolbox: Toolbox,
  name: string,
  message: string,
  today: string,
  options: { onlyIfFound: true },
): Promise<Answer | null>;
export async function availability(toolbox: Toolbox, name: string, message: string, today: string): Promise<Answer>;
export async function availability(
  toolbox: Toolbox,
  name: string,
  message: string,
  today: string,
  options?: { onlyIfFound: true },
): Promise<Answer | null> {
  const date = findDate(message, today);
  // "before 10am": the times before it, not around it.
  const before = readWhen(message, today)?.before;
  const clock = before ? null : findClockTime(message);
  // "around 4": the part of the day it lies in.
  const timeOfDay =
    findTimeOfDay(message) ??
    (clock ? (clock < '12:00' ? 'morning' : clock < '17:00' ? 'afternoon' : 'evening') : null) ??
    (before && before <= '12:00' ? 'morning' : null);
  const city = findPlace(message).city?.name;
  const { cleaner, candidates: cleaners, ambiguous } = await findCleanerByName(toolbox, name, city ? { city } : {});
  const first = name.split(/\s+/)[0]?.toLowerCase() ?? '';
  const trace: ReplyTrace = {
    intent: 'availability',
    availability: { cleanerId: cleaner?.id ?? null, date: date ?? null, timeOfDay },
    cleanerIds: cleaner ? [cleaner.id] : [],
  };
  if (!cleaner && options?.onlyIfFound) return null;
  if (!cleaner) {
    const search = `/cleaners?query=${encodeURIComponent(name)}`;
    const similar = ambiguous || cleaners.some((c) => c.name.toLowerCase().startsWith(first));
    // Not sure who is meant: ask, never answer for the wrong person.
    return {
      text: similar
        ? `Several cleaners are called “${name}”. Tell me their full name or their city, or pick from the list: ${search}`
        : `I'm not sure who you mean: I couldn't find a cleaner called ${name}. Search by name: ${search}`,
      trace: { ...trace, unsure: true },
    };
  }
  // "next week", "this weekend": the days meant, else the day named, else the coming week.
  const meant = readWhen(message, today)?.dates ?? [];
  const days =
    date && meant.length <= 1
      ? [date]
      : meant.length > 1
        ? meant
        : Array.from({ length: 7 }, (_, i) => addDays(today, i));
  const service = await askedService(toolbox, message);
  for (const day of days) {
    const slots = await toolbox.call('listTimeSlots', {
      id: cleaner.id,
      date: day,
      ...(service ? { duration: service.duration } : {}),
    });
    if (!slots.ok) continue;
    const free = (slots.data as { free: string[] }).free;
    const inRange = (
      timeOfDay ? free.filter((t) => t >= TIME_RANGES[timeOfDay][0] && t < TIME_RANGES[timeOfDay][1]) : free
    ).filter((t) => !before || t < before);
    // One day asked: say it is not free then. Several ("this weekend"): try each in turn.
    if (inRange.length === 0 && date && days.length === 1) {
      const when = timeOfDay
        ? `on ${longDate(day)} ${timeOfDay === 'evening' ? 'evening' : `in the ${timeOfDay}`}`
        : `on ${longDate(day)}`;
      const other =
        timeOfDay && free.length > 0 ? ` They are free that day at ${list(free.slice(0, 4).map(formatTime12))}.` : '';
      trace.availability = { cleanerId: cleaner.id, date: day, timeOfDay };
      return {
        text: `${cleaner.name} isn't free ${when}.${other} See their profile for other days: /cleaner/${cleaner.id}`,
        trace,
      };
    }
    if (inRange.length === 0) continue;
    const pick = clock && inRange.includes(clock) ? clock : (inRange[0] as string);
    trace.availability = { cleanerId: cleaner.id, date: day, timeOfDay };
    // Around a time named, the times nearest it, in order.
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const near = clock
      ? [...inRange]
          .sort((a, b) => Math.abs(minutes(a) - minutes(clock)) - Math.abs(minutes(b) - minutes(clock)))
          .slice(0, 6)
          .sort()
      : inRange.slice(0, 6);
    const times = list(near.map(formatTime12));
    // "around 10am" when 10:00 is taken: say so, then the nearest free times.
    const notThen =
      clock && !inRange.includes(clock) ? `${cleaner.name} isn't free at ${formatTime12(clock)} then. ` : '';
    return {
      text: `${notThen}${cleaner.name} is free on ${longDate(day)}${timeOfDay ? ` (${timeOfDay})` : ''} at ${times}, their local time${service ? `, for ${service.name} (${service.duration / 60} hours)` : ''}. Book ${formatTime12(pick)}: ${bookingHref(cleaner.id, service, day, pick)} — you'll add your address and confirm on the booking page.`,
      trace,
    };
  }
  const asked = meant.length > 1 ? ` on ${list(meant.map(longDate)).replace(' and ', ' or ')}` : ' in the next week';
  return {
    text: `${cleaner.name} has no free times${timeOfDay && meant.length > 1 ? ` in the ${timeOfDay}` : ''}${asked}. See their profile for other days: /cleaner/${cleaner.id}`,
    trace,
  };
}
