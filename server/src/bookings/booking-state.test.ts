import { BOOKING_CANCELLATION_KINDS } from '@spotless/sdk/schemas';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../contract/actor';
import { BOOKING_STATUSES, CANCELLATION_KINDS } from '../db/schema';
import {
  allowedActions,
  BOOKING_ACTIONS,
  type BookingParties,
  type BookingStatus,
  cleanerActionFor,
  START_EARLY_MS,
  transition,
} from './booking-state';

const NOW = new Date('2026-06-15T12:00:00Z');
const HOUR = 3_600_000;
/** A paid booking whose time has come: only status and party decide (time and payment have their own tests). */
const booking = (status: BookingStatus, overrides: Partial<BookingParties> = {}): BookingParties => ({
  id: 7,
  status,
  customerId: 100,
  cleanerId: 20,
  startsAt: new Date(NOW.getTime() - HOUR),
  endsAt: new Date(NOW.getTime() + HOUR),
  paymentStatus: 'succeeded',
  ...overrides,
});

const owner: Actor = { kind: 'customer', userId: 100 };
/**
 * Every kind of actor (decision 043). The assistant acting for the owner, a partner key and a
 * guest token take no action on a booking: the assistant proposes and the person confirms;
 * partners and guests are granted nothing yet.
 */
const ACTORS: Record<string, Actor> = {
  owner,
  otherCustomer: { kind: 'customer', userId: 101 },
  visitor: { kind: 'visitor' },
  ownCleaner: { kind: 'cleaner', userId: 500, cleanerId: 20 },
  otherCleaner: { kind: 'cleaner', userId: 501, cleanerId: 21 },
  admin: { kind: 'admin', adminUserId: null, person: null },
  system: { kind: 'system', name: 'test' },
  assistantForOwner: { kind: 'assistant', for: owner, chatSessionId: 's' },
  partner: {
    kind: 'partner',
    partnerId: 1,
    name: 'Harbor Realty',
    commissionRateBps: 500,
    origin: 'http://127.0.0.1:3000',
  },
  guestOfBooking: { kind: 'guest', bookingId: 7 },
};

// Written out by hand from the booking states of docs/product/booking-and-payments.md and decision
// 020: status, action, actor → new status.
const ALLOWED: Array<[BookingStatus, string, string, BookingStatus]> = [
  ['pending', 'accept', 'ownCleaner', 'confirmed'],
  ['pending', 'decline', 'ownCleaner', 'cancelled'],
  ['confirmed', 'start', 'ownCleaner', 'in_progress'],
  ['confirmed', 'complete', 'ownCleaner', 'completed'],
  ['in_progress', 'complete', 'ownCleaner', 'completed'],
  ['confirmed', 'withdraw', 'ownCleaner', 'cancelled'],
  ['pending', 'cancel', 'owner', 'cancelled'],
  ['confirmed', 'cancel', 'owner', 'cancelled'],
  ['pending', 'cancel', 'admin', 'cancelled'],
  ['confirmed', 'cancel', 'admin', 'cancelled'],
  ['pending', 'edit', 'owner', 'pending'],
  ['confirmed', 'edit', 'owner', 'confirmed'],
  ['pending', 'expire', 'system', 'cancelled'],
  // A series' later visit unpaid by its deadline (decision 088).
  ['confirmed', 'expire', 'system', 'cancelled'],
  ['pending', 'pay', 'system', 'confirmed'],
];

// Who may take an action in at least one state (else 'forbidden' whatever the state).
const PERMITTED = new Set(ALLOWED.map(([, action, actor]) => `${action}/${actor}`));

