import { describe, expect, it } from 'vitest';
import { MINUTE, pad } from '../test/slot-model';
import { checkHours, isHhMm, overlaps } from './slots';

// ─── Small helpers ─────────────────────────────────────────────────────────────────────────────

describe('overlaps', () => {
  it('matches a point-by-point check of half-open integer intervals', () => {
    const iv = (a: number, b: number) => ({ startsAt: new Date(a * MINUTE), endsAt: new Date(b * MINUTE) });
    for (let a0 = 0; a0 <= 6; a0++)
      for (let a1 = 0; a1 <= 6; a1++)
        for (let b0 = 0; b0 <= 6; b0++)
          for (let b1 = 0; b1 <= 6; b1++) {
            let shared = false;
            for (let k = 0; k < 6; k++) if (a0 <= k && k < a1 && b0 <= k && k < b1) shared = true;
            expect(overlaps(iv(a0, a1), iv(b0, b1)), `[${a0},${a1}) [${b0},${b1})`).toBe(shared);
            expect(overlaps(iv(b0, b1), iv(a0, a1))).toBe(shared);
          }
  });

  it('treats back-to-back bookings as not overlapping, to the millisecond', () => {
    const a = { startsAt: new Date(0), endsAt: new Date(3_600_000) };
    expect(overlaps(a, { startsAt: new Date(3_600_000), endsAt: new Date(7_200_000) })).toBe(false);
    expect(overlaps(a, { startsAt: new Date(3_599_999), endsAt: new Date(7_200_000) })).toBe(true);
  });
});

describe('isHhMm and checkHours', () => {
  it('accepts exactly 00:00 to 23:59', () => {
    let accepted = 0;
    for (let h = 0; h < 100; h++)
      for (let m = 0; m < 100; m++) {
        const ok = isHhMm(`${pad(h)}:${pad(m)}`);
        expect(ok).toBe(h < 24 && m < 60);
        if (ok) accepted++;
      }
    expect(accepted).toBe(24 * 60);
    for (const bad of [
      '9:00',
      '09:0',
      '0900',
      '09:00:00',
      ' 09:00',
      '09:00 ',
      '24:00',
      '09.00',
      '',
      '９:00',
      null,
      900,
    ])
      expect(isHhMm(bad), String(bad)).toBe(false);
  });

  it('uses the product’s message for a malformed time and requires start before end', () => {
    expect(checkHours({ startTime: '9:00', endTime: '17:00' })).toEqual({
      ok: false,
      fields: { startTime: 'Time must be in HH:MM format' },
    });
    expect(checkHours({ startTime: '09:00', endTime: '5pm' })).toEqual({
      ok: false,
      fields: { endTime: 'Time must be in HH:MM format' },
    });
    expect(checkHours({ startTime: '17:00', endTime: '09:00' })).toEqual({
      ok: false,
      fields: { endTime: 'End time must be after start time' },
    });
    expect(checkHours({ startTime: '09:00', endTime: '09:00' })).toMatchObject({ ok: false });
    expect(checkHours({ startTime: '09:00', endTime: '09:01' })).toEqual({ ok: true });
  });
});
