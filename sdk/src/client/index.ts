import type { ApiErrorBody } from '../schemas';
import type { operations, paths } from './api-types';

/** Every type of the contract (`Booking`, `Cleaner`, `paths`, …), generated from the OpenAPI document. */
export type * from './api-types';

/**
 * A non-OK answer. Its message follows spec 01 §7: the status code, a colon, a space, then the
 * response text (or the status text when the body is empty), so `message.startsWith('401:')`
 * recognises a signed-out user. `code`, `fields` and `details` come from the API's one error shape
 * `{ error: { code, message, fields?, ...details } }` (details such as a `price_changed`'s
 * `currentPrice`).
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

// ─── Types from the contract ─────────────────────────────────────────────────

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Every API path that has `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type OkResponses<R> = R extends Record<number, unknown> ? Json<R[Extract<keyof R, 200 | 201 | 202 | 204>]> : never;
/** What a successful call of `method path` answers, as the OpenAPI document describes it. */
export type ResponseOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? OkResponses<R> : never;
type PathParams<O> = O extends { parameters: { path: infer X } }
  ? X extends Record<string, unknown>
    ? X
    : never
  : never;
type QueryParams<O> = O extends { parameters: { query?: infer X } } ? X : never;
type RequestBodyOf<O> = O extends { requestBody?: infer R } ? NonNullable<R> : never;
type JsonBody<R> = [R] extends [never] ? never : R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body `method path` takes (never when it takes none). */
export type BodyOf<P extends keyof paths, M extends Method> = JsonBody<RequestBodyOf<Operation<P, M>>>;
/** The arguments of one call: path parameters, query, body, headers and a signal, as the operation takes them. */
export type CallArgs<P extends keyof paths, M extends Method> = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & ([PathParams<Operation<P, M>>] extends [never] ? { path?: never } : { path: PathParams<Operation<P, M>> }) &
  ([QueryParams<Operation<P, M>>] extends [never] ? { query?: never } : { query?: QueryParams<Operation<P, M>> }) &
  ([BodyOf<P, M>] extends [never] ? { body?: never } : { body: BodyOf<P, M> });

// ─── Hypermedia: links and actions (decision 033) ─────────────────────────────

/** Every operationId of the API. */
export type OperationId = keyof operations;
/** What operation `Op` answers on success. */
export type AnswerOf<Op extends OperationId> = operations[Op] extends { responses: infer R } ? OkResponses<R> : never;
/** The JSON body operation `Op` takes (never when it takes none). */
export type ActionBodyOf<Op extends OperationId> = JsonBody<RequestBodyOf<operations[Op]>>;

/** A link as resources carry it: `operation` names what answers it. */
export interface FollowableLink<Op extends OperationId = OperationId> {
  href: string;
  templated?: boolean;
  operation: Op;
}

/** An action as resources carry it: present only when the server would accept it now. */
export interface PerformableAction<Op extends OperationId = OperationId> {
  name: string;
  method: string;
  href: string;
  operation: Op;
}

type TemplateValue = string | number | boolean | undefined | null;

/**
 * Expands the URI templates the API uses (RFC 6570: `{name}` and form-style `{?a,b}`); variables
 * without a value are left out of the query.
 *
 * @example
 * expandTemplate('/api/cleaners/7/slots/{date}{?duration}', { date: '2026-12-01', duration: 120 })
 * // '/api/cleaners/7/slots/2026-12-01?duration=120'
 */
export function expandTemplate(href: string, variables: Record<string, TemplateValue> = {}): string {
  return href.replace(/\{(\?)?([^}]+)\}/g, (_m, query: string | undefined, names: string) => {
    if (!query) return encodeURIComponent(String(variables[names] ?? ''));
    const picked: Record<string, TemplateValue> = {};
    for (const name of names.split(',')) picked[name] = variables[name];
    return toQueryString(picked);
  });
}

export interface ClientOptions {
  /** Origin of the Spotless API, e.g. `https://spotless.example`; empty for same-origin. */
  baseUrl?: string;
  /** A fetch implementation; defaults to the global one. */
  fetch?: typeof fetch;
  /** Extra headers on every request (a partner key, for example). */
  headers?: Record<string, string>;
}

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of `body` (uploads); the runtime sets the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Builds a query string from the non-empty values only ("empty filter values are not sent").
 *
 * @example
 * toQueryString({ location: 'Austin', serviceType: '' }) // '?location=Austin'
 */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `/api/bookings/{id}` with `{ id: 7 }` → `/api/bookings/7`. */
function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

const idempotency = (key?: string) => (key ? { 'Idempotency-Key': key } : undefined);

/**
 * The typed Spotless API client used by the hosted app, the widgets and integrators. Every call is
 * typed from the API contract (`api-types.ts`, generated from the server's OpenAPI document): a
 * path, a parameter or a body the server does not take is a type error.
 *
 * @example
 * const spotless = createClient({ baseUrl: 'https://spotless.example' });
 * const { items } = await spotless.cleaners.list({ location: 'Austin', sortBy: 'rating' });
 * const booking = await spotless.call('get', '/api/bookings/{id}', { path: { id: 42 } });
 */
