import type { InStatement, InValue } from '@libsql/client';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './client';

const toSnake = (key: string) => key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
// SQLite allows 32,766 bound parameters per statement.
const MAX_PARAMETERS = 32_000;
const ROWS_PER_JSON_STATEMENT = 5_000;

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
  const names = columns.map((c) => `"${toSnake(c.name)}"`).join(', ');
  const values = (row: T['$inferInsert']): InValue[] =>
    keys.map((key, i) => {
      const value = (row as Record<string, unknown>)[key];
      const column = columns[i]!;
      if (value === undefined || value === null) {
        const def = fallback[i];
        return def === null || typeof def === 'number' ? (def as InValue) : (column.mapToDriverValue(def) as InValue);
      }
      return column.mapToDriverValue(value) as InValue;
    });
  const tuples = rows.map(values);

  // Rows as one JSON argument per statement, read back by json_each: SQLite parses a short
  // statement and a JSON text instead of a statement of 32,000 placeholders (preparing those was a
  // fifth of a large seed's time). Values JSON cannot carry exactly (blobs, integers past 2^53) go
  // as placeholders.
  const jsonSafe = tuples.every((tuple) =>
    tuple.every(
      (v) =>
        v === null ||
        typeof v === 'string' ||
        typeof v === 'boolean' ||
        (typeof v === 'number' && (Number.isInteger(v) ? Number.isSafeInteger(v) : Number.isFinite(v))),
    ),
  );
  const statements: InStatement[] = [];
  if (jsonSafe) {
    const select = columns.map((_, i) => `value ->> ${i}`).join(', ');
    const sql = `insert into "${config.name}" (${names}) select ${select} from json_each(?) order by key`;
    for (let start = 0; start < tuples.length; start += ROWS_PER_JSON_STATEMENT) {
      statements.push({ sql, args: [JSON.stringify(tuples.slice(start, start + ROWS_PER_JSON_STATEMENT))] });
    }
  } else {
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    for (let start = 0; start < tuples.length; start += perStatement) {
      const slice = tuples.slice(start, start + perStatement);
      statements.push({
        sql: `insert into "${config.name}" (${names}) values ${new Array(slice.length).fill(tuple).join(', ')}`,
        args: slice.flat(),
      });
    }
  }
  await database.batch(statements);
}
