import { describe, expect, it } from 'vitest';
import { ApiError, type Booking, type Cleaner } from '../client/index';
import { isAbort, isKeyRefusal, utmOf, WidgetError, widgetApi, widgetError } from './client';

/** A fetch that records each request and answers `answer` (or throws what `fail` gives). */
function recorder(answer: { status?: number; body?: unknown } = {}, fail?: () => unknown) {
  const calls: Array<{ url: string; method: string; headers: Headers; body: unknown; credentials?: string }> = [];
  const fetch = async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      url: String(url),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    });
    if (fail) throw fail();
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const ctx = (fetch: typeof globalThis.fetch, utm?: string) => ({
  base: 'https://spotless.example',
  key: 'pk_demo',
  fetch,
  ...(utm ? { utm } : {}),
});

/** The parts of a cleaner the booking widget follows and performs. */
const cleaner = {
  links: {
    services: { href: '/api/services', operation: 'listServices' },
    slots: { href: '/api/cleaners/7/slots/{date}{?duration}', templated: true, operation: 'listTimeSlots' },
  },
  actions: {
    bookAsGuest: {
      name: 'bookAsGuest',
      title: 'Book',
      method: 'POST',
      href: '/api/guest-bookings',
      type: 'application/json',
      operation: 'createGuestBooking',
      fields: [],
    },
  },
} satisfies { links: Pick<Cleaner['links'], 'services' | 'slots'>; actions: Cleaner['actions'] };

