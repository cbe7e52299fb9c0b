import { ApiError, NetworkError } from './errors';
import type {
  ActionBodyOf,
  AnswerOf,
  CallArgs,
  FollowableLink,
  Method,
  OperationId,
  PathsWith,
  PerformableAction,
  ResponseOf,
} from './types';
import { expandTemplate, fillPath, type QueryValue, type TemplateValue, toQueryString } from './urls';

export interface ClientOptions {
  /** Origin of the Spotless API, e.g. `https://spotless.example`; empty for same-origin. */
  baseUrl?: string;
  /** A fetch implementation; defaults to the global one. */
  fetch?: typeof fetch;
  /** Extra headers on every request (the host page's UTM, for example). */
  headers?: Record<string, string>;
  /**
   * A partner's publishable key (`pk_…`), sent as `X-Spotless-Key` (decision 048): the caller is
   * the partner, and cookies are neither sent nor needed.
   */
  publishableKey?: string;
  /** A bearer token, e.g. a guest booking's `guestToken` (decision 049), sent as `Authorization: Bearer …`. */
  token?: string;
  /** Cookies: `'include'` (the hosted app's session) unless a `publishableKey` is given, then `'omit'`. */
  credentials?: RequestCredentials;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of `body` (uploads); the runtime sets the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The `Idempotency-Key` header for a key, when one is given. */
export const idempotency = (key?: string) => (key ? { 'Idempotency-Key': key } : undefined);

/**
 * The one transport of the SDK: a request typed by the API contract (`call`), a link followed
 * (`follow`), an action performed (`perform`, `upload`). `createClient` adds the named helpers; the
 * widgets use this alone, so their bundle carries none of the helpers they do not call.
 */
export function createTransport(options: ClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const fixed: Record<string, string> = { accept: 'application/json', ...options.headers };
  const { publishableKey, token } = options;
  if (publishableKey !== undefined) fixed['x-spotless-key'] = publishableKey;
  if (token) fixed.authorization = `Bearer ${token}`;
  const credentials = options.credentials ?? (publishableKey === undefined ? 'include' : 'omit');

  /** Any request, by URL path; the answer is parsed JSON. Prefer `call`, which is typed. */
  async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { ...fixed, ...req.headers };
    let body: string | FormData | undefined;
    if (req.form) {
      body = req.form;
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const url = /^https?:\/\//.test(path) ? path : `${baseUrl}${path}`;
    const target = `${url}${toQueryString(req.query)}`;
    let response: Response;
    try {
      response = await doFetch(target, { method, headers, body, credentials, signal: req.signal });
    } catch (error) {
      // A network failure is a TypeError in browsers and Node; an abort, or a custom fetch's own
      // error (the widgets' WidgetError), stays what it is.
      if (!(error instanceof TypeError) || req.signal?.aborted) throw error;
      throw new NetworkError(target, error, publishableKey !== undefined);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw new ApiError(response.status, text || response.statusText, parsed);
    return parsed as T;
  }

  /** One API operation, typed by its method and path template. */
  function call<M extends Method, P extends PathsWith<M>>(
    method: M,
    path: P,
    args: CallArgs<P, M> = {} as CallArgs<P, M>,
  ): Promise<ResponseOf<P, M>> {
    const {
      path: params,
      query,
      body,
      headers,
      signal,
    } = args as {
      path?: Record<string, unknown>;
      query?: Record<string, QueryValue>;
      body?: unknown;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    };
    return request<ResponseOf<P, M>>(method.toUpperCase(), fillPath(path, params), { query, body, headers, signal });
  }

  /**
   * Follows a link a resource gave (`booking.links.payment`, the root's `cleaners` template): the
   * answer is typed by the link's `operation`.
   *
   * @example
   * const payment = await spotless.follow(booking.links.payment);
   */
  function follow<Op extends OperationId>(
    link: FollowableLink<Op>,
    variables?: Record<string, TemplateValue>,
    signal?: AbortSignal,
  ): Promise<AnswerOf<Op>> {
    const href = link.templated ? expandTemplate(link.href, variables) : link.href;
    return request<AnswerOf<Op>>('GET', href, { signal });
  }

  /**
   * Performs an action a resource offered, with its method and href; the body is typed by the
   * action's `operation`. Never build the URL yourself: an absent action means "not allowed now".
   *
   * @example
   * if (booking.actions.cancel) await spotless.perform(booking.actions.cancel);
   */
  function perform<Op extends OperationId>(
    action: PerformableAction<Op>,
    ...[body, options]: [ActionBodyOf<Op>] extends [never]
      ? [body?: undefined, options?: { idempotencyKey?: string; signal?: AbortSignal }]
      : [body: ActionBodyOf<Op>, options?: { idempotencyKey?: string; signal?: AbortSignal }]
  ): Promise<AnswerOf<Op>> {
    return request<AnswerOf<Op>>(action.method.toUpperCase(), action.href, {
      body,
      headers: idempotency(options?.idempotencyKey),
      signal: options?.signal,
    });
  }

  /**
   * Performs an upload action (an application document, a review photo) with a multipart form.
   *
   * @example
   * const form = new FormData();
   * form.set('documentType', 'id');
   * form.set('file', file);
   * if (documents.actions.upload) await spotless.upload(documents.actions.upload, form);
   */
  function upload<Op extends OperationId>(
    action: PerformableAction<Op>,
    form: FormData,
    options: { signal?: AbortSignal } = {},
  ): Promise<AnswerOf<Op>> {
    return request<AnswerOf<Op>>(action.method.toUpperCase(), action.href, { form, signal: options.signal });
  }

  return { request, call, follow, perform, upload };
}

export type Transport = ReturnType<typeof createTransport>;
