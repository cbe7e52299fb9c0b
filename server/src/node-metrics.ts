import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Metric,
  type MetricValueWithName,
  Registry,
} from 'prom-client';
import type { Metrics } from './lib/metrics';

/** Request times: most answers take milliseconds; the top buckets catch the busy wait and slow searches. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/**
 * The metrics port on Node, with prom-client (decision 067): one registry of this process's own
 * (never prom-client's global one, so two apps in one test process do not share counts), with
 * Node's process metrics (event-loop delay, heap, CPU, file descriptors) beside the server's.
 */
export function prometheusMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // Requests are tallied in plain maps and handed to prom-client when scraped: its own counters
  // check and hash their labels on every call, which a request should not pay for.
  const tally = requestTally();
  new Counter({
    name: 'spotless_http_requests_total',
    help: 'Requests answered, by the route pattern that answered them, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const series of tally.series())
        for (const [status, count] of series.statuses)
          this.inc({ route: series.route, method: series.method, status: String(status) }, count);
    },
  });
  registry.registerMetric(tally.histogram as unknown as Metric);
  const busyRetries = new Counter({
    name: 'spotless_database_busy_retries_total',
    help: "Writes that met another writer's lock and were tried again after a pause",
    registers: [registry],
  });
  const unavailable = new Counter({
    name: 'spotless_database_unavailable_total',
    help: 'Requests answered 503 because the database was busy past the wait or did not answer',
    labelNames: ['failure'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'spotless_job_runs_total',
    help: 'Scheduled job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'spotless_job_duration_seconds',
    help: 'Time a scheduled job run took, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'spotless_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last finished without failing (Unix seconds)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const outboxPending = new Gauge({
    name: 'spotless_outbox_pending',
    help: 'Notifications queued or waiting for a retry, read at scrape time',
    registers: [registry],
  });
  const outboxFailed = new Gauge({
    name: 'spotless_outbox_failed',
    help: 'Notifications given up after their last attempt, read at scrape time',
    registers: [registry],
  });
  const outboxOldestDue = new Gauge({
    name: 'spotless_outbox_oldest_due_seconds',
    help: 'How long the oldest notification due now has waited past its time, read at scrape time',
    registers: [registry],
  });
  for (const failure of ['busy', 'unreachable'] as const) unavailable.labels({ failure });

  return {
    request: tally.record,
    databaseBusyRetry() {
      busyRetries.inc();
    },
    databaseUnavailable(failure) {
      unavailable.inc({ failure });
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDurations.observe({ job }, seconds);
      if (outcome === 'succeeded') jobLastSuccess.set({ job }, Date.now() / 1000);
    },
    outbox(backlog) {
      // Unread (the database did not answer), NaN rather than a count that may no longer be true.
      outboxPending.set(backlog?.pending ?? Number.NaN);
      outboxFailed.set(backlog?.failed ?? Number.NaN);
      outboxOldestDue.set(backlog?.oldestDueSeconds ?? Number.NaN);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

interface RequestSeries {
  route: string;
  method: string;
  statuses: Map<number, number>;
  /** Answers per bucket of REQUEST_BUCKETS (not cumulative), the last past the largest bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The requests' counts and times by route and method: a lookup and a few additions per request,
 * nothing allocated once a series exists. `histogram` is a metric the registry reads as it reads
 * its own (`get()` in prom-client's format), with the buckets cumulative as Prometheus wants them.
 */
function requestTally() {
  const byRoute = new Map<string, Map<string, RequestSeries>>();
  function* series(): Generator<RequestSeries> {
    for (const byMethod of byRoute.values()) yield* byMethod.values();
  }
  const name = 'spotless_http_request_duration_seconds';
  const help = 'Time from a request reaching the app to its answer, by route pattern and method';
  return {
    series,
    record(route: string, method: string, status: number, seconds: number): void {
      let byMethod = byRoute.get(route);
      if (!byMethod) {
        byMethod = new Map();
        byRoute.set(route, byMethod);
      }
      let one = byMethod.get(method);
      if (!one) {
        one = { route, method, statuses: new Map(), buckets: REQUEST_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
        byMethod.set(method, one);
      }
      one.statuses.set(status, (one.statuses.get(status) ?? 0) + 1);
      let bucket = 0;
      while (bucket < REQUEST_BUCKETS.length && seconds > (REQUEST_BUCKETS[bucket] as number)) bucket++;
      one.buckets[bucket] = (one.buckets[bucket] as number) + 1;
      one.sum += seconds;
      one.count += 1;
    },
    histogram: {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      reset: () => byRoute.clear(),
      async get() {
        const values: MetricValueWithName<string>[] = [];
        for (const { route, method, buckets, sum, count } of series()) {
          let cumulative = 0;
          for (const [i, bound] of REQUEST_BUCKETS.entries()) {
            cumulative += buckets[i] as number;
            values.push({ metricName: `${name}_bucket`, labels: { le: bound, route, method }, value: cumulative });
          }
          values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', route, method }, value: count });
          values.push({ metricName: `${name}_sum`, labels: { route, method }, value: sum });
          values.push({ metricName: `${name}_count`, labels: { route, method }, value: count });
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
    },
  };
}
