import { isApiError } from '../client/errors';
import { createTransport, type Transport } from '../client/transport';

/**
 * The widgets' client (decision 050): the SDK's one typed transport (`client/transport.ts`) with
 * the partner's publishable key (`X-Spotless-Key`), the host page's UTM (`X-Spotless-Utm`) and, for
 * a guest's booking, its token as a bearer token — and never a cookie (`credentials: 'omit'`), so
 * nothing depends on third-party cookies. The widgets follow the links and perform the actions the
 * resources carry; only their entry points (the search, one cleaner by id, the test-mode card's
 * confirmation, which no answer links to) are typed operations by path. Without the client's named
 * helpers, and without zod.
 */

export interface WidgetContext {
  /** The API's origin, e.g. `https://spotless.example`. */
  base: string;
  key: string;
  /** `utm_source=…&utm_campaign=…` of the host page, when it has UTM parameters. */
  utm?: string;
  fetch?: typeof fetch;
}

export type WidgetApi = Transport;

/**
 * A failure as a widget shows and reports it: a message for people, the status (0: API
 * unreachable), the server's machine code when it sent one, and field errors.
 */
export class WidgetError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Only for a real network failure: a refusal the server sent is read and said as it is. */
export const UNREACHABLE = 'We could not reach Spotless. Check your connection and try again.';

/**
 * The server's refusals of the key itself (decision 048, addendum): unknown, inactive, or not
 * allowed on this page's origin. They are the partner's developer's to fix, so the widget says them
 * as they are and writes them to the browser's console too.
 */
const KEY_REFUSALS: ReadonlySet<string> = new Set(['missing_key', 'unknown_key', 'inactive_key', 'origin_not_allowed']);

/** Whether a machine code is one of the key's refusals. */
export const isKeyRefusal = (code: string | undefined): boolean => code !== undefined && KEY_REFUSALS.has(code);

/** An aborted request (an unmounted widget, a newer search): nothing to show or report. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** The typed client with the partner's key and the page's UTM; with `token`, a guest booking's. */
export function widgetApi(ctx: WidgetContext, token?: string): WidgetApi {
  const send = ctx.fetch ?? fetch;
  return createTransport({
    baseUrl: ctx.base,
    publishableKey: ctx.key,
    credentials: 'omit',
    token,
    headers: ctx.utm ? { 'x-spotless-utm': ctx.utm } : undefined,
    async fetch(input, init) {
      try {
        return await send(input, init);
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new WidgetError(0, UNREACHABLE);
      }
    },
  });
}

/**
 * A caught failure in the widget's terms: the client's `ApiError` becomes the server's message (or
 * "Something went wrong (status)." without one), its fields and its code; anything else is kept as
 * it is.
 */
export function widgetError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  return new WidgetError(
    error.status,
    error.serverMessage ?? `Something went wrong (${error.status}).`,
    error.fields,
    error.code,
  );
}

/** The `utm_*` parameters of a page address, as the `X-Spotless-Utm` header sends them. */
export function utmOf(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) {
    const value = params.get(name);
    if (value) kept.set(name, value.slice(0, 100));
  }
  const text = kept.toString();
  return text === '' ? undefined : text;
}
