/**
 * `@spotless/sdk/webhooks`: the events Spotless sends to a partner's own systems, and the rule that
 * signs them (decision 079), for the server that sends them and the partner's server that receives
 * them. Stripe's scheme: `Spotless-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * under the endpoint's `whsec_…` secret. Web Crypto only (`crypto.subtle`), so it runs in browsers,
 * Node 20+ and Workers alike; no zod, no framework.
 */

/** What a partner may subscribe an endpoint to. A `test` event is sent on request, to one endpoint. */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.cancelled',
  'payment.succeeded',
  'commission.paid',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = 'test';

/** The header every delivery carries its signature in. */
export const WEBHOOK_SIGNATURE_HEADER = 'Spotless-Signature';
/** How far a delivery's timestamp may be from the receiver's clock before it is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Every delivery's body: the event's id (`evt_…`, the same on every retry), type, when, and data. */
export interface WebhookEvent<Data = unknown> {
  id: string;
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  /** When the event happened, ISO 8601 in UTC. */
  created: string;
  data: Data;
}

export type WebhookVerification<Data = unknown> =
  | { ok: true; event: WebhookEvent<Data> }
  | {
      ok: false;
      reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch' | 'malformed_body';
    };

const encoder = /* @__PURE__ */ new TextEncoder();

async function hmacSha256(secret: string, text: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The `Spotless-Signature` header value of `body` sent at `timestampSeconds` (Unix seconds). */
export async function signWebhook(secret: string, timestampSeconds: number, body: string): Promise<string> {
  const t = Math.floor(timestampSeconds);
  return `t=${t},v1=${hex(await hmacSha256(secret, `${t}.${body}`))}`;
}

/** Equal strings of hex digits, compared in time that does not depend on where they differ. */
function sameHex(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i % b.length);
  return diff === 0;
}

/**
 * Checks a delivery as received: `header` is its `Spotless-Signature`, `body` the raw text of the
 * request (before any JSON parsing). Refuses a header that is not `t=…,v1=…`, a timestamp more than
 * `toleranceSeconds` from `nowSeconds` (a replay), and a signature made with another secret; then
 * answers the event. Several `v1` are accepted, as Stripe's are, so a secret can be rolled.
 */
export async function verifyWebhook<Data = unknown>(
  secret: string,
  header: string | null | undefined,
  body: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): Promise<WebhookVerification<Data>> {
  const { nowSeconds = Date.now() / 1000, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS } = options;
  let t = '';
  const signatures: string[] = [];
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split('=');
    if (key === 't') t = value;
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (!/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed_header' };
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return { ok: false, reason: 'timestamp_outside_tolerance' };
  const expected = hex(await hmacSha256(secret, `${t}.${body}`));
  // Every candidate is compared, so the time taken does not say which one matched.
  let matched = false;
  for (const signature of signatures) matched = sameHex(signature, expected) || matched;
  if (!matched) return { ok: false, reason: 'signature_mismatch' };
  try {
    const event = JSON.parse(body) as WebhookEvent<Data>;
    if (typeof event?.id === 'string' && typeof event.type === 'string') return { ok: true, event };
  } catch {
    // not JSON
  }
  return { ok: false, reason: 'malformed_body' };
}
