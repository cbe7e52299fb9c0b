import type { CleanerEarnings } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../../lib/csv';
import { earningKind, earningsCsv } from './earnings-csv';

describe('the earnings CSV', () => {
  it('writes one row a job, quoting what needs quoting and never a formula', () => {
    const job = {
      bookingId: 7,
      startsAt: '2026-11-28T16:00:00Z',
      timeZone: 'America/Chicago',
      service: 'Deep, thorough "clean"',
      status: 'completed',
      charged: '140.00',
      refunded: '0.00',
      fee: '21.00',
      yours: '119.00',
      paidOut: '119.00',
      state: 'paid_out',
      availableAt: null,
    } as const;
    const csv = earningsCsv({ jobs: [job] } as unknown as CleanerEarnings);
    expect(csv.split('\r\n')[1]).toBe(
      '7,2026-11-28,"Deep, thorough ""clean""",completed,140.00,0.00,21.00,119.00,119.00,Paid out',
    );
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
  });
});

describe('what an earnings row is', () => {
  it('names a late cancellation’s fee, and a cancellation refunded in full', () => {
    expect(earningKind({ status: 'cancelled', yours: '21.25' })).toBe('Late cancellation fee');
    expect(earningKind({ status: 'cancelled', yours: '0.00' })).toBe('Cancelled, refunded in full');
    expect(earningKind({ status: 'completed', yours: '85.00' })).toBeNull();
    const late = { bookingId: 8, startsAt: '2026-11-28T16:00:00Z', timeZone: 'America/Chicago', service: 'Standard' };
    const csv = earningsCsv({
      jobs: [{ ...late, status: 'cancelled', charged: '50.00', refunded: '25.00', fee: '3.75', yours: '21.25' }],
    } as unknown as CleanerEarnings);
    expect(csv.split('\r\n')[1]).toContain(',Late cancellation fee,50.00,');
  });
});
