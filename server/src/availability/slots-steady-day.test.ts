import { describe, expect, it } from 'vitest';
import { availableSlots, slotsAcrossAChange } from './slots';

describe('availableSlots on the usual day and across a clock change', () => {
  it('gives on every day of a year exactly what converting each start time on its own gives', () => {
    const weeklyHours = [0, 1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) => [
      { dayOfWeek, startTime: '00:00', endTime: '23:59', isAvailable: true },
      { dayOfWeek, startTime: '07:15', endTime: '11:45', isAvailable: true },
      { dayOfWeek, startTime: '13:00', endTime: '17:00', isAvailable: dayOfWeek !== 3 },
    ]);
    let compared = 0;
    // A zone with a half-hour change, one that changes at midnight, one without changes, and the usual.
    for (const timeZone of ['America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata']) {
      for (let day = 0; day < 365; day++) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        const noon = Date.parse(`${date}T12:00:00Z`);
        const query = {
          date,
          timeZone,
          weeklyHours,
          timeOff: [],
          busy: [{ startsAt: new Date(noon), endsAt: new Date(noon + 90 * 60_000) }],
          durationMinutes: 90,
          now: new Date(noon - 20 * 3_600_000),
        };
        const expected = slotsAcrossAChange(query);
        expect(availableSlots(query), `${timeZone} ${date}`).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(50_000);
  });
});
