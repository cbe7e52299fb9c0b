import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { accountForProvenEmail } from '../auth/accounts.service';
import { findUserById } from '../auth/users.queries';
import { type Actor, type Guest, personOf, requirePublicWriting } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { Tx } from '../db/client';
import type { Deps } from '../deps';
import { sha256Hex } from '../lib/digest';
import { toLocal } from '../lib/time';
import { link } from '../notifications/email';
import { siteOf } from '../notifications/site';
import { attachGuestBooking, consumeGuestLink, guestNameOf } from './bookings.queries';
import { clearGuestTokensBefore, findGuestLink, findGuestTokenBooking } from './guest-tokens.queries';

/** 32 random bytes, base64url (43 characters): a guest token or an e-mailed link. */
export function randomToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/** How long a guest booking's e-mailed link stays good. */
export const GUEST_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A new e-mailed link for a guest booking made with `email`, on `site` (`siteOf` the request that
 * causes its e-mail, decision 072): the link itself (only the e-mail holds it) and the row to
 * store (its SHA-256, good for 7 days).
 */
export function newGuestLink(site: string, now: Date, email: string) {
  const token = randomToken();
  return {
    href: link(site, '/api/guest-link', { token }),
    row: { id: sha256Hex(token), email, expiresAt: new Date(now.getTime() + GUEST_LINK_TTL_MS), createdAt: now },
  };
}

/** Guest tokens are random, URL-safe and short; anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** A guest token works until this long after its booking ends or is cancelled, whichever comes first. */
export const GUEST_TOKEN_DAYS_AFTER = 7;

/**
 * When a guest token stops working: some days after its booking ends, or after it is cancelled
 * if that came first. A token answers the guest's name, e-mail and address, so it must not live
 * forever in a browser's storage; the e-mailed link still joins the booking to an account.
 */
export function guestTokenExpiresAt(booking: { endsAt: Date; cancelledAt: Date | null }): Date {
  const until = Math.min(booking.endsAt.getTime(), booking.cancelledAt?.getTime() ?? Number.POSITIVE_INFINITY);
  return new Date(until + GUEST_TOKEN_DAYS_AFTER * 24 * 3_600_000);
}

/** Forgets (up to `limit`) guest tokens expired by `now`, in the caller's write: the hourly purge. */
export function forgetExpiredGuestTokens(tx: Tx, now: Date, limit: number): Promise<number> {
  return clearGuestTokensBefore(tx, new Date(now.getTime() - GUEST_TOKEN_DAYS_AFTER * 24 * 3_600_000), limit);
}

/**
 * The guest actor of a request carrying a guest checkout token (decision 043): the token is good
 * for the one booking it was issued with (its read and payment: decision 049), until
 * `guestTokenExpiresAt`. Only its SHA-256 is stored, as for sessions. An unknown or expired token,
 * or one whose booking has joined an account, is 401.
 */
export async function guestActorFor(deps: Pick<Deps, 'database' | 'clock'>, token: string): Promise<Guest> {
  const booking = TOKEN_SHAPE.test(token) ? await findGuestTokenBooking(deps.database.db, sha256Hex(token)) : undefined;
  if (!booking || guestTokenExpiresAt(booking).getTime() <= deps.clock.now().getTime()) {
    throw new AppError(401, 'unauthorized', 'Unauthorized: unknown or expired guest token', undefined, {
      'WWW-Authenticate': 'Bearer realm="spotless"',
    });
  }
  return { kind: 'guest', bookingId: booking.id };
}

/**
 * Opens a guest booking's e-mailed link (decision 049): once, within its 7 days. The link proves
 * the address, so the booking joins that address's account — made without a password if there is
 * none — and the caller signs in as it. Null for an unknown, used or expired link.
 */
