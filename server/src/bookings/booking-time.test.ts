import { describe, expect, it } from 'vitest';
import { DST_GAP_MESSAGE, resolveStart } from './booking-time';

const NY = 'America/New_York';

describe('resolveStart', () => {
  it('reads a local date and time as the cleaner’s wall clock', () => {
    expect(resolveStart({ scheduledDate: '2026-07-01', scheduledTime: '10:00' }, NY)).toEqual({
      ok: true,
      startsAt: new Date('2026-07-01T14:00:00Z'),
    });
    expect(resolveStart({ scheduledDate: '2026-01-15T10:00' }, NY)).toEqual({
      ok: true,
      startsAt: new Date('2026-01-15T15:00:00Z'),
    });
  });

  it('reads a date-time with Z or an offset as an instant, whatever the zone', () => {
    expect(resolveStart({ scheduledDate: '2026-07-01T10:00:00Z' }, NY)).toEqual({
      ok: true,
      startsAt: new Date('2026-07-01T10:00:00Z'),
    });
    expect(resolveStart({ scheduledDate: '2026-07-01T10:00:00+02:00' }, NY)).toEqual({
      ok: true,
      startsAt: new Date('2026-07-01T08:00:00Z'),
    });
  });

  it('refuses the spring-forward gap instead of moving the time, naming the field that carried it', () => {
    expect(resolveStart({ scheduledDate: '2026-03-08', scheduledTime: '02:30' }, NY)).toEqual({
      ok: false,
      field: 'scheduledTime',
      message: DST_GAP_MESSAGE,
    });
    expect(resolveStart({ scheduledDate: '2026-03-08T02:30' }, NY)).toEqual({
      ok: false,
      field: 'scheduledDate',
      message: DST_GAP_MESSAGE,
    });
  });

  it('takes the earlier instant in the autumn overlap', () => {
    expect(resolveStart({ scheduledDate: '2026-11-01', scheduledTime: '01:30' }, NY)).toEqual({
      ok: true,
      startsAt: new Date('2026-11-01T05:30:00Z'),
    });
  });

  it('refuses impossible dates and seconds off the minute', () => {
    expect(resolveStart({ scheduledDate: '2026-02-30', scheduledTime: '10:00' }, NY)).toMatchObject({
      ok: false,
      field: 'scheduledDate',
    });
    expect(resolveStart({ scheduledDate: '2026-02-30T10:00:00Z' }, NY)).toMatchObject({ ok: false });
    expect(resolveStart({ scheduledDate: '2026-07-01T10:00:30' }, NY)).toEqual({
      ok: false,
      field: 'scheduledDate',
      message: 'Start on a whole minute',
    });
    expect(resolveStart({ scheduledDate: '2026-07-01T10:00:00.000' }, NY)).toMatchObject({ ok: true });
  });
});
