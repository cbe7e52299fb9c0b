import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Handler } from 'hono';
import { DatabaseTimeoutError, within } from '../db/client';
import type { AppEnv, Deps } from '../deps';
import type { Metrics } from '../lib/metrics';
import { outboxBacklog } from '../notifications/outbox';

/** A scrape must not hang on a database that does not answer: the rest of it is still worth having. */
const OUTBOX_READ_TIMEOUT_MS = 1_000;
const encoder = new TextEncoder();
const digest = (text: string) => sha256(encoder.encode(text));

/**
 * `GET /metrics` for an operator's scraper (decision 067), outside `/api`: it is no operation of
 * the public API. Without a metrics port and a token (Workers, or METRICS_TOKEN unset) it does
 * not exist: 404, as for any unknown path. With them, a request without the token, or with
 * another, is answered 401 with a Bearer challenge; the token is compared by its SHA-256 digest in
 * constant time, so neither its content nor its length leaks through timing.
 */
export function metricsEndpoint(deps: Pick<Deps, 'config' | 'metrics'>): Handler<AppEnv> {
  const { metrics } = deps;
  const token = deps.config.metricsToken;
  if (!metrics || !token) return (c) => c.text('Not Found', 404);
  const expected = digest(token);
  return async (c) => {
    const given = /^Bearer ([\x21-\x7e]+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (given === undefined || !constantTimeEqual(digest(given), expected)) {
      return c.json({ error: { code: 'unauthorized', message: 'A metrics bearer token is required' } }, 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
        'Cache-Control': 'no-store',
      });
    }
    await readOutbox(c.get('deps'), metrics);
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

/** The outbox is read at each scrape; a database that does not answer leaves the rest of the scrape whole. */
async function readOutbox(deps: Deps, metrics: Metrics): Promise<void> {
  try {
    const read = outboxBacklog(deps);
    metrics.outbox(await within(read, OUTBOX_READ_TIMEOUT_MS, () => new DatabaseTimeoutError(OUTBOX_READ_TIMEOUT_MS)));
  } catch (error) {
    metrics.outbox(null);
    deps.logger.warn('metrics: outbox backlog not read', { error: String(error) });
  }
}
