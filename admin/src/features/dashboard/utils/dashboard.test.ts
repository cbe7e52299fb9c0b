import type { BookingStatus } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  activeBookings,
  type DashboardBooking,
  historyBookings,
  matchesSearch,
  paymentText,
  statusText,
  statusTone,
} from './dashboard';

const booking = (id: number, status: BookingStatus, first: string, last: string, service: string) => ({
  id,
  status,
  cleaner: { user: { firstName: first, lastName: last } },
  service: { name: service },
});

const all = [
  booking(1, 'pending', 'Jordan', 'Rivera', 'Regular House Cleaning'),
  booking(2, 'confirmed', 'Ana', 'Lopez', 'Deep Cleaning'),
  booking(3, 'in_progress', 'Sam', 'Jordanson', 'Move-out Cleaning'),
  booking(4, 'completed', 'Jordan', 'Rivera', 'Deep Cleaning'),
  booking(5, 'cancelled', 'Ana', 'Lopez', 'Regular House Cleaning'),
];
const ids = (list: readonly { id: number }[]) => list.map((b) => b.id);

describe('matchesSearch', () => {
  const b: DashboardBooking = all[0]!;
  it('matches first name, last name or service name, ignoring case and spaces around', () => {
    expect(matchesSearch(b, 'jord')).toBe(true);
    expect(matchesSearch(b, 'RIVERA')).toBe(true);
    expect(matchesSearch(b, ' house ')).toBe(true);
    expect(matchesSearch(b, '')).toBe(true);
  });
  it('does not match other text', () => {
    expect(matchesSearch(b, 'lopez')).toBe(false);
    expect(matchesSearch(b, 'Jordan Rivera')).toBe(false);
  });
});

describe('activeBookings', () => {
  it('leaves out completed and cancelled bookings', () => {
    expect(ids(activeBookings(all, 'all', ''))).toEqual([1, 2, 3]);
  });
  it('applies the status filter and the search together', () => {
    expect(ids(activeBookings(all, 'confirmed', ''))).toEqual([2]);
    expect(ids(activeBookings(all, 'all', 'jordan'))).toEqual([1, 3]);
    expect(ids(activeBookings(all, 'pending', 'deep'))).toEqual([]);
    expect(ids(activeBookings(all, 'completed', ''))).toEqual([]);
  });
});

describe('historyBookings', () => {
  it('keeps completed and cancelled bookings', () => {
    expect(ids(historyBookings(all))).toEqual([4, 5]);
  });
});

describe('status display', () => {
  it('capitalises the status and picks its badge colour', () => {
    expect(statusText('in_progress')).toBe('In progress');
    expect(statusText('confirmed')).toBe('Confirmed');
    expect(['confirmed', 'completed', 'pending', 'in_progress', 'cancelled', 'other'].map(statusTone)).toEqual([
      'green',
      'green',
      'yellow',
      'blue',
      'red',
      'grey',
    ]);
  });
  it('names the payment state', () => {
    expect(paymentText('succeeded')).toBe('Paid');
    expect(paymentText('unpaid')).toBe('Unpaid');
    expect(paymentText('refunded')).toBe('Refunded');
  });
});
