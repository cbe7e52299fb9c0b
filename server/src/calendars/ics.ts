import { intlOffsetMinutes } from '../lib/time';

/**
 * iCalendar (RFC 5545) text, written by hand (decision 083): CRLF line ends, lines folded at 75
 * octets, TEXT values escaped, and each event's start and end as wall-clock times in its zone
 * (`DTSTART;TZID=America/Chicago:20260803T090000`) with a `VTIMEZONE` of that zone's offsets
 * over the years the events span, read from Intl (the same rules the bookings are made with, on
 * Node and on Workers alike).
 */

export interface IcsEvent {
  /** Globally unique and stable for the thing it describes: a calendar updates the event it holds. */
  uid: string;
  /** Goes up with every change, so a calendar that has the event takes the new one. */
  sequence: number;
  /** When the event's information last changed. */
  stamp: Date;
  start: Date;
  end: Date;
  /** The IANA zone its times are shown in. */
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  /** An absolute link back to it on the site. */
  url: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

export interface IcsCalendar {
  /** The calendar's name, as Google and Apple Calendar show a subscription (`X-WR-CALNAME`). */
  name?: string;
  /** The zone a subscribing calendar shows it in when it has to choose one (`X-WR-TIMEZONE`). */
  timeZone?: string;
  /** How often a subscriber should fetch it again (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`), in minutes. */
  refreshMinutes?: number;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon and comma escaped, each line break written `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded at 75 octets: each continuation line starts with a space, and a line is
 * never cut inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines carry the leading space within their 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSSZ`: an instant in UTC. */
export function utcStamp(instant: Date): string {
  return `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(
    instant.getUTCHours(),
  )}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

/** `YYYYMMDDTHHMMSS`: the wall clock at `instant` shifted by `offsetMinutes` (no zone of its own). */
function wallStamp(instant: Date, offsetMinutes: number): string {
  return utcStamp(new Date(instant.getTime() + offsetMinutes * 60_000)).slice(0, -1);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

interface Transition {
  at: Date;
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const STEP_MS = 7 * DAY_MS;

/**
 * The zone's changes of offset between two instants: a weekly scan, then a search to the minute
 * within the week that changed (no zone changes its offset twice in a week).
 */
export function transitionsOf(timeZone: string, from: Date, to: Date): Transition[] {
  const found: Transition[] = [];
  let at = from.getTime();
  let offset = intlOffsetMinutes(new Date(at), timeZone);
  while (at < to.getTime()) {
    const next = Math.min(at + STEP_MS, to.getTime());
    const nextOffset = intlOffsetMinutes(new Date(next), timeZone);
    if (nextOffset !== offset) {
      let low = at;
      let high = next;
      while (high - low > 60_000) {
        const mid = low + Math.floor((high - low) / 120_000) * 60_000;
        if (intlOffsetMinutes(new Date(mid), timeZone) === offset) low = mid;
        else high = mid;
      }
      found.push({ at: new Date(high), from: offset, to: nextOffset });
      offset = nextOffset;
    }
    at = next;
  }
  return found;
}

/**
 * The zone's `VTIMEZONE` for the years from `firstYear` to `lastYear`: its offset on 1 January of
 * the first, then each change, each an onset of its own (a `DTSTART` in the local time before it).
 * An offset above the zone's least in that time is its daylight time.
 */
export function vtimezone(timeZone: string, firstYear: number, lastYear: number): string[] {
  const from = new Date(Date.UTC(firstYear, 0, 1));
  const to = new Date(Date.UTC(lastYear + 1, 0, 1));
  const initial = intlOffsetMinutes(from, timeZone);
  const changes = transitionsOf(timeZone, from, to);
  const standard = Math.min(initial, ...changes.map((c) => c.to));
  const observance = (start: string, fromOffset: number, toOffset: number) => {
    const kind = toOffset > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(toOffset)}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(wallStamp(from, initial), initial, initial),
    ...changes.flatMap((c) => observance(wallStamp(c.at, c.from), c.from, c.to)),
    'END:VTIMEZONE',
  ];
}

function eventLines(event: IcsEvent): string[] {
  const local = (instant: Date) => wallStamp(instant, intlOffsetMinutes(instant, event.timeZone));
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `LAST-MODIFIED:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${event.timeZone}:${local(event.start)}`,
    `DTEND;TZID=${event.timeZone}:${local(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A whole calendar as its file holds it: CRLF after every line, long lines folded. */
export function renderCalendar(calendar: IcsCalendar): string {
  const zones = new Map<string, { first: number; last: number }>();
  for (const event of calendar.events) {
    const first = event.start.getUTCFullYear();
    const last = event.end.getUTCFullYear();
    const known = zones.get(event.timeZone);
    zones.set(event.timeZone, {
      first: Math.min(known?.first ?? first, first),
      last: Math.max(known?.last ?? last, last),
    });
  }
  const refresh = calendar.refreshMinutes;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Spotless//Calendars 1.0//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(calendar.name ? [`X-WR-CALNAME:${escapeText(calendar.name)}`, `NAME:${escapeText(calendar.name)}`] : []),
    ...(calendar.timeZone ? [`X-WR-TIMEZONE:${calendar.timeZone}`] : []),
    ...(refresh ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${refresh}M`, `X-PUBLISHED-TTL:PT${refresh}M`] : []),
    ...[...zones].flatMap(([zone, years]) => vtimezone(zone, years.first, years.last)),
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
