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

export function wrapClient(client: Client): Database {
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const queue = new WriteQueue();
  return {
    db,
    client,
    write: (fn) => queue.run(() => db.transaction(fn)),
    batch: async (statements) => {
      await queue.run(() => client.batch(statements, 'write'));
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
  return wrapClient(client);
}
