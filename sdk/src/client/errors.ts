import type { ApiErrorBody } from '../schemas';

/**
 * A non-OK answer. Its message follows the product (docs/product/README.md): the status code, a
 * colon, a space, then the response text (or the status text when the body is empty), so
 * `message.startsWith('401:')` recognises a signed-out user. `code`, `fields` and `details` come
 * from the API's one error shape `{ error: { code, message, fields?, ...details } }` (details such
 * as a `price_changed`'s `currentPrice`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's message for people, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** Everything else the error carried, e.g. `{ currentPrice: '90.00', currentAmount: 90 }`. */
  readonly details: Record<string, unknown>;
  readonly body: unknown;

  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const error = (body as Partial<ApiErrorBody> | undefined)?.error as
      | (ApiErrorBody['error'] & Record<string, unknown>)
      | undefined;
    const { code, message, fields, ...details } = error ?? ({} as Partial<ApiErrorBody['error']>);
    this.code = typeof code === 'string' ? code : undefined;
    this.serverMessage = typeof message === 'string' && message.trim() !== '' ? message : undefined;
    this.fields = fields && typeof fields === 'object' ? fields : undefined;
    this.details = details;
  }
}

/** True for an `ApiError`, including one thrown by another copy of the SDK. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'status' in error);
}

/**
 * No answer at all: the network failed, or the browser refused to show the answer (CORS). Its
 * message names the URL and, for a browser page on another site that sent no partner key, the
 * likely cause — the API answers other sites' pages only for a partner key — instead of the
 * browser's bare "Failed to fetch". The browser's own error is the `cause`.
 */
export class NetworkError extends Error {
  readonly url: string;

  constructor(url: string, cause: unknown, keyed: boolean) {
    const origin = typeof location === 'undefined' ? undefined : location.origin;
    const other = origin !== undefined && origin !== 'null' && new URL(url, location.href).origin !== origin;
    super(
      `Could not reach ${url}${
        other && !keyed
          ? `: from another site (${origin}) the API answers only a partner key allowing it — createClient({ publishableKey })`
          : ': check the connection and the baseUrl'
      }.`,
      { cause },
    );
    this.name = 'NetworkError';
    this.url = url;
  }
}
