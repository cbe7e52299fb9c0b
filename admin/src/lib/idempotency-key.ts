/**
 * A fresh `Idempotency-Key` for one user action (a booking, a payment, a refund): a retry of the
 * same action re-sends the same key, so the server answers it once. `randomUUID` needs a secure
 * context; plain-HTTP LAN hosts fall back to 128 random bits in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
