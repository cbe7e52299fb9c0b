import { createClient } from '@libsql/client';
import { type BusyRetryObserver, type Database, wrapClient } from './client';
import { cacheStatements } from './statement-cache';

const isMemory = (url: string) => url === ':memory:' || url === 'file::memory:' || url.includes('mode=memory');

/**
 * The libSQL client's requests over HTTP, asking for answers as they are. Node's fetch asks for
 * gzip by default and the libSQL server gzips every answer, even one of a few hundred bytes:
 * measured, inflating them took about 7.5% of a Node server's CPU while it made bookings over a
 * libSQL server, on top of the server's own compressing. Over a real network the answers are
 * small enough that round trips, not bytes, set their time.
 */
function fetchUncompressed(request: Request): Promise<Response> {
  request.headers.set('accept-encoding', 'identity');
  return fetch(request);
}

/**
 * Opens the configured database. A local file gets WAL (readers beside the single writer) and two
 * clients: a pool for reads and one connection for the write queue. `busyTimeoutMs` lets a
 * separate process (the job CLI) wait for the server's write lock; the server itself never blocks.
 * `onBusyRetry` hears of each write that meets another writer's lock and tries again (metrics).
 * Node only (the Workers entry builds its client itself): a file's statements are kept prepared.
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  options: { busyTimeoutMs?: number; onBusyRetry?: BusyRetryObserver } = {},
): Promise<Database> {
  const { onBusyRetry } = options;
  const overHttp = /^https?:/i.test(url);
  const client = createClient({ url, authToken, ...(overHttp ? { fetch: fetchUncompressed } : {}) });
  if (!url.startsWith('file:')) return wrapClient(client, { serialiseWrites: false, onBusyRetry });
  cacheStatements();
  // WAL lets readers run beside the single writer; it is a property of the file, set once.
  await client.execute('PRAGMA journal_mode = WAL');
  const writeClient = isMemory(url) ? client : createClient({ url, concurrency: 1 });
  if (options.busyTimeoutMs) await writeClient.execute(`PRAGMA busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
  return wrapClient(client, { writeClient, busyTimeoutMs: options.busyTimeoutMs, onBusyRetry });
}
