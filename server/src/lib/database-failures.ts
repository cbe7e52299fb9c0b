import { AppError } from '../contract/errors';
import { databaseFailure } from '../db/failures';

/** Another writer holds the database: the request changed nothing and may be sent again shortly. */
export function databaseBusy(retryAfterSeconds = 2): AppError {
  return new AppError(
    503,
    'database_busy',
    'The service is busy saving other changes: nothing was changed. Please try again in a moment.',
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The database does not answer. */
export function databaseUnavailable(retryAfterSeconds = 5): AppError {
  return new AppError(
    503,
    'database_unavailable',
    'The service cannot reach its database right now. Please try again shortly.',
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The 503 a database failure is answered with, or null for any other error. */
export function asServiceUnavailable(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  const failure = databaseFailure(error);
  if (failure === 'busy') return databaseBusy();
  if (failure === 'unreachable') return databaseUnavailable();
  return null;
}
