import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, errorBody } from '../contract/errors';
import { databaseFailure } from '../db/failures';
import type { AppEnv, Deps } from '../deps';
import { databaseBusy, databaseUnavailable } from '../lib/database-failures';
import type { Logger } from '../lib/logger';

/** How a thrown error becomes an answer: the app's one `onError`. */

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * The client went away before its request arrived whole (a dropped upload): nobody reads the
 * answer, and it is not our failure, so it is logged as such (nginx's 499), never as a 500.
 */
export function clientGone(err: Error, c: Context): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const code = (err as { code?: unknown }).code;
  return err.message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Every 503 says when to ask again, also one whose error named no time of its own. */
const DEFAULT_RETRY_AFTER_SECONDS = '5';

/**
 * The one renderer of errors as answers. It logs through the request's own logger (which writes
 * the request id) when the request got that far, else through `appLogger`.
 */
export function renderError(err: Error, c: Context, appLogger: Logger): Response {
  const deps = (c as Context<AppEnv>).get('deps') as Deps | undefined;
  const logger = deps?.logger ?? appLogger;
  const metrics = deps?.metrics;
  const where = { method: c.req.method, path: c.req.path };
  if (!(err instanceof AppError) && clientGone(err, c)) {
    logger.info('client closed request', where);
    return c.body(null, 499 as ContentfulStatusCode, { Connection: 'close' });
  }
  const failure = err instanceof AppError ? null : databaseFailure(err);
  if (failure) {
    logger.warn('database unavailable', { ...where, failure, error: err.message });
    return renderError(failure === 'busy' ? databaseBusy() : databaseUnavailable(), c, appLogger);
  }
  if (err instanceof AppError) {
    // Counted here, once, whether the service or this renderer turned the failure into the 503.
    if (err.code === 'database_busy') metrics?.databaseUnavailable('busy');
    else if (err.code === 'database_unavailable') metrics?.databaseUnavailable('unreachable');
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    if (err.status === 503 && !err.headers?.['Retry-After']) c.header('Retry-After', DEFAULT_RETRY_AFTER_SECONDS);
    return c.json(errorBody(err.code, err.message, err.fields, err.details), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message = err.message || 'Request failed';
    if (status === 503) c.header('Retry-After', DEFAULT_RETRY_AFTER_SECONDS);
    return c.json(errorBody(CODE_BY_STATUS[status] ?? 'error', message), status);
  }
  logger.error('unhandled error', { ...where, error: err.stack ?? String(err) });
  return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
}
