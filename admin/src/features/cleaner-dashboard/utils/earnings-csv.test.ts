import type { CleanerEarnings } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../../lib/csv';
import { earningsCsv } from './earnings-csv';

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
