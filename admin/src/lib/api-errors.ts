import { isApiError } from '@spotless/sdk';

/*
 * The one way the hosted app reads a failed call: the SDK's ApiError already parsed the server's
 * `{ error: { code, message, fields, ... } }`; anything else (a network failure, a bug) has none of it.
 */

/** The HTTP status of a failed API call; undefined when the call never got an answer. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/** The error's `code` (e.g. 'price_changed'), when the server sent one. */
export function errorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/**
 * The server's message for people, when it sent one. With `statuses`, only an answer with one of
 * those statuses counts (the screen has its own words for the others).
 */
export function serverMessage(error: unknown, statuses?: readonly number[]): string | undefined {
  if (!isApiError(error) || (statuses && !statuses.includes(error.status))) return undefined;
  return error.serverMessage;
}

/**
 * The server's message for people, or `fallback` when it sent none (see `serverMessage`).
 *
 * @example
 * errorMessage(error, 'Failed to update booking. Please try again.', [409])
 */
export function errorMessage(error: unknown, fallback: string, statuses?: readonly number[]): string {
  return serverMessage(error, statuses) ?? fallback;
}

/** The server's message for each invalid field, by field name; empty when it named none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return (isApiError(error) && error.fields) || {};
}

/** One more value the error carried beside code, message and fields, e.g. a 409's `currentPrice`. */
export function errorDetail(error: unknown, name: string): unknown {
  return isApiError(error) ? error.details[name] : undefined;
}

/** What a form shows for a failed submit: see `formErrors`. */
export interface FormErrors<F extends string> {
  /** The server's message for each of the form's fields it named, to show under that field. */
  fields: Partial<Record<F, string>>;
  /** A message for the whole form; null when the per-field messages say it all. */
  message: string | null;
}

/**
 * How a form shows a failed submit. When the server named fields and the form shows every one of
 * them, the per-field messages are all there is: the server's summary of them ("Invalid request
 * body: password") would only repeat them, rawly, above the friendly ones. A general message — the
 * server's, or `fallback` when it sent none (see `serverMessage` for `statuses`) — is for an error
 * that named no field (a refusal, a conflict, a network failure), or one the form cannot show.
 *
 * @param shown the server's names of the fields the form shows (and can put a message under)
 *
 * @example
 * const { fields, message } = formErrors(error, ['email', 'password'], 'Something went wrong.');
 */
export function formErrors<F extends string>(
  error: unknown,
  shown: readonly F[],
  fallback: string,
  statuses?: readonly number[],
): FormErrors<F> {
  const named = fieldErrors(error);
  const fields: Partial<Record<F, string>> = {};
  for (const name of shown) {
    if (named[name]) fields[name] = named[name];
  }
  const allShown = Object.keys(named).every((name) => (shown as readonly string[]).includes(name));
  const message = Object.keys(fields).length > 0 && allShown ? null : errorMessage(error, fallback, statuses);
  return { fields, message };
}
