import type { InStatement, InValue } from '@libsql/client';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './client';

const toSnake = (key: string) => key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
// SQLite allows 32,766 bound parameters per statement.
const MAX_PARAMETERS = 32_000;

/**
 * Inserts many rows with multi-row INSERT statements in one write batch, bypassing the query
 * builder (which dominates the cost at hundreds of thousands of rows). Values are mapped by the
 * columns' own drizzle mappers (booleans, JSON, timestamps); a column missing from a row gets its
 * declared default, and SQL defaults (timestamps) get `now`.
 */
export async function bulkInsert<T extends SQLiteTable>(
  database: Database,
  table: T,
  rows: T['$inferInsert'][],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const config = getTableConfig(table);
  const byKey = new Map(
    Object.entries(table).filter(([, v]) => config.columns.includes(v as never)) as [
      string,
      (typeof config.columns)[number],
    ][],
  );
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))].filter((key) => byKey.has(key));
  for (const [key, column] of byKey) {
    if (!keys.includes(key) && column.notNull && column.hasDefault && !column.primary) keys.push(key);
  }
  const columns = keys.map((key) => byKey.get(key)!);
  const fallback = columns.map((column) => {
    // SQL defaults in this schema are all "now" timestamps.
    if (column.default === undefined || is(column.default, SQL)) return column.hasDefault ? now.getTime() : null;
    return column.default as unknown;
  });
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const head = `insert into "${config.name}" (${columns.map((c) => `"${toSnake(c.name)}"`).join(', ')}) values `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;

  const statements: InStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    const args: InValue[] = [];
    for (const row of slice) {
      keys.forEach((key, i) => {
        const value = (row as Record<string, unknown>)[key];
        const column = columns[i]!;
        if (value === undefined || value === null) {
          const def = fallback[i];
          args.push(
            def === null || typeof def === 'number' ? (def as InValue) : (column.mapToDriverValue(def) as InValue),
          );
        } else {
          args.push(column.mapToDriverValue(value) as InValue);
        }
      });
    }
    statements.push({ sql: head + new Array(slice.length).fill(tuple).join(', '), args });
  }
  await database.batch(statements);
}
