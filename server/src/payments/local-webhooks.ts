import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import { PROVIDER_EVENT_TYPES, type ProviderEvent, WebhookSignatureError } from '../lib/payment-provider';

/** The header the local provider signs its webhook deliveries with, in Stripe's `t=…,v1=…` form. */
export const LOCAL_SIGNATURE_HEADER = 'spotless-signature';
export const LOCAL_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookDelivery {
  rawBody: string;
  signatureHeader: string;
}

export type EventListener = (event: ProviderEvent, delivery: WebhookDelivery) => void | Promise<void>;

/** The hex HMAC-SHA256 of `payload` under `secret`: the `v1` signature of a delivery. */
export function signPayload(secret: string, payload: string): string {
  const encoder = new TextEncoder();
  return encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(payload)));
}

/**
 * Checks a delivery's `t=…,v1=…` header against `sign` (which signs with this installation's
 * secret) and the clock's tolerance, then decodes its event: null for a type the app does not handle.
 */
export async function verifyWebhook(
  rawBody: string,
  signatureHeader: string | null | undefined,
  sign: (payload: string) => Promise<string>,
  clock: { now(): Date },
): Promise<ProviderEvent | null> {
  if (!signatureHeader) throw new WebhookSignatureError('No signature header');
  const parts = signatureHeader.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) {
    throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
  }
  const expected = decodeHex(await sign(`${t}.${rawBody}`));
  const matches = signatures.some((s) => /^[0-9a-f]{64}$/.test(s) && constantTimeEqual(decodeHex(s), expected));
  if (!matches) throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
  if (Math.abs(clock.now().getTime() / 1000 - Number(t)) > LOCAL_WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  return decodeEvent(rawBody);
}

function decodeEvent(rawBody: string): ProviderEvent | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw new WebhookSignatureError('Webhook payload is not JSON');
  }
  if (!PROVIDER_EVENT_TYPES.includes(body.type as ProviderEvent['type'])) return null;
  const createdAt = new Date(String(body.createdAt));
  if (
    typeof body.id !== 'string' ||
    typeof body.providerPaymentId !== 'string' ||
    !Number.isSafeInteger(body.amountCents) ||
    Number.isNaN(createdAt.getTime())
  ) {
    throw new WebhookSignatureError('Webhook payload is not a valid event');
  }
  const event: ProviderEvent = {
    id: body.id,
    type: body.type as ProviderEvent['type'],
    providerPaymentId: body.providerPaymentId,
    amountCents: body.amountCents as number,
    createdAt,
  };
  if (Number.isSafeInteger(body.refundedCents)) event.refundedCents = body.refundedCents as number;
  if (typeof body.failureReason === 'string') event.failureReason = body.failureReason;
  return event;
}
