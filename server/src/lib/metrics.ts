/**
 * What the server counts for an operator's scraper (decision 067): a port, so the app, its
 * middleware and its services never know the metrics library, and the app stays runtime-agnostic.
 * Node gives a Prometheus registry (`node-metrics.ts`) when METRICS_TOKEN is set; Workers and the
 * tests give none (an isolate keeps no memory shared with the next one; Workers report through
 * Cloudflare's own analytics and the log lines).
 */
export interface Metrics {
  /**
   * One answered request: the route pattern that answered it (`/api/cleaners/:id`, never the raw
   * path), its method and status, and its time in seconds.
   */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A write met another writer's lock and is tried again after a pause. */
  databaseBusyRetry(): void;
  /** A request answered 503 because the database was busy or did not answer. */
  databaseUnavailable(failure: 'busy' | 'unreachable'): void;
  /** One run of a scheduled job, its outcome and its time in seconds. */
  jobRun(job: string, outcome: 'succeeded' | 'failed', seconds: number): void;
  /** The notifications outbox as read at scrape time; null when it could not be read. */
  outbox(backlog: OutboxBacklog | null): void;
  /** Everything counted so far, in the exposition format. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** The notifications waiting to be sent, read when the metrics are scraped. */
export interface OutboxBacklog {
  /** Queued or waiting for a retry. */
  pending: number;
  /** Given up after their last attempt: they will not be sent. */
  failed: number;
  /** How long the oldest notification that is due now has waited past its time, in seconds (0 when none). */
  oldestDueSeconds: number;
}
