import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { createApp } from '../app';
import { type Config, parseConfig } from '../config';
import type { Database } from '../db/client';
import { openDatabase } from '../db/open';
import type { Clock, Deps } from '../deps';
import { type FileStorage, memoryFileStorage } from '../files/file-storage';
import { inProcessImageCleaner } from '../files/image-cleaner';
import { createLogger } from '../lib/logger';
import type { PaymentProvider } from '../lib/payment-provider';
import type { Mailer, OutgoingMessage } from '../notifications/outbox';
import { LocalConnect } from '../payments/local-connect';
import { LocalPaymentProvider } from '../payments/local-provider';
import { databaseLocalStore } from '../payments/local-provider-store';

/** An answer's JSON as tests read it: any field, asserted on. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON answers
export type Json = Record<string, any>;

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** The database file (a fresh copy of the migrated template). */
  file: string;
  deps: Deps;
  clock: Clock & { set(instant: Date | string): void };
  /** Every message the outbox delivered (run `deliverNotifications` to send what is queued). */
  sent: OutgoingMessage[];
  /** `app.request` with JSON helpers. */
  json<T = unknown>(
    path: string,
    init?: Omit<RequestInit, 'body'> & { body?: unknown },
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

/**
 * Tests make many bookings and messages as one account; the throttles that would stop them have
 * tests of their own that set these back down.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BOOKING_RATE_LIMIT: '100000',
    MAX_UNPAID_BOOKINGS: '100000',
    CONTACT_RATE_LIMIT: '100000',
    UPLOAD_RATE_LIMIT: '100000',
    ...overrides,
  });
}

/** A fresh copy of the migrated template database and an app over it; closed after the file. */
export async function createTestContext(
  options: { config?: Record<string, string>; now?: string; payments?: PaymentProvider; files?: FileStorage } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-db-'));
  const file = join(dir, 'test.db');
  copyFileSync(inject('templateDatabase'), file);
  const database = await openDatabase(`file:${file}`);
  let now = new Date(options.now ?? '2026-06-15T12:00:00Z');
  const clock = { now: () => new Date(now), set: (instant: Date | string) => (now = new Date(instant)) };
  const sent: OutgoingMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  const deps: Deps = {
    config: testConfig(options.config),
    database,
    logger: createLogger('silent'),
    clock,
    payments:
      options.payments ??
      new LocalPaymentProvider({
        clock,
        store: databaseLocalStore(database, clock),
        connect: new LocalConnect(database, clock),
      }),
    mailer,
    files: options.files ?? memoryFileStorage(),
    images: inProcessImageCleaner,
  };
  const app = createApp(deps);
  afterAll(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const json: TestContext['json'] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    let body: string | undefined;
    if (init.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    }
    const response = await app.request(path, { ...init, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as never, headers: response.headers };
  };

  return { app, database, file, deps, clock, sent, json } satisfies TestContext;
}
