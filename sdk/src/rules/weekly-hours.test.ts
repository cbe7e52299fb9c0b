import { describe, expect, it } from 'vitest';
import { isDayOff, isWorkingHours, weekdayOf, workingWeekdays } from './weekly-hours';

const row = (dayOfWeek: number, startTime = '09:00', endTime = '17:00', isAvailable = true) => ({
  dayOfWeek,
  startTime,
  endTime,
  isAvailable,
});

describe('weekly hours', () => {
  it('works only the rows switched on, written HH:MM, ending after they start', () => {
    expect(isWorkingHours(row(1))).toBe(true);
    expect(isWorkingHours(row(1, '09:00', '17:00', false))).toBe(false);
    expect(isWorkingHours(row(1, '17:00', '09:00'))).toBe(false);
    expect(isWorkingHours(row(1, '9:00', '17:00'))).toBe(false);
    expect(isWorkingHours(row(1, '09:00', '09:00'))).toBe(false);
  });

  it('lists the weekdays with working hours once, in order, and calls the rest days off', () => {
    const days = workingWeekdays([row(5), row(1), row(1, '18:00', '20:00'), row(0, '09:00', '17:00', false)]);
    expect(days).toEqual([1, 5]);
    expect(weekdayOf('2027-06-20')).toBe(0);
    expect(isDayOff('2027-06-20', days)).toBe(true);
    expect(isDayOff('2027-06-21', days)).toBe(false);
  });
});