export async function openGuestLink(
  deps: Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>,
  actor: Actor,
  token: string,
): Promise<{ userId: number; bookingId: number } | null> {
  // It writes (an account, the booking's owner) and signs in: never the assistant's, a key's or a token's to do.
  requirePublicWriting(actor);
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const link = await consumeGuestLink(tx, sha256Hex(token), now);
    if (!link) return null;
    const guest = await guestNameOf(tx, link.bookingId);
    const [firstName, ...rest] = (guest ?? '').split(/\s+/).filter(Boolean);
    const userId = await accountForProvenEmail(tx, now, {
      email: link.email,
      firstName: firstName ?? null,
      lastName: rest.join(' ') || null,
      provenBy: 'You opened the link of a booking made with this address, which confirmed it.',
      subject: 'Your Spotless account now holds your booking',
      site: siteOf(deps),
      audit: { bookingId: link.bookingId },
    });
    await attachGuestBooking(tx, link.bookingId, link.email, userId, now);
    return { userId, bookingId: link.bookingId };
  });
}

/** What a used, unknown, expired or malformed link answers, naming its field. */
export function invalidGuestLink(): AppError {
  return new AppError(
    400,
    'invalid_token',
    'This link has expired or was already used.',
    { token: 'This link has expired or was already used' },
    { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' },
  );
}

/** Whether a link's token has the shape we issue; anything else is not looked up. */
export const isGuestLinkShaped = (token: string | undefined): token is string =>
  token !== undefined && TOKEN_SHAPE.test(token);

/**
 * An address as the asking page shows it before the link is used: its first character (none when
 * the name before the @ is two characters or fewer) and its domain, `g•••@example.net`. Enough for
 * its owner to recognise, not enough to read it off a forwarded link.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const name = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return `${name.length > 2 ? name.slice(0, 1) : ''}•••${domain}`;
}

export interface GuestLinkPreviewData {
  booking: {
    id: number;
    cleanerName: string;
    scheduledDate: string;
    scheduledTime: string;
    startsAt: Date;
    timeZone: string;
  };
  email: string;
  /** The link can still be opened (unused, within its 7 days). */
  canOpen: boolean;
  signedInToThisAccount: boolean;
  alreadyOpened: boolean;
}

/**
 * What opening a guest booking's link would do, without using it (decision 049, addendum): the
 * asking page reads it before it asks. It reveals no more than opening the link would show its
 * holder — the booking's cleaner and local time, the address masked — and whether the signed-in
 * account (no administrator session beside it, its address confirmed, so continuing changes
 * nothing but the booking's owner) is the one the link opens. A used link whose booking is already
 * in the signed-in account answers `alreadyOpened`; any other used, unknown or expired link is 400.
 */
export async function previewGuestLink(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  token: string,
): Promise<GuestLinkPreviewData> {
  // Part of signing in: never the assistant's, a key's or a token's to ask.
  requirePublicWriting(actor);
  const now = deps.clock.now();
  const link = isGuestLinkShaped(token) ? await findGuestLink(deps.database.db, sha256Hex(token)) : undefined;
  if (!link) throw invalidGuestLink();
  const person = personOf(actor);
  const alreadyOpened = person !== null && link.customerId === person.userId;
  const canOpen = !alreadyOpened && link.usedAt === null && link.expiresAt.getTime() > now.getTime();
  if (!alreadyOpened && !canOpen) throw invalidGuestLink();
  let signedInToThisAccount = alreadyOpened && actor.kind !== 'admin';
  if (canOpen && person && actor.kind !== 'admin') {
    const user = await findUserById(deps.database.db, person.userId);
    signedInToThisAccount =
      user !== undefined && user.emailVerifiedAt !== null && user.email.toLowerCase() === link.email.toLowerCase();
  }
  const local = toLocal(link.startsAt, link.timeZone);
  return {
    booking: {
      id: link.bookingId,
      cleanerName: [link.cleanerFirstName, link.cleanerLastName].filter(Boolean).join(' ') || 'your cleaner',
      scheduledDate: local.date,
      scheduledTime: local.time,
      startsAt: link.startsAt,
      timeZone: link.timeZone,
    },
    email: maskEmail(link.email),
    canOpen,
    signedInToThisAccount,
    alreadyOpened,
  };
}
