import { formatTime12, timeZoneShortName } from '@spotless/sdk/rules';
import { toLocal } from '../lib/time';

/**
 * What every e-mail is made of (decision 072): a greeting by first name, plain sentences, times
 * on the booking's clock as people write them, absolute links, and a sign-off. Templates
 * (`*-emails.ts` beside this) build on these; services pass what they say and to whom.
 */

/** An e-mail as the outbox stores it: a subject and a plain-text body. */
export interface Email {
  subject: string;
  body: string;
}

/** "Hi Sam," — or "Hello," when there is no first name to use. */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

/** The first word of a full name ("Gail" of "Gail Guest"): a guest's greeting. */
export function firstNameOf(fullName: string | null | undefined): string | null {
  return fullName?.trim().split(/\s+/)[0] || null;
}

/** A person's name as a sentence shows it, or `fallback` when there is none. */
export function nameOf(
  person: { firstName?: string | null; lastName?: string | null } | null | undefined,
  fallback: string,
): string {
  return [person?.firstName, person?.lastName].filter((part) => part?.trim()).join(' ') || fallback;
}

export const SIGN_OFF = 'Thanks,\nThe Spotless team';

/** Someone's words as a sentence of ours: ending with a full stop unless they end with one already. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The body of an e-mail: the greeting, its paragraphs (empty ones left out), the sign-off; a blank
 * line between each.
 */
export function letter(firstName: string | null | undefined, paragraphs: Array<string | false | null | undefined>) {
  return [greeting(firstName), ...paragraphs.filter((p): p is string => Boolean(p)), SIGN_OFF].join('\n\n');
}

/**
 * An absolute link on the site (`site` from `siteOf`): `path` starts with `/`, and may carry a
 * query. A mail app opens nothing relative.
 */
export function link(site: string, path: string, query?: Record<string, string>): string {
  if (!path.startsWith('/')) throw new Error(`an e-mail link's path starts with /: ${path}`);
  const url = new URL(`${site}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.href;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/**
 * The zone's short name at that instant, as the hosted app shows it ("CST", "CDT"; "GMT+9" where
 * English has none) — never the IANA name.
 */
export function zoneShortName(instant: Date, timeZone: string): string {
  return timeZoneShortName(instant, timeZone);
}

/** "Saturday, November 28, 2026": the day of an instant on a zone's clock. */
export function dayText(instant: Date, timeZone: string): string {
  return format(timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(instant);
}

/** "Saturday, November 28": the same without the year, for subjects. */
export function shortDayText(instant: Date, timeZone: string): string {
  return format(timeZone, { weekday: 'long', month: 'long', day: 'numeric' }).format(instant);
}

/**
 * "Saturday, November 28, 2026 at 10:00 AM CST": an instant on the booking's (its cleaner's)
 * clock, with the zone's short name, in the SDK's 12-hour form the hosted app uses.
 */
export function whenText(instant: Date, timeZone: string): string {
  return `${dayText(instant, timeZone)} at ${timeText(instant, timeZone)}`;
}

/** "10:00 AM CST". */
export function timeText(instant: Date, timeZone: string): string {
  return `${formatTime12(toLocal(instant, timeZone).time)} ${zoneShortName(instant, timeZone)}`;
}
