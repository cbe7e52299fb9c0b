import { describe, expect, it } from 'vitest';
import {
  hoursText,
  latestJobs,
  notBefore,
  orderJobs,
  percentText,
  ratingText,
  slotBookingText,
  timeOffSpanText,
  todayIn,
  weekdayOf,
} from './cleaner-dashboard';

const job = (id: number, status: string, createdAt: string, startsAt: string) => ({ id, status, createdAt, startsAt });

describe('cleaner dashboard rules', () => {
  it('takes the five bookings made most recently, newest first', () => {
    const jobs = Array.from({ length: 7 }, (_, i) =>
      job(i, 'pending', `2026-11-0${i + 1}T10:00:00Z`, `2026-12-0${7 - i}T10:00:00Z`),
    );
    expect(latestJobs(jobs).map((j) => j.id)).toEqual([6, 5, 4, 3, 2]);
  });

  it('lists open jobs soonest first, then finished ones latest first', () => {
    const jobs = [
      job(1, 'completed', 'a', '2026-11-01T10:00:00Z'),
      job(2, 'confirmed', 'a', '2026-12-09T10:00:00Z'),
      job(3, 'cancelled', 'a', '2026-11-05T10:00:00Z'),
      job(4, 'pending', 'a', '2026-12-02T10:00:00Z'),
    ];
    expect(orderJobs(jobs).map((j) => j.id)).toEqual([4, 2, 3, 1]);
  });

  it('numbers weekdays from Sunday = 0 and finds today in the cleaner’s zone', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
    // 03:00 UTC on the 23rd is still the 22nd in Los Angeles.
    expect(todayIn('America/Los_Angeles', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(todayIn('Europe/Berlin', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
    expect(notBefore('2026-11-20', '2026-11-22')).toBe('2026-11-22');
    expect(notBefore('2026-12-01', '2026-11-22')).toBe('2026-12-01');
  });

  it('shows figures the server could not compute yet as a dash', () => {
    expect(percentText(null)).toBe('—');
    expect(percentText(87)).toBe('87%');
    expect(ratingText(null)).toBe('—');
    expect(ratingText(4.666)).toBe('4.7');
  });
});

describe('the schedule for people', () => {
  it('writes weekly hours on a 12-hour clock, as the rest of the app does', () => {
    expect(hoursText('09:00', '17:00')).toBe('9:00 AM–5:00 PM');
    expect(hoursText('00:30', '13:00')).toBe('12:30 AM–1:00 PM');
  });

  it('writes time off as days, one or a span', () => {
    expect(timeOffSpanText({ startDate: '2026-12-01', endDate: '2026-12-01' })).toBe('Tue, Dec 1');
    expect(timeOffSpanText({ startDate: '2026-12-31', endDate: '2027-01-02' })).toBe('Thu, Dec 31 – Sat, Jan 2');
  });
});

describe('a booked slot in the calendar', () => {
  const jobs = [
    { id: 42, service: { name: 'Deep Cleaning' }, customer: { firstName: 'Maria' } },
    { id: 43, service: { name: 'House Cleaning' }, customer: null },
  ];

  it('names the customer’s first name and the service of the job holding it', () => {
    expect(slotBookingText({ bookingId: 42 }, jobs)).toBe('Booked · Maria · Deep Cleaning');
    expect(slotBookingText({ bookingId: 43 }, jobs)).toBe('Booked · Guest · House Cleaning');
  });

  it('still says booked when the job is not among those read, or the slot names none', () => {
    expect(slotBookingText({ bookingId: 99 }, jobs)).toBe('Booked · booking #99');
    expect(slotBookingText({ bookingId: null }, jobs)).toBe('Booked');
  });
});
