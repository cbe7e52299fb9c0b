import { expireUnpaidBookings, queueBookingReminders } from '../bookings/booking-lifecycle.service';
import { purgeOldChats } from '../chat/chat.service';
import { systemActor } from '../contract/actor';
import { refreshStatistics } from '../db/migrate';
import type { Deps } from '../deps';
import { compareLedger } from '../ledger/ledger-reconcile.service';
import { withFields } from '../lib/logger';
import { deliverNotifications } from '../notifications/outbox';
import { deliverPartnerWebhooks } from '../partners/partner-webhook-delivery.service';
import { reconcilePayments } from '../payments/reconcile.service';
import { runPayouts } from '../payouts/payouts.service';
import { chargeDueVisits, extendSeries } from '../series/series-horizon.service';
import { purgeExpired } from './purge-expired';

export type JobDeps = Pick<Deps, 'database' | 'clock' | 'logger' | 'payments' | 'mailer' | 'config'> &
  Pick<Partial<Deps>, 'metrics' | 'fetch'>;

/**
 * The scheduled jobs: plain functions of `deps`. Node schedules them with node-cron
 * (`startJobs`); Workers' Cron Triggers call the same ones (worker.ts `scheduled`). A job that
 * changes a domain's data calls its service as the system actor named after the job.
 */
export const JOBS: Array<{ name: string; schedule: string; run: (deps: JobDeps) => Promise<unknown> }> = [
  {
    name: 'expire-unpaid-bookings',
    schedule: '* * * * *',
    run: (deps) => expireUnpaidBookings(deps, systemActor('expire-unpaid-bookings')),
  },
  {
    name: 'booking-reminders',
    schedule: '*/5 * * * *',
    run: (deps) => queueBookingReminders(deps, systemActor('booking-reminders')),
  },
  // Recurring cleanings (decision 088): visits booked ahead, and charged to the saved card before each.
  { name: 'extend-series', schedule: '* * * * *', run: (deps) => extendSeries(deps, systemActor('extend-series')) },
  {
    name: 'charge-visits',
    schedule: '*/5 * * * *',
    run: (deps) => chargeDueVisits(deps, systemActor('charge-visits')),
  },
  {
    name: 'reconcile-payments',
    schedule: '*/5 * * * *',
    run: (deps) => reconcilePayments(deps, systemActor('reconcile-payments')),
  },
  {
    name: 'pay-out',
    schedule: '*/5 * * * *',
    run: (deps) => runPayouts(deps, systemActor('pay-out')),
  },
  // The ledger against the provider, daily: each difference is logged as a warning (decision 080).
  { name: 'reconcile-ledger', schedule: '43 3 * * *', run: (deps) => compareLedger(deps) },
  { name: 'purge-expired', schedule: '17 * * * *', run: purgeExpired },
  { name: 'purge-old-chats', schedule: '17 * * * *', run: purgeOldChats },
  { name: 'deliver-notifications', schedule: '* * * * *', run: deliverNotifications },
  // Partners' webhooks, signed, with retries (decision 079).
  { name: 'deliver-partner-webhooks', schedule: '* * * * *', run: deliverPartnerWebhooks },
  // The query planner's statistics follow the data as it grows (db/migrate.ts).
  { name: 'refresh-statistics', schedule: '43 3 * * *', run: (deps) => refreshStatistics(deps.database) },
];

/**
 * Runs one job, logging its result or its failure; never rejects (a schedule must keep going).
 * Every line the run writes, the job's own included, carries the job's name and an id of this run,
 * as a request's lines carry the request's; the run is counted when metrics are kept.
 */
export async function runJob(job: (typeof JOBS)[number], deps: JobDeps): Promise<void> {
  const logger = withFields(deps.logger, { job: job.name, jobRunId: crypto.randomUUID() });
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const result = await job.run({ ...deps, logger });
    deps.metrics?.jobRun(job.name, 'succeeded', seconds());
    logger.debug('job finished', { result });
  } catch (error) {
    deps.metrics?.jobRun(job.name, 'failed', seconds());
    logger.error('job failed', { error: error instanceof Error ? error.stack : String(error) });
  }
}
