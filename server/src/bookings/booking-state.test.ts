import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../db/schema';
import {
  allowedActions,
  BOOKING_ACTIONS,
  type BookingActor,
  type BookingParties,
  type BookingStatus,
  cleanerActionFor,
  transition,
} from './booking-state';

const booking = (status: BookingStatus): BookingParties => ({ id: 7, status, customerId: 100, cleanerId: 20 });

const ACTORS: Record<string, BookingActor> = {
  owner: { role: 'customer', userId: 100 },
  otherCustomer: { role: 'customer', userId: 101 },
  guestOfBooking: { role: 'guest', bookingId: 7 },
  guestOfOther: { role: 'guest', bookingId: 8 },
  ownCleaner: { role: 'cleaner', cleanerId: 20 },
  otherCleaner: { role: 'cleaner', cleanerId: 21 },
  admin: { role: 'admin' },
  system: { role: 'system' },
};

// Written out by hand from DESIGN.md "Booking states" and spec 02 §4: status, action, actor → new status.
const ALLOWED: Array<[BookingStatus, string, string, BookingStatus]> = [
  ['pending', 'accept', 'ownCleaner', 'confirmed'],
  ['pending', 'decline', 'ownCleaner', 'cancelled'],
  ['confirmed', 'start', 'ownCleaner', 'in_progress'],
  ['confirmed', 'complete', 'ownCleaner', 'completed'],
  ['in_progress', 'complete', 'ownCleaner', 'completed'],
  ['pending', 'cancel', 'owner', 'cancelled'],
  ['confirmed', 'cancel', 'owner', 'cancelled'],
  ['pending', 'cancel', 'guestOfBooking', 'cancelled'],
  ['confirmed', 'cancel', 'guestOfBooking', 'cancelled'],
  ['pending', 'cancel', 'admin', 'cancelled'],
  ['confirmed', 'cancel', 'admin', 'cancelled'],
  ['pending', 'edit', 'owner', 'pending'],
  ['confirmed', 'edit', 'owner', 'confirmed'],
  ['pending', 'edit', 'guestOfBooking', 'pending'],
  ['confirmed', 'edit', 'guestOfBooking', 'confirmed'],
  ['pending', 'expire', 'system', 'cancelled'],
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
          expect(transition(booking(status), action, actor), `${status} ${action} by ${actorName}`).toEqual(expected);
          checked++;
        }
      }
    }
    expect(checked).toBe(5 * 8 * 8);
  });

  it('never leaves completed or cancelled', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      for (const action of BOOKING_ACTIONS) {
        for (const actor of Object.values(ACTORS)) expect(transition(booking(status), action, actor).ok).toBe(false);
      }
    }
  });

  it('answers every transition in the graph pending → confirmed → in_progress → completed and only those', () => {
    const edges = new Set<string>();
    for (const status of BOOKING_STATUSES) {
      for (const action of BOOKING_ACTIONS) {
        for (const actor of Object.values(ACTORS)) {
          const result = transition(booking(status), action, actor);
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
    const guestBooking: BookingParties = { id: 7, status: 'pending', customerId: null, cleanerId: 20 };
    expect(transition(guestBooking, 'cancel', { role: 'customer', userId: 100 })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(transition(guestBooking, 'cancel', { role: 'guest', bookingId: 7 })).toMatchObject({ ok: true });
  });

  it('never throws, even for an unknown action or actor role', () => {
    expect(transition(booking('pending'), 'teleport' as never, ACTORS.owner!)).toEqual({
      ok: false,
      error: 'illegal_transition',
    });
    expect(transition(booking('pending'), 'toString' as never, ACTORS.owner!)).toEqual({
      ok: false,
      error: 'illegal_transition',
    });
    expect(transition(booking('pending'), 'cancel', { role: 'robot' } as never)).toEqual({
      ok: false,
      error: 'forbidden',
    });
  });

  it('lists the allowed actions per actor', () => {
    expect(allowedActions(booking('pending'), ACTORS.ownCleaner!)).toEqual(['accept', 'decline']);
    expect(allowedActions(booking('confirmed'), ACTORS.ownCleaner!)).toEqual(['start', 'complete']);
    expect(allowedActions(booking('confirmed'), ACTORS.owner!)).toEqual(['cancel', 'edit']);
    expect(allowedActions(booking('pending'), ACTORS.system!)).toEqual(['expire', 'pay']);
    expect(allowedActions(booking('in_progress'), ACTORS.admin!)).toEqual([]);
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
    expect(transition(booking('confirmed'), action, ACTORS.ownCleaner!)).toEqual({ ok: false, error: 'forbidden' });
  });
});
