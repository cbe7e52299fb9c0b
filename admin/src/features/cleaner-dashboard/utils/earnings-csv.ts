import type { CleanerEarnings } from '@spotless/sdk';
import { toCsv } from '../../../lib/csv';

export const EARNING_STATE_TEXT: Record<CleanerEarnings['jobs'][number]['state'], string> = {
  upcoming: 'Upcoming',
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};

/**
 * What a row is when it is not a job done: a cancelled booking that still pays the cleaner is a
 * late cancellation's fee; one refunded in full paid nothing. Null for a job (done or to come).
 */
export function earningKind(job: Pick<CleanerEarnings['jobs'][number], 'status' | 'yours'>): string | null {
  if (job.status !== 'cancelled') return null;
  return Number(job.yours) > 0 ? 'Late cancellation fee' : 'Cancelled, refunded in full';
}

/** The earnings table as a CSV a spreadsheet opens: one row a job, dollars as plain decimals. */
export function earningsCsv(earnings: CleanerEarnings): string {
  const header = [
    'Booking',
    'Date',
    'Service',
    'Status',
    'Charged',
    'Refunded',
    'Platform fee',
    'Your share',
    'Paid out',
    'State',
  ];
  const rows = earnings.jobs.map((job) => [
    String(job.bookingId),
    new Date(job.startsAt).toLocaleDateString('en-CA', { timeZone: job.timeZone }),
    job.service,
    earningKind(job) ?? job.status,
    job.charged,
    job.refunded,
    job.fee,
    job.yours,
    job.paidOut,
    EARNING_STATE_TEXT[job.state],
  ]);
  return toCsv([header, ...rows]);
}
