import type { Utm } from '../db/schema/partners';
import { AppError } from './errors';

/**
 * Who is calling (decision 043). One type for every caller, resolved once per request by the
 * actor middleware (`auth/actor-middleware.ts`) or built by a job, a CLI or the assistant, and
 * handed to every service: `createBooking(deps, actor, input)`. Services decide from it alone.
 */

/** Nobody signed in: public reads, sign-in and sign-up. */
export interface Visitor {
  kind: 'visitor';
}

/** The session a signed-in person acts through: changes that end other sessions keep this one. */
export interface SessionRef {
  id: string;
  /** When they signed in: a recent sign-in counts as re-authentication (decision 007). */
  createdAt: Date;
}

/** A signed-in user without an active cleaner profile. */
export interface Customer {
  kind: 'customer';
  userId: number;
  session?: SessionRef;
}

/** A signed-in user whose cleaner profile is active; also a customer of other cleaners. */
export interface CleanerActor {
  kind: 'cleaner';
  userId: number;
  cleanerId: number;
  session?: SessionRef;
}

/** A signed-in person: a customer or a cleaner. */
export type Person = Customer | CleanerActor;

/**
 * An administrator session (decision 030). `adminUserId` is the named administrator who opened it
 * (null for the shared password outside production): the audit log records them. `person` is the
 * user session the same browser holds, if any: an administrator is still the customer of their
 * own bookings.
 */
export interface Admin {
  kind: 'admin';
  adminUserId: number | null;
  person: Person | null;
}

/** A scheduled job or a command-line tool acting on its own authority. */
export interface SystemActor {
  kind: 'system';
  /** What acts, for the audit log: a job's or a CLI's name. */
  name: string;
}

/**
 * The chat assistant acting for the person chatting: it reads what they may read and writes
 * nothing (its tools are read-only; a write service refuses it).
 */
export interface Assistant {
  kind: 'assistant';
  for: Visitor | Person;
  chatSessionId: string;
}

/**
 * A partner widget's request (decision 048): a publishable key, from one of the partner's allowed
 * origins or from a server without an Origin. It may do what a visitor on the partner's page
 * does — public reads, the assistant chat and guest bookings — and nothing that needs an account.
 */
export interface Partner {
  kind: 'partner';
  partnerId: number;
  /** The partner's name and commission as its row held them when the key was resolved. */
  name: string;
  commissionRateBps: number;
  origin: string | null;
  /** The host page's UTM parameters, as its widget sent them (`X-Spotless-Utm`). */
  utm?: Utm;
}

/** Someone holding a guest checkout token: good for reading and paying its one booking (decision 049). */
export interface Guest {
  kind: 'guest';
  bookingId: number;
}

export type Actor = Visitor | Customer | CleanerActor | Admin | SystemActor | Assistant | Partner | Guest;
export type ActorKind = Actor['kind'];

export const visitor: Visitor = Object.freeze({ kind: 'visitor' });

export function systemActor(name: string): SystemActor {
  return { kind: 'system', name };
}

export function assistantFor(actor: Visitor | Person, chatSessionId: string): Assistant {
  return { kind: 'assistant', for: actor, chatSessionId };
}

export const unauthorized = () =>
  new AppError(401, 'unauthorized', 'Unauthorized: sign in to continue', undefined, {
    'WWW-Authenticate': 'Cookie realm="spotless"',
  });
export const forbidden = (message = 'Forbidden: you are not allowed to do this') =>
  new AppError(403, 'forbidden', message);

/** The signed-in person this actor acts as, if any (an assistant reads as its person). */
export function personOf(actor: Actor): Person | null {
  switch (actor.kind) {
    case 'customer':
    case 'cleaner':
      return actor;
    case 'admin':
      return actor.person;
    case 'assistant':
      return actor.for.kind === 'visitor' ? null : actor.for;
    default:
      return null;
  }
}

/**
 * The user whose own data this actor sees: the signed-in person, else the named administrator who
 * opened an admin session alone. Null for visitors, systems, partners and guests.
 */
export function userIdOf(actor: Actor): number | null {
  const person = personOf(actor);
  if (person) return person.userId;
  return actor.kind === 'admin' ? actor.adminUserId : null;
}

/** The active cleaner profile this actor acts as, if any. */
export function cleanerIdOf(actor: Actor): number | null {
  const person = personOf(actor);
  return person?.kind === 'cleaner' ? person.cleanerId : null;
}

