/**
 * A row of the access matrix (`permissions.test.ts`): the request an operation is probed with and
 * what each kind of caller gets, with the shorthands the rows of every domain share.
 */
import type { Caller, Request } from '../access-callers';
import { isGuest } from '../access-callers';
import type { People, World } from '../access-fixtures';

export type Base = 'visitor' | 'customerA' | 'customerB' | 'cleaner' | 'otherCleaner' | 'admin';
export type Expect = Record<Base, number> &
  Partial<Record<'partner' | 'otherPartner' | 'guest' | 'otherGuest', number>>;

export interface Row {
  /** The concrete request; `caller` lets requests differ (a unique e-mail per sign-up, the guest's own booking). */
  request: (f: World, caller: Caller) => Request | Promise<Request>;
  expect: Expect;
  /** Whose contact details the answer may carry besides the caller's own (the account signed in to). */
  reveals?: People[];
  /** Credential fields the answer may carry: what its caller needs and already holds the right to. */
  carries?: string[];
  /** What the write's service answers the assistant, where that is not the usual refusal. */
  assistant?: number;
}

export const all = (status: number): Expect => ({
  visitor: status,
  customerA: status,
  customerB: status,
  cleaner: status,
  otherCleaner: status,
  admin: status,
});
/** Signed-in users (customer or cleaner) only; the shared-password admin is not a user. */
export const usersOnly = (status: number): Expect => ({ ...all(status), visitor: 401, admin: 401 });
export const adminsOnly = (status: number): Expect => ({ ...all(403), visitor: 401, admin: status });
/**
 * A partner's portal (decision 081): its own people and administrators. No caller of the matrix is
 * a member of its partner, so every signed-in person is told it does not exist.
 */
export const partnerPeopleOnly = (status: number): Expect => ({ ...all(404), visitor: 401, admin: status });
/** Customer A's own resource: everyone else is told it does not exist. */
export const onlyCustomerA = (status: number): Expect => ({ ...all(404), customerA: status });
export const publicGet = (path: (f: World) => string): Row => ({
  request: (f) => ({ path: path(f) }),
  expect: all(200),
});
/**
 * The booking a caller's request is about: for a widget's callers (guest tokens, partner keys) the
 * guest booking partner one brought — a partner key reads no booking, even one it brought — and A's
 * for everyone else.
 */
export const bookingOf = (f: World, caller: Caller) =>
  isGuest(caller) || ['partner', 'otherPartner', 'partnerElsewhere'].includes(caller) ? f.guestBookingId : f.bookingId;
