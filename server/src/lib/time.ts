/**
 * Wall-clock ↔ instant conversion in an IANA zone using only Intl (works on Node and Workers).
 * A local time that does not exist (the spring-forward gap) resolves to the instant after the gap;
 * an ambiguous one (the fall-back overlap) resolves to the earlier instant.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalDateTime {
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
  dayOfWeek: number; // 0 = Sunday
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

const HOUR_MS = 3_600_000;
/** Hours (per zone) through which the offset holds: the offset, or null for an hour with a change. */
const steadyHours = new Map<string, number | null>();
const STEADY_HOURS_KEPT = 20_000;

/** The local date, time and weekday of an instant in a zone. */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const offset = steadyOffset(instant, timeZone);
  if (offset === undefined) return intlLocal(instant, timeZone);
  const shifted = new Date(instant.getTime() + offset * 60_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), dayOfWeek: shifted.getUTCDay() };
}

/** `toLocal` straight from Intl: the reference, and the answer inside an hour when the clocks change. */
export function intlLocal(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    dayOfWeek: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in minutes (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return steadyOffset(instant, timeZone) ?? intlOffsetMinutes(instant, timeZone);
}

/**
 * The offset in force through the whole UTC hour holding `instant`, if the clocks do not change in
 * it — nearly always: two Intl lookups per zone and hour, then arithmetic (a booking list or a day
 * of slots converts many instants, and each Intl lookup costs microseconds — decision 052). Instants
 * before 1970 (where zones had offsets in seconds) always go to Intl.
 */
function steadyOffset(instant: Date, timeZone: string): number | undefined {
  const ms = instant.getTime();
  if (!(ms >= 0)) return undefined;
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  let steady = steadyHours.get(key);
  if (steady === undefined) {
    const start = intlOffsetMinutes(new Date(hour * HOUR_MS), timeZone);
    const end = intlOffsetMinutes(new Date((hour + 1) * HOUR_MS), timeZone);
    steady = start === end ? start : null;
    if (steadyHours.size >= STEADY_HOURS_KEPT) steadyHours.clear();
    steadyHours.set(key, steady);
  }
  return steady ?? undefined;
}

/** The zone's offset at an instant straight from Intl, uncached (a calendar's zone rules scan with it). */
export function intlOffsetMinutes(instant: Date, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant at which the wall clock in `timeZone` shows `date` `time`. */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Try the offsets in force just before and after; keep the earliest that reproduces the wall time.
  const candidates = [
    zoneOffsetMinutes(new Date(wall - 86_400_000), timeZone),
    zoneOffsetMinutes(new Date(wall + 86_400_000), timeZone),
  ];
  const matches = candidates
    .map((offset) => wall - offset * 60_000)
    .filter((t) => {
      const local = toLocal(new Date(t), timeZone);
      return local.date === date && local.time === time;
    })
    .sort((a, b) => a - b);
  if (matches[0] !== undefined) return new Date(matches[0]);
  // In the spring-forward gap: the wall time never happens; move past the gap.
  const before = Math.min(...candidates);
  return new Date(wall - before * 60_000);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
