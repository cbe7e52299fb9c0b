import type {
  AccountActivity,
  AdminLoginInput,
  AdminSession,
  ApiErrorBody,
  AuthProviders,
  AuthUser,
  Availability,
  AvailabilityInput,
  AvailabilityList,
  AvailabilityUpdateInput,
  Booking,
  BookingCreateInput,
  BookingList,
  BookingListQuery,
  BookingStats,
  BookingStatus,
  BookingUpdateInput,
  Cleaner,
  CleanerListQuery,
  CleanerPage,
  CleanerSearchPage,
  CleanerSearchQuery,
  ContactMessageCreated,
  ContactMessageInput,
  FavouriteList,
  FavouriteState,
  LocalConfirmInput,
  LocalConfirmResult,
  LoginInput,
  OnboardingUpdateInput,
  PaymentIntentCreated,
  PaymentIntentInput,
  PaymentListQuery,
  PaymentPage,
  ProfileUpdateInput,
  RefundInput,
  RefundResult,
  RegisterInput,
  ReviewPage,
  ReviewSummary,
  Service,
  ServiceList,
  TimeOff,
  TimeOffInput,
  TimeOffList,
  TimeSlot,
  TimeSlotList,
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
      /** The advanced search (spec 01 §2.5): every filter, one page, stats over all matches. */
      search: (filters: CleanerSearchQuery = {}, signal?: AbortSignal) =>
        request<CleanerSearchPage>('GET', '/api/cleaners', { query: filters as Record<string, QueryValue>, signal }),
    },
    reviews: {
      forCleaner: (cleanerId: number, query: { page?: number; limit?: number } = {}, signal?: AbortSignal) =>
        request<ReviewPage>('GET', `/api/reviews/${cleanerId}`, { query, signal }),
      summary: (cleanerId: number, signal?: AbortSignal) =>
        request<ReviewSummary>('GET', `/api/reviews/${cleanerId}/summary`, { signal }),
    },
    favourites: {
      /** The signed-in user's favourite cleaners; 401 when signed out. */
      list: (signal?: AbortSignal) => request<FavouriteList>('GET', '/api/favourites', { signal }),
      add: (cleanerId: number) => request<FavouriteState>('PUT', `/api/favourites/${cleanerId}`),
      remove: (cleanerId: number) => request<FavouriteState>('DELETE', `/api/favourites/${cleanerId}`),
    },
    contact: {
      send: (input: ContactMessageInput) => request<ContactMessageCreated>('POST', '/api/contact', { body: input }),
    },
    payments: {
      /**
       * Starts (or resumes) paying for a booking; `amount` is only checked against the booking total.
       *
       * @example
       * const { clientSecret, provider } = await spotless.payments.createIntent({ bookingId: 42, amount: 120 });
       */
      createIntent: (input: PaymentIntentInput, idempotencyKey?: string) =>
        request<PaymentIntentCreated>('POST', '/api/create-payment-intent', {
          body: input,
          headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        }),
      /** Confirms a card with the local test-mode provider (when `createIntent` answered `provider: 'local'`). */
      confirmLocal: (input: LocalConfirmInput) =>
        request<LocalConfirmResult>('POST', '/api/payments/local/confirm', { body: input }),
      /** The caller's payments (all of them for an administrator) with the dashboard summary. */
      list: (query: PaymentListQuery = {}, signal?: AbortSignal) =>
        request<PaymentPage>('GET', '/api/payments', { query: query as Record<string, QueryValue>, signal }),
      /** Administrators: refunds `amount` (blank for everything left) with an optional reason. */
      refund: (paymentId: number, input: RefundInput = {}, idempotencyKey?: string) =>
        request<RefundResult>('POST', `/api/payments/${paymentId}/refund`, {
          body: input,
          headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        }),
    },
    auth: {
      /** The signed-in user; rejects with a 401 `ApiError` when signed out. */
      user: (signal?: AbortSignal) => request<AuthUser>('GET', '/api/auth/user', { signal }),
      providers: (signal?: AbortSignal) => request<AuthProviders>('GET', '/api/auth/providers', { signal }),
      login: (input: LoginInput) => request<AuthUser>('POST', '/api/auth/login', { body: input }),
      register: (input: RegisterInput) => request<AuthUser>('POST', '/api/auth/register', { body: input }),
      logout: () => request<{ ok: true }>('POST', '/api/auth/logout'),
      updateProfile: (input: ProfileUpdateInput) => request<AuthUser>('PATCH', '/api/auth/profile', { body: input }),
      updateOnboarding: (input: OnboardingUpdateInput) =>
        request<AuthUser>('POST', '/api/onboarding/update', { body: input }),
      activity: (signal?: AbortSignal) => request<AccountActivity>('GET', '/api/auth/activity', { signal }),
      adminLogin: (input: AdminLoginInput) => request<{ ok: true }>('POST', '/api/admin/login', { body: input }),
      adminLogout: () => request<{ ok: true }>('POST', '/api/admin/logout'),
      adminSession: (signal?: AbortSignal) => request<AdminSession>('GET', '/api/admin/session', { signal }),
    },
    bookings: {
      /**
       * Books a cleaner. The server prices it; `totalPrice` is only compared (409 `price_changed`
       * carries `currentPrice`). Pass an idempotency key to retry safely.
       */
      create: (input: BookingCreateInput, idempotencyKey?: string) =>
        request<Booking>('POST', '/api/bookings', {
          body: input,
          headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
        }),
      /** Own bookings; with `cleanerId` (your own) the cleaner's jobs. */
      list: (query: BookingListQuery = {}, signal?: AbortSignal) =>
        request<BookingList>('GET', '/api/bookings', { query: query as Record<string, QueryValue>, signal }),
      get: (id: number, signal?: AbortSignal) => request<Booking>('GET', `/api/bookings/${id}`, { signal }),
      stats: (signal?: AbortSignal) => request<BookingStats>('GET', '/api/bookings/stats', { signal }),
      update: (id: number, input: BookingUpdateInput) =>
        request<Booking>('PUT', `/api/bookings/${id}`, { body: input }),
      cancel: (id: number) => request<Booking>('DELETE', `/api/bookings/${id}`),
      /** The booking's cleaner: confirmed = accept, cancelled = decline, in_progress = start, completed. */
      setStatus: (id: number, status: BookingStatus) =>
        request<Booking>('PATCH', `/api/bookings/${id}/status`, { body: { status } }),
    },
    availability: {
      /** The signed-in user's own cleaner profile; 404 `cleaner_profile_not_found` without one. */
      profile: (signal?: AbortSignal) => request<Cleaner>('GET', '/api/cleaners/profile', { signal }),
      list: (cleanerId: number, signal?: AbortSignal) =>
        request<AvailabilityList>('GET', `/api/cleaners/${cleanerId}/availability`, { signal }),
      add: (cleanerId: number, input: AvailabilityInput) =>
        request<Availability>('POST', `/api/cleaners/${cleanerId}/availability`, { body: input }),
      update: (id: number, input: AvailabilityUpdateInput) =>
        request<Availability>('PUT', `/api/availability/${id}`, { body: input }),
      remove: (id: number) => request<{ ok: true }>('DELETE', `/api/availability/${id}`),
      timeOff: (cleanerId: number, signal?: AbortSignal) =>
        request<TimeOffList>('GET', `/api/cleaners/${cleanerId}/time-off`, { signal }),
      addTimeOff: (cleanerId: number, input: TimeOffInput) =>
        request<TimeOff>('POST', `/api/cleaners/${cleanerId}/time-off`, { body: input }),
      removeTimeOff: (id: number) => request<{ ok: true }>('DELETE', `/api/time-off/${id}`),
      /** The day's slots (date YYYY-MM-DD in the cleaner's zone); `duration` marks where a job that long fits. */
      slots: (cleanerId: number, date: string, query: { duration?: number } = {}, signal?: AbortSignal) =>
        request<TimeSlotList>('GET', `/api/cleaners/${cleanerId}/slots/${date}`, { query, signal }),
      bookSlot: (slotId: number, bookingId: number) =>
        request<TimeSlot>('POST', `/api/time-slots/${slotId}/book`, { body: { bookingId } }),
      releaseSlot: (slotId: number) => request<TimeSlot>('POST', `/api/time-slots/${slotId}/release`),
    },
  };
}

export type SpotlessClient = ReturnType<typeof createClient>;
