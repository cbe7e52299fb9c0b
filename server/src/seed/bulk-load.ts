import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/client';
import { MIGRATIONS_FOLDER } from '../paths';

/**
 * A large seed into an empty database loads its rows first and builds their indexes after
 * (decision 053): each secondary index and the search trigger are dropped, the rows written, then
 * every index created again from its own SQL (one sort each, instead of a random B-tree insert per
 * row), the search tables filled by migration 0001's own backfill statements, and the trigger put
 * back. A million cleaners' random keys (e-mails, names, ratings) no longer outgrow the page cache
 * row by row.
 */

const SEARCH_TRIGGER = 'cleaners_search_insert';
const SEARCH_MIGRATION = '0001_search_indexes.sql';

interface Saved {
  type: string;
  name: string;
  sql: string;
}

export async function loadThenIndex<T>(database: Database, load: () => Promise<T>): Promise<T> {
  const saved = (
    await database.client.execute(
      `select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%' and (type = 'index' or (type = 'trigger' and name = '${SEARCH_TRIGGER}'))`,
    )
  ).rows.map((row) => ({ type: String(row.type), name: String(row.name), sql: String(row.sql) }) satisfies Saved);
  const backfill = readFileSync(join(MIGRATIONS_FOLDER, SEARCH_MIGRATION), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^INSERT INTO `(cleaner_search|cleaner_geo)`/.test(statement));
  if (backfill.length !== 2) throw new Error(`${SEARCH_MIGRATION}: expected the two search backfills`);
  await database.batch(saved.map((s) => ({ sql: `drop ${s.type} "${s.name}"`, args: [] })));
  let result: T;
  try {
    result = await load();
  } finally {
    // Put back whatever happened to the load, so the schema is whole either way.
    await database.batch([
      ...saved.filter((s) => s.type === 'index').map((s) => ({ sql: s.sql, args: [] })),
      ...backfill.map((sql) => ({ sql, args: [] })),
      ...saved.filter((s) => s.type === 'trigger').map((s) => ({ sql: s.sql, args: [] })),
      // The rows went around the change stamps (migration 0010): a new epoch has every server's
      // copy of the search facts read whole again (decision 060).
      {
        sql: 'update search_state set version = version + 1, text_version = text_version + 1, facts_epoch = facts_epoch + 1 where id = 1',
        args: [],
      },
    ]);
  }
  return result;
}
