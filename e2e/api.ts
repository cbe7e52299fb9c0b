import type { Booking, TimeSlotList } from '@spotless/sdk';
import type { APIRequestContext, APIResponse } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from './server';

/*
 * The API as the hosted app calls it, for a test's set-up: signing in and up, reading, booking,
 * paying and cancelling, each as a browser context's (or page's) `request`, which keeps its cookies.
 */

/** The demo cleaner: Austin (America/Chicago time), Mon–Sat 08:00–18:00 (server/src/seed/people.ts). */
export const DEMO_CLEANER_ID = 1;

/** POSTs `data` to `path` as `request`, as the app does: with the origin header that passes the CSRF check. */
function post(request: APIRequestContext, baseUrl: string, path: string, data: unknown): Promise<APIResponse> {
  return request.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl } });
}

/** Signs `request` (a context's or a page's, which share cookies) in through the API as `email`. */
export async function apiSignIn(
  request: APIRequestContext,
  baseUrl: string,
  email: string,
  password = 'demo-password',
): Promise<void> {
  const res = await post(request, baseUrl, '/api/auth/login', { email, password });
  expect(res.status(), email).toBe(200);
}

/** Opens an admin session for `request` through the API, with the demo admin password. */
export async function apiAdminSignIn(request: APIRequestContext, baseUrl: string): Promise<void> {
  const res = await post(request, baseUrl, '/api/admin/login', { password: 'admin-demo-password' });
  expect(res.status()).toBe(200);
}

/** What registering an account takes. */
export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Registers a new account through the API, as `request` (which is then signed in as it); expects a 201. */
export async function apiRegister(request: APIRequestContext, baseUrl: string, account: NewAccount): Promise<void> {
  const registered = await post(request, baseUrl, '/api/auth/register', account);
  expect(registered.status()).toBe(201);
}

/** `apiRegister`, then `apiFinishTour`: a new account the welcome tour will not open for. Answers the tour's response. */
export async function apiRegisterPastTour(
  request: APIRequestContext,
  baseUrl: string,
  account: NewAccount,
): Promise<APIResponse> {
  await apiRegister(request, baseUrl, account);
  return apiFinishTour(request, baseUrl);
}

/** Marks the signed-in `request`'s welcome tour done (the last of its five steps), so that it does not open over the page. */
export function apiFinishTour(request: APIRequestContext, baseUrl: string): Promise<APIResponse> {
  return post(request, baseUrl, '/api/onboarding/update', { step: 5, completed: true });
}

