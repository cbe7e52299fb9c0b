import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Deps } from '../deps';
import type { Guest } from '../lib/actor';
import { AppError } from '../lib/errors';
import { findBookingIdByGuestTokenHash } from './bookings.queries';

/** Guest tokens are random, URL-safe and short; anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The guest actor of a request carrying a guest checkout token (decision 043): the token is good
 * for the one booking it was issued with. Only its SHA-256 is stored, as for sessions. An unknown
 * token is 401; a known one is refused everything until guest checkout is built.
 */
export async function guestActorFor(deps: Pick<Deps, 'database'>, token: string): Promise<Guest> {
  const bookingId = TOKEN_SHAPE.test(token)
    ? await findBookingIdByGuestTokenHash(deps.database.db, encodeHexLowerCase(sha256(new TextEncoder().encode(token))))
    : null;
  if (bookingId === null) {
    throw new AppError(401, 'unauthorized', 'Unauthorized: unknown or expired guest token', undefined, {
      'WWW-Authenticate': 'Bearer realm="spotless"',
    });
  }
  return { kind: 'guest', bookingId };
}
