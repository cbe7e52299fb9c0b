/**
 * What a database failure means for the caller (decision 044).
 * `busy`: another writer holds the lock (a job CLI, a backup, a second server on the same file) —
 * try again in a moment. `unreachable`: a libSQL server or Turso that does not answer. Both are a
 * dependency being down, so the API answers 503 with Retry-After rather than 500.
 */
export type DatabaseFailure = 'busy' | 'unreachable';

/**
 * TRANSACTION_TIMEOUT: a libSQL server ended a transaction that held (or waited for) its write lock
 * too long and rolled it back; seen under concurrent booking batches (decision 065).
 */
const BUSY = /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked|TRANSACTION_TIMEOUT/i;
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'SERVER_ERROR',
  'HRANA_WEBSOCKET_ERROR',
  'HRANA_CLOSED_ERROR',
  'HRANA_PROTO_ERROR',
]);
const UNREACHABLE =
  /fetch failed|network connection was lost|socket hang up|connection refused|ECONNREFUSED|Server returned HTTP status 5\d\d|WebSocket was closed|Network connection lost/i;

/** The failure behind `error` or any of its causes (Drizzle wraps the driver's error), or null. */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = `${typeof code === 'string' ? code : ''} ${typeof message === 'string' ? message : ''}`;
    if (BUSY.test(text)) return 'busy';
    if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || UNREACHABLE.test(text)) return 'unreachable';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Thrown by the write connection when another process still held the lock after the wait. */
export class DatabaseBusyError extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor() {
    super('SQLITE_BUSY: the database stayed locked by another writer');
  }
}
