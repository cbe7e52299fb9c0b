import type { Deps } from '../deps';
import { deliverNotifications } from '../notifications/outbox';
import { queueBookingReminders } from './booking-reminders';
import { expireUnpaidBookings } from './expire-unpaid-bookings';
import { purgeExpired } from './purge-expired';
import { reconcilePayments } from './reconcile-payments';

export type JobDeps = Pick<Deps, 'database' | 'clock' | 'logger' | 'payments' | 'mailer'>;

/**
 * The scheduled jobs: plain functions of `deps`. Node schedules them with node-cron
 * (`startJobs`); Workers' Cron Triggers call the same ones (worker.ts `scheduled`).
 */
export const JOBS: Array<{ name: string; schedule: string; run: (deps: JobDeps) => Promise<unknown> }> = [
  { name: 'expire-unpaid-bookings', schedule: '* * * * *', run: expireUnpaidBookings },
  { name: 'booking-reminders', schedule: '*/5 * * * *', run: queueBookingReminders },
  { name: 'reconcile-payments', schedule: '*/5 * * * *', run: (deps) => reconcilePayments(deps) },
  { name: 'purge-expired', schedule: '17 * * * *', run: purgeExpired },
  { name: 'deliver-notifications', schedule: '* * * * *', run: deliverNotifications },
];

/** Runs one job, logging its result or its failure; never rejects (a schedule must keep going). */
export async function runJob(job: (typeof JOBS)[number], deps: JobDeps): Promise<void> {
  try {
    const result = await job.run(deps);
    deps.logger.debug('job finished', { job: job.name, result });
  } catch (error) {
    deps.logger.error('job failed', { job: job.name, error: error instanceof Error ? error.stack : String(error) });
  }
}
