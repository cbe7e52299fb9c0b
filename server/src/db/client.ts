import type { Client, InStatement, ResultSet } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { DatabaseBusyError, databaseFailure } from './failures';
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
  /**
   * Runs raw statements as one write batch (atomic: one failing statement rolls back them all),
   * serialised with every other write; answers each statement's result. One round trip to a
   * libSQL server, holding its write lock only while the batch runs.
   */
  batch(statements: InStatement[]): Promise<ResultSet[]>;
  /**
   * Runs one small write statement once, for readiness: no waiting for another writer's lock, no
   * retry, and no longer than `timeoutMs` in all. Throws a busy failure (the lock is held, or this
   * process's writes are already waiting for it) or an unreachable one (no answer in time).
   */
  probeWrite(statement: InStatement, timeoutMs: number): Promise<void>;
  client: Client;
  close(): void;
}

/**
 * How long a write waits for another process's write lock (a job, a backup, a second server on
 * the same file) before the request is answered 503: retried off the event loop, with backoff.
 */
export const WRITE_WAIT_MS = 2_000;
const FIRST_RETRY_MS = 10;
const MAX_RETRY_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Called each time a write meets another writer's lock and is tried again after a pause. */
export type BusyRetryObserver = () => void;

/** The database did not answer within a probe's bound: as good as unreachable to its caller. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/**
 * `work`'s outcome, or `timedOut()`'s error once `ms` have passed. The work is not stopped (a
 * driver call cannot be): its late outcome is dropped.
 */
export function within<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The write path of a local file (decision 044). Every write of this process goes through one
 * queue (libSQL's in-process rule: a second writer gets SQLITE_BUSY at once) on a connection of
 * its own. Another *process* holding the lock makes BEGIN fail with SQLITE_BUSY: a busy timeout
 * would freeze the event loop while it waits, so the transaction is retried asynchronously with
 * backoff until its deadline, then refused with 503. A connection that hit SQLITE_BUSY keeps the
 * failed statement in progress ("cannot commit transaction - SQL statements in progress" on its
 * next commit, until it is garbage collected), so the write client is reopened after each one;
 * readers use their own pool and are never disturbed.
 */
function fileWriter(
  writeClient: Client,
  options: { waitMs: number; reopened?: () => Promise<void>; onBusyRetry?: BusyRetryObserver },
) {
  const db = drizzle(writeClient, { schema, casing: 'snake_case' });
  const queue = new WriteQueue();
  // A write of this process is pausing for another process's lock: every write behind it waits too.
  let waitingForLock = false;

  async function attempt<T>(run: () => Promise<T>, deadline: number, started: () => boolean): Promise<T> {
    let delay = FIRST_RETRY_MS;
    for (;;) {
      try {
        return await run();
      } catch (error) {
        if (databaseFailure(error) !== 'busy') throw error;
        await writeClient.reconnect();
        await options.reopened?.();
        // A transaction whose body already ran is not run twice: its caller sees the 503.
        if (started() || Date.now() + delay > deadline) throw new DatabaseBusyError();
        options.onBusyRetry?.();
        waitingForLock = true;
        try {
          await sleep(delay);
        } finally {
          waitingForLock = false;
        }
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  }

  return {
    db,
    write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const deadline = Date.now() + options.waitMs;
      return queue.run(() => {
        let started = false;
        return attempt(
          () =>
            db.transaction((tx) => {
              started = true;
              return fn(tx);
            }),
          deadline,
          () => started,
        );
      });
    },
    batch(statements: InStatement[]): Promise<ResultSet[]> {
      const deadline = Date.now() + options.waitMs;
      // A batch is all-or-nothing inside libSQL: a refused one changed nothing and may run again.
      return queue.run(() =>
        attempt(
          () => writeClient.batch(statements, 'write'),
          deadline,
          () => false,
        ),
      );
    },
    probeWrite(statement: InStatement, timeoutMs: number): Promise<void> {
      // The lock is already known to be held: asking again would only queue behind that wait.
      if (waitingForLock) return Promise.reject(new DatabaseBusyError());
      let abandoned = false;
      const probe = queue.run(async () => {
        // Its caller has had its answer: a late probe would only hold up the writes behind it.
        if (abandoned) return;
        try {
          await writeClient.execute(statement);
        } catch (error) {
          if (databaseFailure(error) !== 'busy') throw error;
          await writeClient.reconnect();
          await options.reopened?.();
          throw new DatabaseBusyError();
        }
      });
      return within(probe, timeoutMs, () => {
        abandoned = true;
        return new DatabaseBusyError();
      });
    },
  };
}

/**
 * A write batch on a libSQL server, tried again while the server answers SQLITE_BUSY (another of
 * its streams holds the write lock: an interactive transaction, a job), with backoff until
 * `waitMs` has passed; then the busy error goes on (503). A batch is all-or-nothing, so a refused
 * one changed nothing and may run again. Measured: about 1 in 500 bookings against a local libSQL
 * server was refused so before.
 */
export async function batchUntilFree(
  client: Pick<Client, 'batch'>,
  statements: InStatement[],
  waitMs = WRITE_WAIT_MS,
  onBusyRetry?: BusyRetryObserver,
): Promise<ResultSet[]> {
  const deadline = Date.now() + waitMs;
  let delay = FIRST_RETRY_MS;
  for (;;) {
    try {
      return await client.batch(statements, 'write');
    } catch (error) {
      if (databaseFailure(error) !== 'busy' || Date.now() + delay > deadline) throw error;
      onBusyRetry?.();
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}

/**
 * A database over one client (a libSQL server, Turso, or Workers): the server serialises its
 * writers itself, and a Workers isolate may not wait on a promise another request resolves, so
 * writes run directly. `writeClient` gives a local file its own write connection (`openDatabase`).
 */
export function wrapClient(
  client: Client,
  options: {
    serialiseWrites?: boolean;
    writeClient?: Client;
    busyTimeoutMs?: number;
    onBusyRetry?: BusyRetryObserver;
  } = {},
): Database {
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const { onBusyRetry } = options;
  if (options.serialiseWrites === false) {
    return {
      db,
      client,
      write: (fn) => db.transaction(fn),
      batch: (statements) => batchUntilFree(client, statements, WRITE_WAIT_MS, onBusyRetry),
      // One autocommit statement: the server takes and releases its write lock for it, or says busy.
      probeWrite: async (statement, timeoutMs) => {
        await within(client.execute(statement), timeoutMs, () => new DatabaseTimeoutError(timeoutMs));
      },
      close: () => client.close(),
    };
  }
  const writeClient = options.writeClient ?? client;
  const { busyTimeoutMs } = options;
  const writer = fileWriter(writeClient, {
    waitMs: WRITE_WAIT_MS,
    onBusyRetry,
    reopened: busyTimeoutMs
      ? async () => void (await writeClient.execute(`PRAGMA busy_timeout = ${Math.floor(busyTimeoutMs)}`))
      : undefined,
  });
  return {
    db,
    client,
    write: writer.write,
    batch: writer.batch,
    probeWrite: writer.probeWrite,
    close: () => {
      client.close();
      if (options.writeClient && options.writeClient !== client) options.writeClient.close();
    },
  };
}
