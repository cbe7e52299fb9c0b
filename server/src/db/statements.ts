import type { InArgs, InStatement } from '@libsql/client';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { type WriteRefusal, writeGuards } from './schema';

/**
 * Statements for a one-round-trip write batch (`Database.batch`, decision 054): built by Drizzle
 * as it would run them (placeholders, parameter mapping, snake_case columns), sent together.
 */

const dialect = new SQLiteAsyncDialect({ casing: 'snake_case' });

/** Builds queries only: they run in a batch, not through a client. */
export const builder = drizzle.mock({ casing: 'snake_case' });

/** A built query (`builder.insert(…)…`) as a batch statement. */
export function statement(query: { toSQL(): { sql: string; params: unknown[] } }): InStatement {
  const built = query.toSQL();
  return { sql: built.sql, args: built.params as InArgs };
}

/** An `sql` template as a batch statement. */
export function rawStatement(query: SQL): InStatement {
  const built = dialect.sqlToQuery(query);
  return { sql: built.sql, args: built.params as InArgs };
}

/**
 * A statement that fails the batch with the refusal's name when `refused` holds, and does nothing
 * otherwise: it inserts the name into the always-empty `write_guards`, whose CHECK constraint of
 * that name forbids it.
 */
export function guard(refusal: WriteRefusal, refused: SQL): InStatement {
  return rawStatement(sql`insert into ${writeGuards} (refusal) select ${refusal} where ${refused}`);
}

/** The refusal a failed batch's guard named, if a guard failed it. */
export function refusalOf(error: unknown): WriteRefusal | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const m = /CHECK constraint failed: (?:write_guards: )?([a-z_]+)/.exec(String((e as Error).message ?? e));
    if (m) return m[1] as WriteRefusal;
  }
  return null;
}

/** `text` as a literal inside a LIKE pattern whose escape character is a backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