describe('booking state machine', () => {
  it('has an answer for every status × action × actor, matching the table', () => {
    let checked = 0;
    for (const status of BOOKING_STATUSES) {
      for (const action of BOOKING_ACTIONS) {
        for (const [actorName, actor] of Object.entries(ACTORS)) {
          const row = ALLOWED.find(([s, a, who]) => s === status && a === action && who === actorName);
          const expected = row
            ? { ok: true, from: status, to: row[3] }
            : { ok: false, error: PERMITTED.has(`${action}/${actorName}`) ? 'illegal_transition' : 'forbidden' };
          // A withdrawal is before the start (decision 071); the other actions' booking has started.
          const subject =
            action === 'withdraw'
              ? booking(status, {
                  startsAt: new Date(NOW.getTime() + HOUR),
                  endsAt: new Date(NOW.getTime() + 3 * HOUR),
                })
              : booking(status);
          expect(transition(subject, action, actor, NOW), `${status} ${action} by ${actorName}`).toEqual(expected);
          checked++;
        }
      }
    }
    expect(checked).toBe(5 * 9 * 10);
  });

  it('never leaves completed or cancelled', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      for (const action of BOOKING_ACTIONS) {
        for (const actor of Object.values(ACTORS))
          expect(transition(booking(status), action, actor, NOW).ok).toBe(false);
      }
    }
  });

  it('answers every transition in the graph pending → confirmed → in_progress → completed and only those', () => {
    const edges = new Set<string>();
    for (const status of BOOKING_STATUSES) {
      for (const action of BOOKING_ACTIONS) {
        for (const actor of Object.values(ACTORS)) {
          const result = transition(booking(status), action, actor, NOW);
          if (result.ok && result.to !== status) edges.add(`${status}->${result.to}`);
        }
      }
    }
    expect([...edges].sort()).toEqual(
      [
        'pending->confirmed',
        'confirmed->in_progress',
        'in_progress->completed',
        'confirmed->completed',
        'pending->cancelled',
        'confirmed->cancelled',
      ].sort(),
    );
  });

  it('treats a booking without a customer (guest checkout) as nobody’s for signed-in customers', () => {
    const guestBooking = booking('pending', { customerId: null });
    expect(transition(guestBooking, 'cancel', owner, NOW)).toEqual({ ok: false, error: 'forbidden' });
  });

  it('lets an administrator who is also the booking’s customer act as its customer', () => {
    const adminOwner: Actor = { kind: 'admin', adminUserId: 100, person: owner };
    expect(allowedActions(booking('confirmed'), adminOwner, NOW)).toEqual(['cancel', 'edit']);
    const adminCleaner: Actor = { kind: 'admin', adminUserId: 500, person: ACTORS.ownCleaner as never };
    expect(transition(booking('pending'), 'accept', adminCleaner, NOW)).toMatchObject({ ok: true });
  });

  it('never throws, even for an unknown action or actor role', () => {
    expect(transition(booking('pending'), 'teleport' as never, ACTORS.owner!, NOW)).toEqual({
      ok: false,
      error: 'illegal_transition',
    });
    expect(transition(booking('pending'), 'toString' as never, ACTORS.owner!, NOW)).toEqual({
      ok: false,
      error: 'illegal_transition',
    });
    expect(transition(booking('pending'), 'cancel', { kind: 'robot' } as never, NOW)).toEqual({
      ok: false,
      error: 'forbidden',
    });
  });

  it('lists the allowed actions per actor', () => {
    expect(allowedActions(booking('pending'), ACTORS.ownCleaner!, NOW)).toEqual(['accept', 'decline']);
    expect(allowedActions(booking('confirmed'), ACTORS.ownCleaner!, NOW)).toEqual(['start', 'complete']);
    expect(allowedActions(booking('confirmed'), ACTORS.owner!, NOW)).toEqual(['cancel', 'edit']);
    expect(allowedActions(booking('pending'), ACTORS.system!, NOW)).toEqual(['expire', 'pay']);
    expect(allowedActions(booking('in_progress'), ACTORS.admin!, NOW)).toEqual([]);
  });

  it('maps the cleaner status call to an action', () => {
    expect(cleanerActionFor('pending', 'confirmed')).toBe('accept');
    expect(cleanerActionFor('pending', 'cancelled')).toBe('decline');
    expect(cleanerActionFor('confirmed', 'cancelled')).toBe('cancel');
    expect(cleanerActionFor('confirmed', 'in_progress')).toBe('start');
    expect(cleanerActionFor('confirmed', 'completed')).toBe('complete');
    expect(cleanerActionFor('confirmed', 'pending')).toBeNull();
    // the cleaner may not cancel a confirmed job through the status call
    const action = cleanerActionFor('confirmed', 'cancelled')!;
    expect(transition(booking('confirmed'), action, ACTORS.ownCleaner!, NOW)).toEqual({
      ok: false,
      error: 'forbidden',
    });
  });
});