describe('the widgets’ client: the typed transport with the partner’s key', () => {
  it('sends the key, the page’s UTM and JSON, never a cookie, to the paths the API gives', async () => {
    const { calls, fetch } = recorder({ body: { items: [], total: 0 } });
    const api = widgetApi(ctx(fetch, 'utm_source=realty'));
    await api.call('get', '/api/cleaners', { query: { pageSize: 6, location: 'Austin', maxPrice: 50 } });
    await api.call('get', '/api/cleaners/{id}', { path: { id: 7 } });
    await api.follow(cleaner.links.services);
    await api.follow(cleaner.links.slots, { date: '2026-12-01', duration: 120 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://spotless.example/api/cleaners?pageSize=6&location=Austin&maxPrice=50',
      'GET https://spotless.example/api/cleaners/7',
      'GET https://spotless.example/api/services',
      'GET https://spotless.example/api/cleaners/7/slots/2026-12-01?duration=120',
    ]);
    for (const call of calls) {
      expect(call.credentials).toBe('omit');
      expect(call.headers.get('accept')).toBe('application/json');
      expect(call.headers.get('x-spotless-key')).toBe('pk_demo');
      expect(call.headers.get('x-spotless-utm')).toBe('utm_source=realty');
      expect(call.headers.get('authorization')).toBeNull();
      expect(call.headers.get('content-type')).toBeNull();
    }
  });

  it('books through the cleaner’s action, and pays through the booking’s with the guest token', async () => {
    const { calls, fetch } = recorder({ status: 201, body: { booking: { id: 42 }, guestToken: 'gt_1' } });
    const body = {
      cleanerId: 7,
      address: '12 Oak Street',
      guestName: 'Wendy',
      guestEmail: 'wendy@example.com',
      guestPhone: '512 555 0142',
      serviceId: 1,
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
      duration: 120,
      totalPrice: '90.00',
    };
    const made = await widgetApi(ctx(fetch)).perform(cleaner.actions.bookAsGuest, body);
    expect(made.guestToken).toBe('gt_1');
    const pay = {
      name: 'pay',
      title: 'Pay',
      method: 'POST',
      href: '/api/create-payment-intent',
      type: 'application/json',
      operation: 'createPaymentIntent',
      fields: [],
    } satisfies NonNullable<Booking['actions']['pay']>;
    const paying = widgetApi(ctx(fetch), made.guestToken);
    await paying.perform(pay, { bookingId: 42 });
    await paying.call('post', '/api/payments/local/confirm', {
      body: { clientSecret: 's', cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://spotless.example/api/guest-bookings',
      'POST https://spotless.example/api/create-payment-intent',
      'POST https://spotless.example/api/payments/local/confirm',
    ]);
    expect(calls[0]?.body).toEqual(body);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[1]?.body).toEqual({ bookingId: 42 });
    for (const call of calls.slice(1)) expect(call.headers.get('authorization')).toBe('Bearer gt_1');
    for (const call of calls) {
      expect(call.headers.get('content-type')).toBe('application/json');
      expect(call.headers.get('idempotency-key')).toBeNull();
      expect(call.credentials).toBe('omit');
    }
  });

  it('says a failure in the widget’s terms: the server’s message and fields, or that Spotless is unreachable', async () => {
    const refused = recorder({
      status: 400,
      body: { error: { code: 'validation_error', message: 'Check the form', fields: { guestEmail: 'Invalid' } } },
    });
    const caught = await widgetApi(ctx(refused.fetch))
      .call('get', '/api/cleaners/{id}', { path: { id: 7 } })
      .catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(ApiError);
    const shown = widgetError(caught);
    expect(shown).toBeInstanceOf(WidgetError);
    expect(shown).toMatchObject({ status: 400, message: 'Check the form', fields: { guestEmail: 'Invalid' } });

    const bare = recorder({ status: 502 });
    const unexplained = widgetError(
      await widgetApi(ctx(bare.fetch))
        .call('get', '/api/cleaners', {})
        .catch((error: unknown) => error),
    );
    expect(unexplained).toMatchObject({ status: 502, message: 'Something went wrong (502).', fields: {} });

    const offline = recorder({}, () => new TypeError('Failed to fetch'));
    const unreachable = await widgetApi(ctx(offline.fetch))
      .call('get', '/api/cleaners', {})
      .catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(WidgetError);
    expect(unreachable).toMatchObject({
      status: 0,
      message: 'We could not reach Spotless. Check your connection and try again.',
    });

    const aborted = recorder({}, () => new DOMException('The operation was aborted.', 'AbortError'));
    const stopped = await widgetApi(ctx(aborted.fetch))
      .call('get', '/api/cleaners', {})
      .catch((error: unknown) => error);
    expect(isAbort(stopped)).toBe(true);
    expect(isAbort(new Error('no'))).toBe(false);
    expect(widgetError('text')).toBe('text');
  });

  it('says a refused key as the server wrote it, with its code, and not as a connection failure', async () => {
    for (const [code, message] of [
      ['origin_not_allowed', 'This key is not allowed on http://127.0.0.1:9912 — add it under allowed origins'],
      ['missing_key', 'This page gives no partner key: add data-key="pk_…" to the Spotless script tag'],
      ['unknown_key', 'This partner key is not recognised'],
      ['inactive_key', 'This partner key is inactive'],
    ] as const) {
      const refused = recorder({ status: 403, body: { error: { code, message } } });
      const shown = widgetError(
        await widgetApi(ctx(refused.fetch))
          .call('get', '/api/cleaners', {})
          .catch((error: unknown) => error),
      );
      expect(shown).toMatchObject({ status: 403, code, message });
      expect(isKeyRefusal((shown as WidgetError).code)).toBe(true);
    }
    expect(isKeyRefusal('validation_error')).toBe(false);
    expect(isKeyRefusal(undefined)).toBe(false);
  });

  it('keeps the host page’s UTM parameters only, each cut to 100 characters', () => {
    expect(utmOf('?utm_source=realty&utm_campaign=spring&page=2')).toBe('utm_source=realty&utm_campaign=spring');
    expect(utmOf(`?utm_term=${'x'.repeat(120)}`)).toBe(`utm_term=${'x'.repeat(100)}`);
    expect(utmOf('?page=2')).toBeUndefined();
  });
});
