import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema';
import { IDEMPOTENCY_TTL_MS, requestHash } from '../idempotency/idempotency';
import { createTestContext } from '../test/harness';
import { paymentsFixture } from '../test/payment-fixtures';

/**
 * An Idempotency-Key is claimed in one transaction and its answer stored in another, after the
 * provider call. A process killed in between (a SIGKILL, an OOM kill, a lost machine) left the
 * claim answerless, and every retry with that key was told 409 "still being processed" for the
 * key's whole 24 hours, though nothing was running any more.
 */

const ctx = await createTestContext();
const f = await paymentsFixture(ctx);

async function claimLeftBy(userId: number, key: string, body: unknown, ageMs: number) {
  const at = new Date(ctx.clock.now().getTime() - ageMs);
  await ctx.database.write((tx) =>
    tx.insert(idempotencyKeys).values({
      scope: `payment-intent:${userId}`,
      key,
      requestHash: requestHash(body),
      createdAt: at,
      expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_MS),
    }),
  );
}

describe('a claim whose process died', () => {
  it('is taken over by a retry with the same key and body once it is older than any request can run', async () => {
    const customer = await f.customer();
    const booking = await f.booking(customer.id);
    const body = { bookingId: booking.id };
    await claimLeftBy(customer.id, 'died-mid-request', body, 5 * 60_000);

    const retried = await f.as(customer.cookie)('POST', '/api/create-payment-intent', body, {
      'Idempotency-Key': 'died-mid-request',
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const replayed = await f.as(customer.cookie)('POST', '/api/create-payment-intent', body, {
      'Idempotency-Key': 'died-mid-request',
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.clientSecret).toBe(retried.body.clientSecret);
  });

  it('still answers 409 while the claim is young enough to be running, and 422 for another body', async () => {
    const customer = await f.customer();
    const booking = await f.booking(customer.id);
    const body = { bookingId: booking.id };
    await claimLeftBy(customer.id, 'running', body, 5_000);
    const running = await f.as(customer.cookie)('POST', '/api/create-payment-intent', body, {
      'Idempotency-Key': 'running',
    });
    expect(running.status).toBe(409);
    expect(running.body.error.code).toBe('idempotency_in_progress');

    await claimLeftBy(customer.id, 'died-other-body', { bookingId: booking.id + 1000 }, 5 * 60_000);
    const other = await f.as(customer.cookie)('POST', '/api/create-payment-intent', body, {
      'Idempotency-Key': 'died-other-body',
    });
    expect(other.status).toBe(422);
  });
});
