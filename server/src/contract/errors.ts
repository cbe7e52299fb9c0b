import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The error every service and handler throws; the one `onError` renders it as
 * `{ error: { code, message, fields?, ...details } }`. `details` carries what a client needs to
 * recover (the current price of a `price_changed`, for example).
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  return { error: { ...details, code, message, ...(fields ? { fields } : {}) } };
}
