import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '@spotless/sdk/webhooks';
import type { Deps } from '../deps';
import { claimDueDeliveries, type PartnerWebhookDeliveryRow, settleDeliveryRow } from './partner-webhooks.queries';
import { webhookUrlProblem } from './webhook-url';

/**
 * The `deliver-partner-webhooks` job (decision 079): sends what is due to partners' endpoints,
 * signed, at least once. Modelled on the notifications outbox: a batch is claimed in one statement
 * (its next attempt pushed to the end of a lease), so two runs — on two servers, or a run slower
 * than a minute — never send one delivery at once; each outcome is written only while the lease is
 * still this run's. Runs on Node and Workers alike: `fetch`, `AbortSignal.timeout` and Web Crypto.
 */

/** Minutes to wait after the 1st, 2nd, … failed attempt; after the 8th it has failed. */
export const RETRY_MINUTES = [1, 5, 30, 120, 720, 1440, 1440] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/** An endpoint has this long to answer (headers and the start of its body). */
export const DELIVERY_TIMEOUT_MS = 10_000;
const BATCH = 25;
/** Sent at once, at most: an isolate's connections are few, and a slow endpoint holds one. */
const PARALLEL = 5;
/**
 * Longer than a batch can take (`BATCH / PARALLEL` rounds of `DELIVERY_TIMEOUT_MS`, and their
 * writes), so a delivery is never claimed again while the run that took it is still sending it.
 */
const LEASE_MS = 10 * 60_000;
const ERROR_TEXT_MAX = 300;
const NOT_PUBLIC = 'Not sent: the endpoint’s address is not a public https:// address; change its URL';

type DeliveryDeps = Pick<Deps, 'database' | 'clock' | 'logger' | 'config'> & Pick<Partial<Deps>, 'fetch'>;

/** When a delivery that failed its `attempts`-th attempt at `now` is tried next, or null: it has failed. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const minutes = RETRY_MINUTES[attempts - 1];
  return attempts >= MAX_ATTEMPTS || minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
}

/** The beginning of an answer's body, for the log: enough to say why, never the whole of it. */
async function answerStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < ERROR_TEXT_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // the body stopped (timed out or reset): what came is enough
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, ERROR_TEXT_MAX);
}

interface Attempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** One POST of a delivery's body, signed now; never throws. */
async function attempt(
  send: typeof fetch,
  delivery: PartnerWebhookDeliveryRow,
  endpoint: { url: string; signingSecret: string },
  now: Date,
): Promise<Attempt> {
  const body = JSON.stringify(delivery.payload);
  try {
    const signature = await signWebhook(endpoint.signingSecret, Math.floor(now.getTime() / 1000), body);
    const response = await send(endpoint.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Spotless-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signature,
      },
      body,
      // A redirect is not followed: it could lead anywhere, and the endpoint is what was registered.
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    if (response.status >= 200 && response.status < 300) {
      response.body?.cancel().catch(() => {});
      return { ok: true, statusCode: response.status, error: null };
    }
    const start = await answerStart(response);
    return { ok: false, statusCode: response.status, error: `HTTP ${response.status}${start ? `: ${start}` : ''}` };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : [String((error as Error).message ?? error), cause?.code ?? cause?.message].filter(Boolean).join(': ');
    return { ok: false, statusCode: null, error: reason.slice(0, ERROR_TEXT_MAX) };
  }
}

/**
 * Sends every due delivery of active endpoints (a batch a run), at most `PARALLEL` at once: a 2xx
 * answer is delivered; anything else (another status, a redirect, no answer in 10 s) is tried again
 * after 1 min, 5, 30, 2 h, 12 h, 24 h and 24 h, and has failed after its 8th attempt.
 */
export async function deliverPartnerWebhooks(
  deps: DeliveryDeps,
): Promise<{ delivered: number; retrying: number; failed: number }> {
  // The platform's own fetch, called as a plain function (Workers refuse it bound to another object).
  const send: typeof fetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await deps.database.write((tx) => claimDueDeliveries(tx, now, leaseUntil, BATCH));
  const counts = { delivered: 0, retrying: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    for (let item = claimed[next++]; item; item = claimed[next++]) {
      const { delivery, endpoint } = item;
      // Checked again when sent: an endpoint saved while private addresses were allowed is not
      // called once they are not (WEBHOOK_ALLOW_PRIVATE_URLS turned off).
      const refused = webhookUrlProblem(endpoint.url, deps.config.webhookAllowPrivateUrls) !== null;
      const result: Attempt = refused
        ? { ok: false, statusCode: null, error: NOT_PUBLIC }
        : await attempt(send, delivery, endpoint, deps.clock.now());
      const at = deps.clock.now();
      const attempts = delivery.attempts + 1;
      const retryAt = result.ok ? null : nextAttemptAfter(attempts, at);
      const outcome = result.ok ? 'delivered' : retryAt ? 'retrying' : 'failed';
      const kept = await deps.database.write((tx) =>
        settleDeliveryRow(tx, delivery.id, leaseUntil, {
          status: outcome === 'retrying' ? 'pending' : outcome,
          attempts,
          // The URL this attempt used (the endpoint's, now): the log keeps where each delivery went.
          url: endpoint.url,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          nextAttemptAt: retryAt ?? at,
          ...(result.ok ? { deliveredAt: at } : {}),
          updatedAt: at,
        }),
      );
      if (!kept) continue;
      counts[outcome] += 1;
      if (!result.ok) {
        deps.logger.warn('partner webhook delivery failed', {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          attempts,
          error: result.error,
          ...(retryAt ? { retryAt: retryAt.toISOString() } : {}),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
  return counts;
}