describe('a cleaner starts and completes only a paid job whose time has come (decision 031)', () => {
  const cleaner = ACTORS.ownCleaner!;
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
  const nextMonth = booking('confirmed', { startsAt: at(30 * 24 * HOUR), endsAt: at(30 * 24 * HOUR + 2 * HOUR) });

  it('refuses a just-paid job for next month', () => {
    expect(transition(nextMonth, 'start', cleaner, NOW)).toEqual({ ok: false, error: 'too_early' });
    expect(transition(nextMonth, 'complete', cleaner, NOW)).toEqual({ ok: false, error: 'too_early' });
    // Only withdrawing, while it has not started (decision 071).
    expect(allowedActions(nextMonth, cleaner, NOW)).toEqual(['withdraw']);
  });

  it('starts from an hour before the booked time and completes from the booked time', () => {
    const start = nextMonth.startsAt.getTime() - NOW.getTime();
    expect(transition(nextMonth, 'start', cleaner, at(start - START_EARLY_MS - 1)).ok).toBe(false);
    expect(transition(nextMonth, 'start', cleaner, at(start - START_EARLY_MS)).ok).toBe(true);
    expect(transition(nextMonth, 'complete', cleaner, at(start - 1)).ok).toBe(false);
    expect(transition(nextMonth, 'complete', cleaner, at(start)).ok).toBe(true);
    const started = { ...nextMonth, status: 'in_progress' as const };
    expect(transition(started, 'complete', cleaner, at(start - 60_000))).toEqual({ ok: false, error: 'too_early' });
    expect(transition(started, 'complete', cleaner, at(start + 60_000)).ok).toBe(true);
  });

  it('never works on an unpaid job, whatever the time', () => {
    for (const paymentStatus of ['unpaid', 'pending', 'processing', 'failed', 'refunded', 'disputed']) {
      const unpaid = booking('confirmed', { paymentStatus });
      expect(transition(unpaid, 'start', cleaner, NOW)).toEqual({ ok: false, error: 'not_paid' });
      expect(transition(unpaid, 'complete', cleaner, NOW)).toEqual({ ok: false, error: 'not_paid' });
    }
  });

  it('keeps permission and state first: nobody learns about payment or time of a booking not theirs', () => {
    expect(transition(nextMonth, 'complete', ACTORS.otherCleaner!, NOW)).toEqual({ ok: false, error: 'forbidden' });
    expect(transition(booking('pending', { paymentStatus: 'unpaid' }), 'complete', cleaner, NOW)).toEqual({
      ok: false,
      error: 'illegal_transition',
    });
  });
});

describe('declineTerms', () => {
  it('says a payment in flight is refunded, and that nothing was charged otherwise', async () => {
    const { declineTerms } = await import('./bookings.resource');
    expect(declineTerms('processing')).toMatch(/refunded in full/);
    expect(declineTerms('pending')).toMatch(/refunded in full/);
    expect(declineTerms('unpaid')).toMatch(/nothing to refund/);
    expect(declineTerms('failed')).toMatch(/nothing to refund/);
  });
});

describe('a cleaner withdraws from a confirmed job only before it starts (decision 071)', () => {
  const cleaner = ACTORS.ownCleaner!;
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
  const tomorrow = booking('confirmed', { startsAt: at(24 * HOUR), endsAt: at(26 * HOUR) });

  it('until the start, paid or not; from the start on, it has started', () => {
    expect(transition(tomorrow, 'withdraw', cleaner, NOW)).toEqual({ ok: true, from: 'confirmed', to: 'cancelled' });
    expect(transition({ ...tomorrow, paymentStatus: 'unpaid' }, 'withdraw', cleaner, NOW).ok).toBe(true);
    expect(transition(tomorrow, 'withdraw', cleaner, at(24 * HOUR - 1)).ok).toBe(true);
    expect(transition(tomorrow, 'withdraw', cleaner, at(24 * HOUR))).toEqual({ ok: false, error: 'started' });
  });

  it('records who cancelled with the contract’s own kinds', () => {
    expect(CANCELLATION_KINDS).toEqual(BOOKING_CANCELLATION_KINDS);
  });

  it('never for a request (declined instead), a finished job, another cleaner, the customer or an administrator', () => {
    expect(transition({ ...tomorrow, status: 'pending' }, 'withdraw', cleaner, NOW).ok).toBe(false);
    expect(transition({ ...tomorrow, status: 'cancelled' }, 'withdraw', cleaner, NOW)).toEqual({
      ok: false,
      error: 'illegal_transition',
    });
    for (const who of ['otherCleaner', 'owner', 'admin', 'system', 'assistantForOwner'] as const) {
      expect(transition(tomorrow, 'withdraw', ACTORS[who]!, NOW), who).toEqual({ ok: false, error: 'forbidden' });
    }
  });
});
