import { describe, expect, it } from 'vitest';
import { brief, longAgo, run } from '../test/slot-model';
import { firstInstantAtOrAfter } from './slots';

describe('availableSlots across daylight saving changes', () => {
  it('skips start times in the spring-forward gap and counts real minutes over it', () => {
    // Chicago, Sunday 2026-03-08: 01:59 CST is followed by 03:00 CDT.
    const slots = run({
      date: '2026-03-08',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '05:00', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 60,
      step: 30,
      now: longAgo,
    });
    expect(brief(slots)).toEqual([
      '00:00-01:00',
      '00:30-01:30',
      '01:00-03:00',
      '01:30-03:30',
      '03:00-04:00',
      '03:30-04:30',
      '04:00-05:00',
    ]);
    expect(slots[2]!.startsAt.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(slots[2]!.endsAt.toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });

  it('skips a gap start even when the step does not land on the hour after it', () => {
    // 45-minute steps from 00:00: 02:15 does not exist; a naive conversion would label 03:15 as "02:15".
    const slots = run({
      date: '2026-03-08',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '06:00', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 45,
      step: 45,
      now: longAgo,
    });
    expect(slots.map((x) => x.startTime)).toEqual(['00:00', '00:45', '01:30', '03:00', '03:45', '04:30', '05:15']);
    expect(slots[2]!.endTime).toBe('03:15');
  });

  it('moves a window boundary inside the gap to the end of the gap, not past it', () => {
    // Hours 02:30–04:00 on the spring-forward day begin when the clock first reads 02:30 or later: 03:00.
    const slots = run({
      date: '2026-03-08',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '02:30', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 60,
      step: 30,
      now: longAgo,
    });
    // the window is 00:00 CST to 03:00 CDT: two real hours
    expect(brief(slots)).toEqual(['00:00-01:00', '00:30-01:30', '01:00-03:00']);
    expect(firstInstantAtOrAfter('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(firstInstantAtOrAfter('2026-03-08', '03:00', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
  });

  it('offers the repeated fall-back hour once, at its first occurrence, and counts the extra hour', () => {
    // Chicago, Sunday 2026-11-01: 01:00–01:59 happens at CDT, then again at CST.
    const slots = run({
      date: '2026-11-01',
      zone: 'America/Chicago',
      hours: [{ dayOfWeek: 0, startTime: '00:00', endTime: '03:00', isAvailable: true }],
      timeOff: [],
      busy: [],
      duration: 60,
      step: 30,
      now: longAgo,
    });
    expect(brief(slots)).toEqual(['00:00-01:00', '00:30-01:30', '01:00-01:00', '01:30-01:30', '02:00-03:00']);
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });
});
