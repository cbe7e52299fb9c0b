import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { recordAudit } from '../audit/audit-log';
import { relationTo } from '../bookings/booking-access.service';
import { inCalendar } from '../bookings/booking-actions';
import { findBookingView } from '../bookings/bookings.queries';
import {
  type Actor,
  cleanerIdOf,
  forbidden,
  type Person,
  requirePerson,
  requirePersonOrAdmin,
  requirePersonWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Deps } from '../deps';
import { sha256Hex } from '../lib/digest';
import { siteOf } from '../notifications/site';
import { cleanerOfFeed, type FeedJob, feedJobs, findFeedOf, saveFeedToken } from './calendars.queries';
import { type IcsEvent, renderCalendar } from './ics';

/**
 * Calendars (decision 083): a confirmed booking as an `.ics` file for its customer, its cleaner and
 * administrators, and each cleaner's private feed of their jobs behind a secret, rotatable token.
 */

type CalendarDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>;

/** An `.ics` answer: its text and the name it is saved under. */
export interface IcsFile {
  filename: string;
  body: string;
}

/** How far back a feed lists jobs. */
export const FEED_DAYS_BACK = 30;
/** How often a subscribed calendar is asked to fetch the feed again, in minutes. */
const FEED_REFRESH_MINUTES = 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const bookingNotFound = () => notFound('Booking');

/** `booking-<id>@<host>`: the same for a booking whichever file or feed carries it, and wherever it was fetched. */
function uidOf(deps: CalendarDeps, bookingId: number): string {
  return `booking-${bookingId}@${new URL(deps.config.publicUrl).host}`;
}

/** Goes up with every change of the booking (its seconds since it was made), so calendars take the new times. */
function sequenceOf(row: { createdAt: Date; updatedAt: Date }): number {
  return Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000));
}

const firstWord = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] || 'your customer';

/**
 * The booking's `.ics` (`links.calendar`): for its customer, its cleaner and administrators while it
 * is confirmed or in progress (409 `not_confirmed` otherwise); anyone else is told it does not exist.
 */
export async function bookingCalendar(deps: CalendarDeps, actor: Actor, id: number): Promise<IcsFile> {
  requirePersonOrAdmin(actor);
  const row = await findBookingView(deps.database.db, id);
  const relation = row ? relationTo(row.booking, row.cleanerUserId, actor) : null;
  if (!row || relation === null || relation === 'guest') throw bookingNotFound();
  const booking = row.booking;
  if (!inCalendar(booking.status)) {
    throw new AppError(
      409,
      'not_confirmed',
      `This booking is ${booking.status.replace('_', ' ')}: only a confirmed booking can be added to a calendar`,
    );
  }
  const site = siteOf(deps);
  const cleanerName = `${row.cleanerFirstName ?? ''} ${row.cleanerLastName ?? ''}`.trim();
  const forCleaner = relation === 'cleaner';
  const customerName = firstWord(row.customerFirstName ?? booking.guestName);
  const url = forCleaner ? `${site}/cleaner-dashboard` : `${site}/dashboard?booking=${booking.id}`;
  const notes = booking.specialInstructions.trim();
  const event: IcsEvent = {
    uid: uidOf(deps, booking.id),
    sequence: sequenceOf(booking),
    stamp: booking.updatedAt,
    start: booking.startsAt,
    end: booking.endsAt,
    timeZone: booking.timeZone,
    summary: forCleaner ? `${row.serviceName} for ${customerName}` : `${row.serviceName} with ${cleanerName}`,
    location: booking.address,
    description: [
      forCleaner ? `Spotless job #${booking.id} for ${customerName}.` : `Spotless booking #${booking.id}.`,
      ...(notes ? [`Instructions: ${notes}`] : []),
      `${forCleaner ? 'Your jobs' : 'See or change it'}: ${url}`,
    ].join('\n'),
    url,
    status: 'CONFIRMED',
  };
  return {
    filename: `spotless-booking-${booking.id}.ics`,
    body: renderCalendar({ timeZone: booking.timeZone, events: [event] }),
  };
}

