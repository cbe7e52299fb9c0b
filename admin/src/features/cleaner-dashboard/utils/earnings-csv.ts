import type { CleanerEarnings } from '@spotless/sdk';

export const EARNING_STATE_TEXT: Record<CleanerEarnings['jobs'][number]['state'], string> = {
  upcoming: 'Upcoming',
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), and never a formula. */
export function csvField(value: string): string {
  // A spreadsheet runs a cell starting with = + - @ as a formula: text that starts so is quoted as text.
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
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
    job.status,
    job.charged,
    job.refunded,
    job.fee,
    job.yours,
    job.paidOut,
    EARNING_STATE_TEXT[job.state],
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
