import { type Client, createClient, type InStatement } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import { WriteQueue } from './write-queue';

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Something that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  /** For reads. Never write through it directly: use `write`. */
  db: Db;
  /** Runs `fn` in one write transaction, serialised with every other write of this process. */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs raw statements as one write batch (atomic), serialised with every other write. */
  batch(statements: InStatement[]): Promise<void>;
  client: Client;
  close(): void;
}

/**
 * `serialiseWrites`: queue every write of this process behind the one before (libSQL's in-process
 * rule for a local file: a second writer gets SQLITE_BUSY at once). A libSQL server serialises its
 * writers itself, and a Workers isolate may not wait on a promise another request resolves, so
 * remote databases run writes directly.
 */
export function wrapClient(client: Client, options: { serialiseWrites?: boolean } = {}): Database {
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const queue = options.serialiseWrites === false ? null : new WriteQueue();
  const serially = <T>(fn: () => Promise<T>) => (queue ? queue.run(fn) : fn());
  return {
    db,
    client,
    write: (fn) => serially(() => db.transaction(fn)),
    batch: async (statements) => {
      await serially(() => client.batch(statements, 'write'));
    },
    close: () => client.close(),
  };
}

export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const client = createClient({ url, authToken });
  if (url.startsWith('file:')) {
    // WAL lets readers run beside the single writer; it is a property of the file, set once.
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return wrapClient(client, { serialiseWrites: url.startsWith('file:') });
}