/** The cleaner a feed belongs to: the signed-in person's active cleaner profile (403 for a customer). */
function feedOwner(person: Person): number {
  const cleanerId = cleanerIdOf(person);
  if (cleanerId === null) throw forbidden('Forbidden: only cleaners have a calendar feed');
  return cleanerId;
}

/** The feed's settings as the cleaner sees them; `url` only in the answer that made the token. */
export interface FeedSettings {
  active: boolean;
  createdAt: Date | null;
  url: string | null;
  /** Whether this caller may make a new URL (the assistant never may). */
  mayRotate: boolean;
}

/** The signed-in cleaner's feed: whether they have one and since when (its URL is not kept, only its hash). */
export async function feedSettings(deps: CalendarDeps, actor: Actor): Promise<FeedSettings> {
  const cleanerId = feedOwner(requirePerson(actor));
  const feed = await findFeedOf(deps.database.db, cleanerId);
  return { active: feed !== undefined, createdAt: feed?.createdAt ?? null, url: null, mayRotate: mayRotate(actor) };
}

const mayRotate = (actor: Actor) => actor.kind !== 'assistant';

/**
 * Makes the cleaner's feed URL, or a new one: the token is shown in this answer only and the URL
 * made before stops working at once. Audited; refused to the assistant.
 */
export async function rotateFeed(deps: CalendarDeps, actor: Actor): Promise<FeedSettings> {
  const person = requirePersonWriting(actor);
  const cleanerId = feedOwner(person);
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = encodeBase64urlNoPadding(bytes);
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const before = await findFeedOf(tx, cleanerId);
    await saveFeedToken(tx, cleanerId, sha256Hex(token), now);
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: userIdOf(actor),
      actorRole: 'cleaner',
      action: before ? 'calendar_feed.rotated' : 'calendar_feed.created',
      entityType: 'cleaner',
      entityId: String(cleanerId),
      details: {},
    });
  });
  return { active: true, createdAt: now, url: feedUrl(deps, token), mayRotate: true };
}

/** Where a feed is fetched: this site's `/api/calendar/cleaners/<token>.ics`. */
export function feedUrl(deps: CalendarDeps, token: string): string {
  return `${siteOf(deps)}/api/calendar/cleaners/${token}.ics`;
}

/**
 * The public feed (no session: the calendar that subscribes has none): the cleaner's confirmed and
 * in-progress jobs from 30 days ago on. A token that opens no feed is 404.
 */
export async function cleanerFeed(deps: CalendarDeps, file: string): Promise<IcsFile> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
  if (!TOKEN_PATTERN.test(token)) throw notFound('Calendar feed');
  const db = deps.database.db;
  const owner = await cleanerOfFeed(db, sha256Hex(token));
  if (!owner) throw notFound('Calendar feed');
  const since = new Date(deps.clock.now().getTime() - FEED_DAYS_BACK * 86_400_000);
  const jobs = await feedJobs(db, owner.cleanerId, since);
  const page = `${siteOf(deps)}/cleaner-dashboard`;
  return {
    filename: 'spotless-jobs.ics',
    body: renderCalendar({
      name: 'Spotless jobs',
      timeZone: owner.timeZone,
      refreshMinutes: FEED_REFRESH_MINUTES,
      events: jobs.map((job) => feedEvent(deps, job, page)),
    }),
  };
}

function feedEvent(deps: CalendarDeps, job: FeedJob, page: string): IcsEvent {
  const customer = firstWord(job.customerFirstName ?? job.guestName);
  const notes = job.specialInstructions.trim();
  return {
    uid: uidOf(deps, job.id),
    sequence: sequenceOf(job),
    stamp: job.updatedAt,
    start: job.startsAt,
    end: job.endsAt,
    timeZone: job.timeZone,
    summary: `${job.serviceName} for ${customer}`,
    location: job.address,
    description: [
      `Spotless job #${job.id} for ${customer}${job.status === 'in_progress' ? ' (in progress)' : ''}.`,
      ...(notes ? [`Instructions: ${notes}`] : []),
      `Your jobs: ${page}`,
    ].join('\n'),
    url: page,
    status: 'CONFIRMED',
  };
}
