import type { Context } from 'hono';
import type { Config } from './config';
import type { Actor, Partner } from './contract/actor';
import type { Operations } from './contract/hypermedia';
import type { Database } from './db/client';
import type { FileStorage } from './files/file-storage';
import type { ImageCleaner } from './files/image-cleaner';
import type { AssistantEngine } from './lib/assistant-engine';
import type { AuthState } from './lib/auth-state';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import type { Metrics } from './lib/metrics';
import type { PaymentProvider } from './lib/payment-provider';
import type { CancellationRefunds } from './lib/refunds-port';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Serves the built hosted app and SDK bundles; absent in API-only deployments and most tests. */
export interface Assets {
  /**
   * A built file, or the hosted app's HTML for a page path: status 200 for a page, 404 for a path
   * that is no page or, with `missing`, a page whose address names nothing (`/cleaner/999999`).
   */
  serve(c: Context, options?: { missing?: boolean }): Promise<Response | null>;
}

/**
 * Everything the app needs from the outside world; entries (Node, Workers, tests) build it. This
 * module depends only on the layers below the features (config, db, lib): the features depend on
 * it, never the other way round.
 */
export interface Deps {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
  /** Card payments: Stripe when configured, else the local test-mode provider. */
  payments: PaymentProvider;
  /** Delivers the notifications outbox: files under data/outbox on Node, the log on Workers. */
  mailer: Mailer;
  /** Uploaded files' bytes: a folder under data/files on Node, an R2 bucket on Workers. */
  files: FileStorage;
  /**
   * Decodes and re-encodes uploaded pictures (decision 045): a pool of worker threads on Node, in
   * the request's own thread on Workers and in tests.
   */
  images: ImageCleaner;
  /** A cancelled booking's refund; createApp supplies the payments module's when not given. */
  refunds?: CancellationRefunds;
  /** The chat assistant's engine; the chat module builds it from config when not given (OpenAI or offline). */
  assistant?: AssistantEngine;
  assets?: Assets;
  /**
   * What an operator's scraper reads at `/metrics` (decision 067): Prometheus on Node when
   * METRICS_TOKEN is set; absent on Workers and in most tests, where nothing is counted.
   */
  metrics?: Metrics;
  /**
   * Outbound HTTP to other parties' servers (a partner's webhook endpoints, decision 079): the
   * platform's `fetch` when not given; tests hand in their own.
   */
  fetch?: typeof fetch;
  /**
   * The URL of the request these deps serve (set per request by createApp): the e-mails it causes
   * link to its origin when this deployment answers to it (decision 072); absent in jobs.
   */
  requestUrl?: string;
}

export interface AppEnv {
  Variables: {
    /** The app's deps for this request: its `logger` writes the request id on every line. */
    deps: Deps;
    requestId: string;
    /** The sessions behind the request's cookies, resolved once by `actorMiddleware`. */
    auth: AuthState;
    /** Who is calling, resolved once per request by `actorMiddleware`: what every service decides from. */
    actor: Actor;
    /**
     * The partner whose publishable key the request carries (from an origin it allowed, or from a
     * server), also when a guest token decides the actor: what CORS answers and what bookings record.
     */
    partner: Partner | null;
    /** The API's operations by operationId, for links and actions (contract/hypermedia.ts). */
    operations: Operations;
  };
}
