/**
 * Requests as they reach the server from a client's own address: the auth and security suites
 * count sign-ins, sign-ups and guesses per address, so each call comes from a fresh one unless it
 * names its own.
 */
import { ORIGIN } from './booking-fixtures';
import type { Json, TestContext } from './harness';

export interface CallInit {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** `call` sends to `ctx` (or another context) from a new address of `network` (`10.20`) each time. */
export function remoteCalls(ctx: TestContext, network: string) {
  let addressCounter = 0;
  const freshAddress = () => `${network}.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  async function call(path: string, init: CallInit = {}, on: TestContext = ctx) {
    const headers = new Headers(init.headers);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', ORIGIN);
    const res = await on.app.request(
      path,
      { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
      { incoming: { socket: { remoteAddress: init.ip ?? freshAddress() } } },
    );
    const text = await res.text();
    let body: Json = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = { text };
    }
    return { status: res.status, body, headers: res.headers };
  }

  return { call, freshAddress };
}