export const isAdmin = (actor: Actor): actor is Admin => actor.kind === 'admin';

/** Who appears in the audit log: the administrator who opened the session, else the user. */
export function auditUserIdOf(actor: Actor): number | null {
  return actor.kind === 'admin' ? actor.adminUserId : userIdOf(actor);
}

const refusePartner = () => forbidden('Forbidden: a publishable key alone does not give access to this');

/**
 * Callers granted only what their own service allows: a partner key (public reads, chats, guest
 * bookings) and a guest token (its one booking); 403 for everything else.
 */
function refuseUngranted(actor: Actor): void {
  if (actor.kind === 'partner') throw refusePartner();
  if (actor.kind === 'guest') throw forbidden('Forbidden: a guest token is good for its booking only');
}

/**
 * Anyone may read public data: visitors, people, administrators, the assistant, jobs and partner
 * widgets. A guest token is good for its booking only (403).
 */
export function requirePublic(actor: Actor): void {
  if (actor.kind === 'guest') throw forbidden('Forbidden: a guest token is good for its booking only');
}

/**
 * Anyone signing up, signing in or writing to us (a person acts for themselves: not through a
 * partner's key), but the assistant writes nothing (403).
 */
export function requirePublicWriting(actor: Actor): void {
  refuseUngranted(actor);
  if (actor.kind === 'assistant') throw forbidden('Forbidden: the assistant does not change anything for you');
}

/** A partner's widget (its publishable key): 403 for anyone else, who signs in instead. */
export function requirePartner(actor: Actor): Partner {
  if (actor.kind === 'partner') return actor;
  throw forbidden('Forbidden: guest bookings are made through a partner’s widget; sign in to book here');
}

/** Anyone who may talk to the assistant: what `requirePublicWriting` allows, and a partner's chat widget. */
export function requireChatter(actor: Actor): void {
  if (actor.kind === 'partner') return;
  requirePublicWriting(actor);
}

/**
 * The signed-in person behind a read: 401 signed out (an assistant chatting with a visitor
 * included), 403 for a caller who is not a person.
 */
export function requirePerson(actor: Actor): Person {
  refuseUngranted(actor);
  const person = personOf(actor);
  if (person) return person;
  if (actor.kind === 'system') throw forbidden('Forbidden: this acts for a signed-in user');
  throw unauthorized();
}

/**
 * The signed-in person behind a write. The assistant never writes on anyone's behalf: it proposes
 * and the person confirms (403).
 */
export function requirePersonWriting(actor: Actor): Person {
  if (actor.kind === 'assistant') throw forbidden('Forbidden: the assistant does not change anything for you');
  return requirePerson(actor);
}

/** An administrator session; 401 with nobody signed in, 403 for anyone else. */
export function requireAdmin(actor: Actor): Admin {
  refuseUngranted(actor);
  if (actor.kind === 'admin') return actor;
  if (actor.kind === 'visitor' || (actor.kind === 'assistant' && actor.for.kind === 'visitor')) throw unauthorized();
  throw forbidden('Forbidden: administrators only');
}

/** A signed-in person or an administrator session (401 for neither, 403 for a caller who is neither). */
export function requirePersonOrAdmin(actor: Actor): Person | Admin {
  refuseUngranted(actor);
  if (actor.kind === 'admin') return actor;
  return requirePerson(actor);
}

/** A job or a CLI: the system acting on its own authority (403 for anyone else). */
export function requireSystem(actor: Actor): SystemActor {
  if (actor.kind === 'system') return actor;
  throw forbidden('Forbidden: only the system does this');
}

/**
 * The early answer of the route gate (`contract/operations.ts`) for an operation's declared security:
 * the same refusal its service would give, before the request's input is read.
 */
export function refuseUnlessAudience(
  actor: Actor,
  security: 'public' | 'user' | 'admin' | 'user-or-admin' | 'partner',
): void {
  switch (security) {
    case 'public':
      requirePublic(actor);
      return;
    case 'user':
      requirePerson(actor);
      return;
    case 'admin':
      requireAdmin(actor);
      return;
    case 'user-or-admin':
      requirePersonOrAdmin(actor);
      return;
    case 'partner':
      requirePartner(actor);
      return;
  }
}
