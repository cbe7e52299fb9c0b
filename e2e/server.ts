import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { type BuiltServer, startBuiltServer } from './built-server';
import { TEST_START } from './test-clock';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** The server's time: TEST_START when it started, plus the time since (and any move). */
  now(): Date;
  /** Moves the server's clock to `instant` (it runs on from there); `resetTime` puts it back. */
  setTime(instant: Date): void;
  /** Back to the file's own timeline: TEST_START plus the time since the server started. */
  resetTime(): void;
  /** Chromium whose every new context's clock starts at the server's time and runs with it; `args` adds flags. */
  launchBrowser(args?: readonly string[]): Promise<Browser>;
}

/**
 * This test file's own server, stopped after the file: a copy of the demo data seeded at
 * TEST_START, its clock starting there. Files share nothing, so they pass in any order.
 * `fresh` seeds its own demo data instead (for settings the seed depends on, such as Stripe's).
 */
export async function useServer(env: Record<string, string> = {}, options: { fresh?: boolean } = {}) {
  const server: BuiltServer = await startBuiltServer(env, {
    from: options.fresh ? undefined : inject('templateDir'),
    startAt: TEST_START,
  });
  afterAll(() => server.stop());
  const baseOffset = server.clockOffsetMs;
  let offset = baseOffset;
  const writeOffset = (ms: number) => {
    offset = ms;
    writeFileSync(server.clockFile, String(Math.round(ms)));
  };
  const testServer: TestServer = {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    now: () => new Date(Date.now() + offset),
    setTime: (instant) => writeOffset(instant.getTime() - Date.now()),
    resetTime: () => writeOffset(baseOffset),
    launchBrowser: (args) => launchBrowser(testServer, args),
  };
  return testServer;
}

/**
 * Chromium on `server`'s clock (`TestServer.launchBrowser`) for this test file, closed after the
 * file's tests; `args` adds flags.
 */
export async function useBrowser(server: TestServer, args?: readonly string[]): Promise<Browser> {
  const browser = await server.launchBrowser(args);
  afterAll(() => browser.close());
  return browser;
}
