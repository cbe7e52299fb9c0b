import { describe, expect, it } from 'vitest';
import { latestJobs, notBefore, orderJobs, percentText, ratingText, todayIn, weekdayOf } from './cleaner-dashboard';

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