/** GETs `path` as `request` (with its cookies), expects a 200 and answers the JSON body. */
export async function getJson<T>(request: APIRequestContext, baseUrl: string, path: string): Promise<T> {
  const res = await request.get(`${baseUrl}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/**
 * Books `cleanerId` for two hours at `date` and `time`, as the signed-in `request`. The server
 * prices the booking: a wrong quote (expected to be refused with 409) answers the current price,
 * which is then sent. Answers the second request's response.
 */
export async function bookAtQuotedPrice(
  request: APIRequestContext,
  baseUrl: string,
  booking: { cleanerId: number; address: string; date: string; time: string },
): Promise<APIResponse> {
  const body = {
    cleanerId: booking.cleanerId,
    serviceId: 1,
    address: booking.address,
    scheduledDate: booking.date,
    scheduledTime: booking.time,
    duration: 120,
    totalPrice: '1.00',
  };
  const quote = await post(request, baseUrl, '/api/bookings', body);
  expect(quote.status()).toBe(409);
  const { error } = (await quote.json()) as { error: { currentPrice: string } };
  return post(request, baseUrl, '/api/bookings', { ...body, totalPrice: error.currentPrice });
}

/** Cancels booking `id` through its own cancel action, as the signed-in `request`; expects a 200. */
export async function cancelThroughAction(request: APIRequestContext, baseUrl: string, id: number): Promise<void> {
  const booking = await getJson<Booking>(request, baseUrl, `/api/bookings/${id}`);
  const cancel = await request.fetch(`${baseUrl}${booking.actions.cancel?.href}`, {
    method: booking.actions.cancel?.method,
    headers: { origin: baseUrl },
  });
  expect(cancel.status()).toBe(200);
}

/**
 * A weekday at least two days ahead of the server's clock on which the demo cleaner has a free
 * start for `duration` minutes, among the times the booking form lists (8:00 AM to 6:30 PM).
 */
export async function freeWeekdaySlot(
  server: TestServer,
  request: APIRequestContext,
  duration: number,
): Promise<{ date: string; time: string }> {
  for (let offset = 2; offset < 40; offset++) {
    const day = new Date(server.now().getTime() + offset * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const res = await request.get(
      `${server.baseUrl}/api/cleaners/${DEMO_CLEANER_ID}/slots/${date}?duration=${duration}`,
    );
    const free = ((await res.json()) as TimeSlotList).items.find(
      (s) => s.isAvailable && s.startTime >= '08:00' && s.startTime <= '18:30',
    );
    if (free) return { date, time: free.startTime };
  }
  throw new Error('the demo cleaner has no free weekday in the next 40 days');
}

/**
 * Books the demo cleaner through the API at a free weekday time (09:00 to 15:00) three or more
 * days ahead of the server's clock, as the signed-in `request`: the `skip`+1th such time that is
 * still free when booked.
 */
export async function bookDemoCleanerOnWeekday(
  server: TestServer,
  request: APIRequestContext,
  skip: number,
  address: string,
): Promise<Booking> {
  let found = 0;
  for (let offset = 3; offset < 60; offset++) {
    const day = new Date(server.now().getTime() + offset * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const slots = await getJson<TimeSlotList>(
      request,
      server.baseUrl,
      `/api/cleaners/${DEMO_CLEANER_ID}/slots/${date}?duration=120`,
    );
    const free = slots.items.find((s) => s.isAvailable && s.startTime >= '09:00' && s.startTime <= '15:00');
    if (!free || found++ < skip) continue;
    const res = await bookAtQuotedPrice(request, server.baseUrl, {
      cleanerId: DEMO_CLEANER_ID,
      address,
      date,
      time: free.startTime,
    });
    if (res.status() === 409) continue;
    expect(res.status()).toBe(201);
    return (await res.json()) as Booking;
  }
  throw new Error('no free weekday slot for the demo cleaner');
}

/**
 * Books through the API at the server's price, as the signed-in `request`: a wrong quote answers
 * the current price (409 `price_changed`), which is then sent. Answers the booking's response, or
 * the quote's when it was refused for another reason.
 */
export async function bookAtServerPrice(
  request: APIRequestContext,
  baseUrl: string,
  body: Record<string, unknown>,
): Promise<APIResponse> {
  const quote = await post(request, baseUrl, '/api/bookings', { ...body, totalPrice: '1.00' });
  const { error } = (await quote.json()) as { error?: { code: string; currentPrice?: string } };
  if (error?.code !== 'price_changed') return quote;
  return post(request, baseUrl, '/api/bookings', { ...body, totalPrice: error.currentPrice });
}

/**
 * Pays a booking with a test card (4242…, or another of Stripe's, such as 4000 0000 0000 5126 whose
 * refunds are refused) through its own pay action, as checkout does, as the signed-in `request`.
 */
export async function payWithTestCard(
  request: APIRequestContext,
  baseUrl: string,
  bookingId: number,
  cardNumber = '4242424242424242',
): Promise<void> {
  const current = (await (await request.get(`${baseUrl}/api/bookings/${bookingId}`)).json()) as {
    actions: { pay?: { href: string; method: string } };
  };
  const action = current.actions.pay;
  if (!action) throw new Error(`booking ${bookingId} offers no pay action`);
  const intent = await request.fetch(`${baseUrl}${action.href}`, {
    method: action.method,
    data: { bookingId },
    headers: { origin: baseUrl },
  });
  if (intent.status() !== 200) throw new Error(`pay action answered ${intent.status()}`);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirm = await post(request, baseUrl, '/api/payments/local/confirm', {
    clientSecret,
    cardNumber,
    expMonth: 12,
    expYear: 2035,
    cvc: '123',
  });
  if (confirm.status() !== 200) throw new Error(`the test card answered ${confirm.status()}`);
}
