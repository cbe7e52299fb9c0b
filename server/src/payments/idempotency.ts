import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { idempotencyKeys } from '../db/schema';
import type { AppEnv } from '../deps';
import { requestHash as hashOf, IDEMPOTENCY_TTL_MS, idempotencyKeyFrom } from '../idempotency/idempotency';
import { AppError } from '../lib/errors';

/**
 * The claim-then-store form of `idempotency/idempotency.ts`, for writes that call a payment
 * provider: the provider must not be called inside the write transaction, so the key is claimed
 * in one transaction and the answer stored in another after the call.
 *
 * Runs a retryable write at most once per `Idempotency-Key` (DESIGN.md "API conventions"): the
 * first request's answer is stored and replayed for a retry with the same key and body; the same
 * key with another body is 422; a retry while the first is still running is 409. Without the
 * header the write just runs. A failed write stores nothing, so it can be retried with the key.
 * `scope` keeps keys of different routes and callers apart.
 */
export async function idempotent<T>(
  c: Context<AppEnv>,
  scope: string,
  requestBody: unknown,
  run: () => Promise<{ status: ContentfulStatusCode; body: T }>,
): Promise<Response> {
  const key = idempotencyKeyFrom(c.req.header('Idempotency-Key'));
  if (key === undefined) {
    const result = await run();
    return c.json(result.body as never, result.status);
  }
  const { database, clock } = c.var.deps;
  const requestHash = hashOf(requestBody ?? null);
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  const stored = await database.write(async (tx) => {
    const now = clock.now();
    const row = await tx.select().from(idempotencyKeys).where(where).get();
    if (row && row.expiresAt.getTime() > now.getTime()) return row;
    if (row) await tx.delete(idempotencyKeys).where(where);
    await tx.insert(idempotencyKeys).values({
      scope,
      key,
      requestHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    return null;
  });
  if (stored) {
    if (stored.requestHash !== requestHash) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body',
      );
    }
    if (stored.responseStatus === null) {
      throw new AppError(
        409,
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still being processed',
      );
    }
    c.header('Idempotent-Replayed', 'true');
    return c.json(JSON.parse(stored.responseBody ?? 'null'), stored.responseStatus as ContentfulStatusCode);
  }

  let result: { status: ContentfulStatusCode; body: T };
  try {
    result = await run();
  } catch (error) {
    await database.write((tx) => tx.delete(idempotencyKeys).where(where));
    throw error;
  }
  await database.write((tx) =>
    tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: JSON.stringify(result.body) })
      .where(where),
  );
  return c.json(result.body as never, result.status);
}
