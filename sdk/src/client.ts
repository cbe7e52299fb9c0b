import type {
  ApiErrorBody,
  Cleaner,
  CleanerListQuery,
  CleanerPage,
  ContactMessageCreated,
  ContactMessageInput,
  ReviewPage,
  Service,
  ServiceList,
} from './schemas';

/**
 * A non-OK answer. Its message follows spec 01 §7: the status code, a colon, a space, then the
 * response text (or the status text when the body is empty), so `message.startsWith('401:')`
 * recognises a signed-out user.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const error = (body as Partial<ApiErrorBody> | undefined)?.error;
    this.code = error?.code;
    this.fields = error?.fields;
  }
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
  body?: unknown;
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

/**
 * The typed Spotless API client used by the hosted app, the widgets and integrators.
 *
 * @example
 * const spotless = createClient({ baseUrl: 'https://spotless.example' });
 * const { items } = await spotless.cleaners.list({ location: 'Austin', sortBy: 'rating' });
 */
export function createClient(options: ClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...req.headers };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const response = await doFetch(`${baseUrl}${path}${toQueryString(req.query)}`, {
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

  return {
    request,
    services: {
      list: (signal?: AbortSignal) => request<ServiceList>('GET', '/api/services', { signal }),
      get: (id: number, signal?: AbortSignal) => request<Service>('GET', `/api/services/${id}`, { signal }),
    },
    cleaners: {
      list: (query: CleanerListQuery = {}, signal?: AbortSignal) =>
        request<CleanerPage>('GET', '/api/cleaners', { query: query as Record<string, QueryValue>, signal }),
      get: (id: number, signal?: AbortSignal) => request<Cleaner>('GET', `/api/cleaners/${id}`, { signal }),
    },
    reviews: {
      forCleaner: (cleanerId: number, query: { page?: number; limit?: number } = {}, signal?: AbortSignal) =>
        request<ReviewPage>('GET', `/api/reviews/${cleanerId}`, { query, signal }),
    },
    contact: {
      send: (input: ContactMessageInput) => request<ContactMessageCreated>('POST', '/api/contact', { body: input }),
    },
  };
}

export type SpotlessClient = ReturnType<typeof createClient>;
