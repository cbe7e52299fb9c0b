import { type ClientOptions, createTransport, idempotency } from './transport';
import type { BodyOf, QueryOf } from './types';

export type { ClientOptions, RequestOptions } from './transport';

/**
 * The typed Spotless API client used by the hosted app and integrators (the widgets use its
 * transport alone, without these helpers). Every call is typed from the API contract
 * (`api-types.ts`, generated from the server's OpenAPI document): a path, a parameter or a body the
 * server does not take is a type error.
 *
 * @example
 * const spotless = createClient({ baseUrl: 'https://spotless.example' });
 * const { items } = await spotless.cleaners.list({ location: 'Austin', sortBy: 'rating' });
 * const booking = await spotless.call('get', '/api/bookings/{id}', { path: { id: 42 } });
 * // On a partner's page: its publishable key, no cookies.
 * const partner = createClient({ baseUrl: 'https://spotless.example', publishableKey: 'pk_…' });
 */
export function createClient(options: ClientOptions = {}) {
  const transport = createTransport(options);
  const { call } = transport;

  return {
    ...transport,
    services: {
      list: (signal?: AbortSignal) => call('get', '/api/services', { signal }),
      get: (id: number, signal?: AbortSignal) => call('get', '/api/services/{id}', { path: { id }, signal }),
    },
    cleaners: {
      list: (query: QueryOf<'/api/cleaners', 'get'> = {}, signal?: AbortSignal) =>
        call('get', '/api/cleaners', { query, signal }),
      get: (id: number, signal?: AbortSignal) => call('get', '/api/cleaners/{id}', { path: { id }, signal }),
      /** The advanced search (docs/product/discovery.md): every filter, one page, stats over all matches. */
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

export type SpotlessClient = ReturnType<typeof createClient>;