export function createClient(options: ClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** Any request, by URL path; the answer is parsed JSON. Prefer `call`, which is typed. */
  async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...req.headers };
    let body: string | FormData | undefined;
    if (req.form) {
      body = req.form;
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const url = /^https?:\/\//.test(path) ? path : `${baseUrl}${path}`;
    const response = await doFetch(`${url}${toQueryString(req.query)}`, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: req.signal,
    });
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

  return {
    request,
    call,
    follow,
    perform,
    upload,
    services: {
      list: (signal?: AbortSignal) => call('get', '/api/services', { signal }),
      get: (id: number, signal?: AbortSignal) => call('get', '/api/services/{id}', { path: { id }, signal }),
    },
    cleaners: {
      list: (query: QueryOf<'/api/cleaners', 'get'> = {}, signal?: AbortSignal) =>
        call('get', '/api/cleaners', { query, signal }),
      get: (id: number, signal?: AbortSignal) => call('get', '/api/cleaners/{id}', { path: { id }, signal }),
      /** The advanced search (spec 01 §2.5): every filter, one page, stats over all matches. */
      search: (filters: QueryOf<'/api/cleaners', 'get'> = {}, signal?: AbortSignal) =>
        call('get', '/api/cleaners', { query: filters, signal }),
    },
    reviews: {
      forCleaner: (cleanerId: number, query: QueryOf<'/api/reviews/{cleanerId}', 'get'> = {}, signal?: AbortSignal) =>
        call('get', '/api/reviews/{cleanerId}', { path: { cleanerId }, query, signal }),
      summary: (cleanerId: number, signal?: AbortSignal) =>
        call('get', '/api/reviews/{cleanerId}/summary', { path: { cleanerId }, signal }),
    },
    favourites: {
      /** The signed-in user's favourite cleaners; 401 when signed out. */
      list: (signal?: AbortSignal) => call('get', '/api/favourites', { signal }),
      add: (cleanerId: number) => call('put', '/api/favourites/{cleanerId}', { path: { cleanerId } }),
      remove: (cleanerId: number) => call('delete', '/api/favourites/{cleanerId}', { path: { cleanerId } }),
    },
    contact: {
      send: (body: BodyOf<'/api/contact', 'post'>) => call('post', '/api/contact', { body }),
    },
    payments: {
      /**
       * Starts (or resumes) paying for a booking; `amount` is only checked against the booking total.
       *
       * @example
       * const { clientSecret, provider } = await spotless.payments.createIntent({ bookingId: 42, amount: 120 });
       */
      createIntent: (body: BodyOf<'/api/create-payment-intent', 'post'>, idempotencyKey?: string) =>
        call('post', '/api/create-payment-intent', { body, headers: idempotency(idempotencyKey) }),
      /** Confirms a card with the local test-mode provider (when `createIntent` answered `provider: 'local'`). */
      confirmLocal: (body: BodyOf<'/api/payments/local/confirm', 'post'>) =>
        call('post', '/api/payments/local/confirm', { body }),
      /** The caller's payments (all of them for an administrator) with the dashboard summary. */
      list: (query: QueryOf<'/api/payments', 'get'> = {}, signal?: AbortSignal) =>
        call('get', '/api/payments', { query, signal }),
      /** Administrators: refunds `amount` (blank for everything left) with an optional reason. */
      refund: (paymentId: number, body: BodyOf<'/api/payments/{id}/refund', 'post'> = {}, idempotencyKey?: string) =>
        call('post', '/api/payments/{id}/refund', {
          path: { id: paymentId },
          body,
          headers: idempotency(idempotencyKey),
        }),
    },
    auth: {
      /** The signed-in user; rejects with a 401 `ApiError` when signed out. */
      user: (signal?: AbortSignal) => call('get', '/api/auth/user', { signal }),
      providers: (signal?: AbortSignal) => call('get', '/api/auth/providers', { signal }),
      login: (body: BodyOf<'/api/auth/login', 'post'>) => call('post', '/api/auth/login', { body }),
      register: (body: BodyOf<'/api/auth/register', 'post'>) => call('post', '/api/auth/register', { body }),
      logout: () => call('post', '/api/auth/logout'),
      updateProfile: (body: BodyOf<'/api/auth/profile', 'patch'>) => call('patch', '/api/auth/profile', { body }),
      updateOnboarding: (body: BodyOf<'/api/onboarding/update', 'post'>) =>
        call('post', '/api/onboarding/update', { body }),
      activity: (signal?: AbortSignal) => call('get', '/api/auth/activity', { signal }),
      /** A new password; every other session ends (answers the user, with a new session cookie). */
      changePassword: (body: BodyOf<'/api/auth/password', 'post'>) => call('post', '/api/auth/password', { body }),
      /** Sends a reset link if an account has this address; always 202. */
      requestPasswordReset: (body: BodyOf<'/api/auth/password-reset', 'post'>) =>
        call('post', '/api/auth/password-reset', { body }),
      /** Sets a new password from a reset link's token and signs in. */
      resetPassword: (body: BodyOf<'/api/auth/password-reset/confirm', 'post'>) =>
        call('post', '/api/auth/password-reset/confirm', { body }),
      verifyEmail: (body: BodyOf<'/api/auth/verify-email', 'post'>) => call('post', '/api/auth/verify-email', { body }),
      resendVerification: () => call('post', '/api/auth/verify-email/resend'),
      totpSetup: (body: BodyOf<'/api/auth/totp/setup', 'post'>) => call('post', '/api/auth/totp/setup', { body }),
      totpEnable: (body: BodyOf<'/api/auth/totp/enable', 'post'>) => call('post', '/api/auth/totp/enable', { body }),
      totpDisable: (body: BodyOf<'/api/auth/totp/disable', 'post'>) => call('post', '/api/auth/totp/disable', { body }),
      adminLogin: (body: BodyOf<'/api/admin/login', 'post'>) => call('post', '/api/admin/login', { body }),
      adminLogout: () => call('post', '/api/admin/logout'),
      adminSession: (signal?: AbortSignal) => call('get', '/api/admin/session', { signal }),
    },
    bookings: {
      /**
       * Books a cleaner. The server prices it; `totalPrice` is only compared (409 `price_changed`
       * carries `currentPrice` in `ApiError.details`). Pass an idempotency key to retry safely.
       */
      create: (body: BodyOf<'/api/bookings', 'post'>, idempotencyKey?: string) =>
        call('post', '/api/bookings', { body, headers: idempotency(idempotencyKey) }),
      /** Own bookings; with `cleanerId` (your own) the cleaner's jobs. */
      list: (query: QueryOf<'/api/bookings', 'get'> = {}, signal?: AbortSignal) =>
        call('get', '/api/bookings', { query, signal }),
      get: (id: number, signal?: AbortSignal) => call('get', '/api/bookings/{id}', { path: { id }, signal }),
      stats: (signal?: AbortSignal) => call('get', '/api/bookings/stats', { signal }),
      update: (id: number, body: BodyOf<'/api/bookings/{id}', 'put'>) =>
        call('put', '/api/bookings/{id}', { path: { id }, body }),
      cancel: (id: number) => call('delete', '/api/bookings/{id}', { path: { id } }),
      /** The booking's cleaner: confirmed = accept, cancelled = decline, in_progress = start, completed. */
      setStatus: (id: number, status: BodyOf<'/api/bookings/{id}/status', 'patch'>['status']) =>
        call('patch', '/api/bookings/{id}/status', { path: { id }, body: { status } }),
    },
    availability: {
      /** The signed-in user's own cleaner profile; 404 `cleaner_profile_not_found` without one. */
      profile: (signal?: AbortSignal) => call('get', '/api/cleaners/profile', { signal }),
      list: (cleanerId: number, signal?: AbortSignal) =>
        call('get', '/api/cleaners/{id}/availability', { path: { id: cleanerId }, signal }),
      add: (cleanerId: number, body: BodyOf<'/api/cleaners/{id}/availability', 'post'>) =>
        call('post', '/api/cleaners/{id}/availability', { path: { id: cleanerId }, body }),
      update: (id: number, body: BodyOf<'/api/availability/{id}', 'put'>) =>
        call('put', '/api/availability/{id}', { path: { id }, body }),
      remove: (id: number) => call('delete', '/api/availability/{id}', { path: { id } }),
      timeOff: (cleanerId: number, signal?: AbortSignal) =>
        call('get', '/api/cleaners/{id}/time-off', { path: { id: cleanerId }, signal }),
      addTimeOff: (cleanerId: number, body: BodyOf<'/api/cleaners/{id}/time-off', 'post'>) =>
        call('post', '/api/cleaners/{id}/time-off', { path: { id: cleanerId }, body }),
      removeTimeOff: (id: number) => call('delete', '/api/time-off/{id}', { path: { id } }),
      /** The day's slots (date YYYY-MM-DD in the cleaner's zone); `duration` marks where a job that long fits. */
      slots: (
        cleanerId: number,
        date: string,
        query: QueryOf<'/api/cleaners/{id}/slots/{date}', 'get'> = {},
        signal?: AbortSignal,
      ) => call('get', '/api/cleaners/{id}/slots/{date}', { path: { id: cleanerId, date }, query, signal }),
      bookSlot: (slotId: number, bookingId: number) =>
        call('post', '/api/time-slots/{id}/book', { path: { id: slotId }, body: { bookingId } }),
      releaseSlot: (slotId: number) => call('post', '/api/time-slots/{id}/release', { path: { id: slotId } }),
    },
  };
}

/** The query parameters `method path` takes. */
export type QueryOf<P extends keyof paths, M extends Method> = NonNullable<QueryParams<Operation<P, M>>>;
/** The listing's and the advanced search's parameters (one endpoint, `GET /api/cleaners`). */
export type CleanerListQuery = QueryOf<'/api/cleaners', 'get'>;
export type CleanerSearchQuery = QueryOf<'/api/cleaners', 'get'>;
export type BookingListQuery = QueryOf<'/api/bookings', 'get'>;
export type PaymentListQuery = QueryOf<'/api/payments', 'get'>;

export type SpotlessClient = ReturnType<typeof createClient>;
