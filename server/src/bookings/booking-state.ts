import { type Actor, cleanerIdOf, userIdOf } from '../contract/actor';
import type { BOOKING_STATUSES } from '../db/schema';

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_ACTIONS = [
  'accept',
  'decline',
  'start',
  'complete',
  'withdraw',
  'cancel',
  'edit',
  'expire',
  'pay',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export interface BookingParties {
  id: number;
  status: BookingStatus;
  customerId: number | null;
  cleanerId: number;
  startsAt: Date;
  endsAt: Date;
  /** The booking's payment status (`succeeded` once the charge went through). */
  paymentStatus: string;
}

export type TransitionError = 'illegal_transition' | 'forbidden' | 'not_paid' | 'too_early' | 'started';
export type TransitionResult =
  | { ok: true; from: BookingStatus; to: BookingStatus }
  | { ok: false; error: TransitionError };

/**
 * When a cleaner may start and complete a job (decision 031): a job starts from an hour before its
 * booked time, and is complete only once its booked time has come; both only when it is paid. A
 * job marked complete early would take away the customer's cancel-and-refund path and count a
 * fake job towards the cleaner's experience.
 */
export const START_EARLY_MS = 60 * 60 * 1000;
const WORK_ACTIONS: ReadonlySet<BookingAction> = new Set(['start', 'complete']);

/** What an actor is to one booking. */
export type Party = 'customer' | 'cleaner' | 'admin' | 'system';

/** Each action: who may take it, and from which states to which. `edit` keeps the state. */
const RULES: Record<BookingAction, { by: readonly Party[]; from: readonly BookingStatus[]; to: BookingStatus | null }> =
  {
    accept: { by: ['cleaner'], from: ['pending'], to: 'confirmed' },
    decline: { by: ['cleaner'], from: ['pending'], to: 'cancelled' },
    start: { by: ['cleaner'], from: ['confirmed'], to: 'in_progress' },
    complete: { by: ['cleaner'], from: ['confirmed', 'in_progress'], to: 'completed' },
    // The cleaner cannot come after all: only before the start, with a reason (decision 071).
    withdraw: { by: ['cleaner'], from: ['confirmed'], to: 'cancelled' },
    cancel: { by: ['customer', 'admin'], from: ['pending', 'confirmed'], to: 'cancelled' },
    edit: { by: ['customer'], from: ['pending', 'confirmed'], to: null },
    expire: { by: ['system'], from: ['pending', 'confirmed'], to: 'cancelled' },
    // The charge went through: the payment provider's word confirms the booking (decision 024).
    pay: { by: ['system'], from: ['pending'], to: 'confirmed' },
  };

/**
 * The party an actor is *for this booking*: its customer, its (active) cleaner, an administrator,
 * or the system; someone else's customer or cleaner is nobody. The assistant, a partner key and a
 * guest token take no action on a booking (the assistant proposes, the person confirms; partners
 * and guests are granted nothing yet).
 */
export function partyOf(booking: Pick<BookingParties, 'customerId' | 'cleanerId'>, actor: Actor): Party | null {
  switch (actor.kind) {
    case 'system':
      return 'system';
    case 'assistant':
    case 'partner':
    case 'guest':
    case 'visitor':
      return null;
    default: {
      const userId = userIdOf(actor);
      if (userId !== null && booking.customerId !== null && booking.customerId === userId) return 'customer';
      if (cleanerIdOf(actor) === booking.cleanerId) return 'cleaner';
      return actor.kind === 'admin' ? 'admin' : null;
    }
  }
}

/**
 * The booking state machine (docs/product/booking-and-payments.md; decision 020). Permission is
 * checked before state, so someone who may never take this action on this booking learns nothing
 * about its state (403 before 409); then the state, then (for a cleaner's start and complete)
 * payment and time. Never throws.
 */
export function transition(booking: BookingParties, action: BookingAction, actor: Actor, now: Date): TransitionResult {
  const rule = Object.hasOwn(RULES, action) ? RULES[action] : undefined;
  if (!rule) return { ok: false, error: 'illegal_transition' };
  const party = partyOf(booking, actor);
  if (party === null || !rule.by.includes(party)) return { ok: false, error: 'forbidden' };
  if (!rule.from.includes(booking.status)) return { ok: false, error: 'illegal_transition' };
  if (WORK_ACTIONS.has(action)) {
    if (booking.paymentStatus !== 'succeeded') return { ok: false, error: 'not_paid' };
    const opensAt = action === 'start' ? booking.startsAt.getTime() - START_EARLY_MS : booking.startsAt.getTime();
    if (now.getTime() < opensAt) return { ok: false, error: 'too_early' };
  }
  if (action === 'withdraw' && now.getTime() >= booking.startsAt.getTime()) return { ok: false, error: 'started' };
  return { ok: true, from: booking.status, to: rule.to ?? booking.status };
}

/** The actions this actor may take on this booking now (for buttons and API hints). */
export function allowedActions(booking: BookingParties, actor: Actor, now: Date): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => transition(booking, action, actor, now).ok);
}

/**
 * The cleaner's `PATCH /api/bookings/{id}/status` names a target status; this is the action it
 * means from the current one (cancelled from pending is a decline), or null if none does.
 */
export function cleanerActionFor(current: BookingStatus, target: BookingStatus): BookingAction | null {
  switch (target) {
    case 'confirmed':
      return 'accept';
    case 'in_progress':
      return 'start';
    case 'completed':
      return 'complete';
    case 'cancelled':
      return current === 'pending' ? 'decline' : 'cancel';
    default:
      return null;
  }
}

/** Upcoming and history, as the customer dashboard groups them (docs/product/booking-and-payments.md). */
export const isUpcoming = (status: BookingStatus) => status === 'pending' || status === 'confirmed';
export const isHistory = (status: BookingStatus) => status === 'completed' || status === 'cancelled';
/** States that hold the cleaner's time: they count for double-booking checks. */
export const holdsTime = (status: BookingStatus) => status !== 'cancelled';
