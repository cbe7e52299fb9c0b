import type { InStatement } from '@libsql/client';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../contract/errors';
import type { Queryable } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { builder, rawStatement, statement } from '../db/statements';
import type { Deps } from '../deps';

/** How long a stored answer is replayed for the same key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim still without its answer this long after it was made belongs to a process that died
 * between the claim and the answer (killed, out of memory, its machine lost): a retry with the same
 * key and body takes it over. No request runs this long: a provider call gives up after about
 * 21 s (`STRIPE_CLIENT_DEFAULTS`), a write after 2 s of waiting, and a request may make a few of
 * each. Were one still running, the provider's own idempotency keys and the refund reservation
 * would still keep the money from moving twice.
 */
export const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

export interface StoredAnswer {
  status: number;
  body: string;
}

/** Reads the `Idempotency-Key` header: 1–255 visible ASCII characters, or none. */
export function idempotencyKeyFrom(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError(400, 'validation_failed', 'Invalid header: Idempotency-Key', {
      'Idempotency-Key': 'must be 1 to 255 visible ASCII characters',
    });
  }
  return key;
}

/** A stable hash of a request body: keys sorted at every level, so key order does not matter. */
export function requestHash(body: unknown): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(canonicalJson(body))));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The stored answer for this key, read without a transaction: undefined when there is none (or it
 * expired), 422 when the key came with another body, 409 while its first request is still running.
 */
export async function storedAnswer(
  db: Queryable,
  now: Date,
  claim: { scope: string; key: string; hash: string },
): Promise<StoredAnswer | undefined> {
  const row = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)))
    .get();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
  if (row.requestHash !== claim.hash) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body',
    );
  }
  if (row.responseStatus === null || row.responseBody === null) {
    throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
  }
  return { status: row.responseStatus, body: row.responseBody };
}

/** Whether a write failed because its `Idempotency-Key` was claimed in between. */
export function isKeyTaken(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: idempotency_keys\./.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

/**
 * Claims a key in a write batch (decision 054), its stored answer at first `answer` (an SQL value:
 * a marker the caller reads back, such as the id of the row the batch wrote); an expired claim of
 * the same key goes first. A live claim fails the batch on the key (`isKeyTaken`).
 */
export function claimKeyStatements(
  now: Date,
  claim: { scope: string; key: string; hash: string },
  answer: { status: number; body: SQL },
): InStatement[] {
  const where = sql`${idempotencyKeys.scope} = ${claim.scope} and ${idempotencyKeys.key} = ${claim.key}`;
  return [
    rawStatement(
      sql`delete from ${idempotencyKeys} where ${where} and ${idempotencyKeys.expiresAt} <= ${now.getTime()}`,
    ),
    statement(
      builder.insert(idempotencyKeys).values({
        scope: claim.scope,
        key: claim.key,
        requestHash: claim.hash,
        responseStatus: answer.status,
        responseBody: answer.body,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      }),
    ),
  ];
}

/**
 * The claim-then-store form of idempotency, for writes that call a payment provider: the provider
 * must not be called inside the write transaction, so the key is claimed in one transaction and
 * the answer stored in another after the call.
 *
 * Runs a retryable write at most once per `Idempotency-Key` (decisions 021 and 023): the
 * first request's answer is stored and replayed for a retry with the same key and body; the same
 * key with another body is 422; a retry while the first is still running is 409 (a claim left by a
 * process that died is taken over, `ABANDONED_CLAIM_MS`). Without a key
 * the write just runs. A failed write stores nothing, so it can be retried with the key. `scope`
 * keeps keys of different routes and callers apart.
 */
export async function runOnce<T>(
  deps: Pick<Deps, 'database' | 'clock'>,
  request: { scope: string; key: string | undefined; body: unknown },
  run: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  const { key, scope } = request;
  if (key === undefined) return { ...(await run()), replayed: false };
  const { database, clock } = deps;
  const hash = requestHash(request.body ?? null);
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  const stored = await database.write(async (tx) => {
    const now = clock.now();
    const row = await tx.select().from(idempotencyKeys).where(where).get();
    const abandoned =
      row?.responseStatus === null &&
      row.requestHash === hash &&
      row.createdAt.getTime() <= now.getTime() - ABANDONED_CLAIM_MS;
    if (row && row.expiresAt.getTime() > now.getTime() && !abandoned) return row;
    if (row) await tx.delete(idempotencyKeys).where(where);
    await tx.insert(idempotencyKeys).values({
      scope,
      key,
      requestHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    return null;
  });
  if (stored) {
    if (stored.requestHash !== hash) {
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
    return { status: stored.responseStatus, body: JSON.parse(stored.responseBody ?? 'null') as T, replayed: true };
  }

  let result: { status: number; body: T };
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
  return { ...result, replayed: false };
}
