import { schedule } from 'node-cron';
import type { Deps } from '../deps';
import { queueBookingReminders } from './booking-reminders';
import { expireUnpaidBookings } from './expire-unpaid-bookings';
import { reconcilePayments } from './reconcile-payments';

export { queueBookingReminders } from './booking-reminders';
export { expireUnpaidBookings, UNPAID_BOOKING_TTL_MS } from './expire-unpaid-bookings';
export { RECONCILE_AFTER_MINUTES, reconcilePayments } from './reconcile-payments';

type JobDeps = Pick<Deps, 'database' | 'clock' | 'logger' | 'payments'>;

/** The scheduled jobs: plain functions of `deps`, so Workers' Cron Triggers can call the same ones. */
export const JOBS: Array<{ name: string; schedule: string; run: (deps: JobDeps) => Promise<unknown> }> = [
  { name: 'expire-unpaid-bookings', schedule: '* * * * *', run: expireUnpaidBookings },
  { name: 'booking-reminders', schedule: '*/5 * * * *', run: queueBookingReminders },
  { name: 'reconcile-payments', schedule: '*/5 * * * *', run: (deps) => reconcilePayments(deps) },
];

/** Schedules every job with node-cron (Node entry only). Returns a function that stops them. */
export function startJobs(deps: JobDeps): () => void {
  const tasks = JOBS.map((job) =>
    schedule(
      job.schedule,
      async () => {
        try {
          const result = await job.run(deps);
          deps.logger.debug('job finished', { job: job.name, result });
        } catch (error) {
          deps.logger.error('job failed', {
            job: job.name,
            error: error instanceof Error ? error.stack : String(error),
          });
        }
      },
      { name: job.name, noOverlap: true },
    ),
  );
  return () => {
    for (const task of tasks) void task.stop();
  };
}
