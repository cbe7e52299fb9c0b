import { describe, expect, it } from 'vitest';
import type { Booking } from './index';
import { createClient, expandTemplate } from './index';

function recordingFetch(body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('following links and performing actions', () => {
  it('expands the URI templates the API gives: path variables and optional query variables', () => {
    expect(expandTemplate('/api/cleaners/7/slots/{date}{?duration}', { date: '2026-12-01', duration: 120 })).toBe(
      '/api/cleaners/7/slots/2026-12-01?duration=120',
    );
    expect(expandTemplate('/api/cleaners{?location,page,minRating}', { location: 'San Antonio', minRating: 4 })).toBe(
      '/api/cleaners?location=San+Antonio&minRating=4',
    );
    expect(expandTemplate('/api/cleaners{?location}', {})).toBe('/api/cleaners');
  });

  it('uploads through an action as multipart: the runtime, not the client, sets the content type', async () => {
    const { calls, fetch } = recordingFetch({ id: 5 });
    const client = createClient({ baseUrl: 'https://spotless.example', fetch });
    const form = new FormData();
    form.set('documentType', 'id');
    form.set('file', new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])]), 'id.pdf');
    const upload = {
      name: 'upload',
      method: 'POST',
      href: '/api/applications/3/documents',
      operation: 'uploadApplicationDocument',
    } as const;
    await client.upload(upload, form);
    expect(calls[0]?.url).toBe('https://spotless.example/api/applications/3/documents');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(form);
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBeNull();
  });

  it('follows a link with GET and performs an action with its own method, href and body', async () => {
    const { calls, fetch } = recordingFetch({ id: 31 });
    const client = createClient({ baseUrl: 'https://spotless.example', fetch });
    const payment = await client.follow({ href: '/api/payments/31', operation: 'getPayment' });
    expect(payment.id).toBe(31);
    await client.follow(
      { href: '/api/cleaners/7/slots/{date}', templated: true, operation: 'listTimeSlots' },
      {
        date: '2026-12-01',
      },
    );
    const edit = { name: 'edit', method: 'PUT', href: '/api/bookings/42', operation: 'updateBooking' } as const;
    await client.perform(edit, { specialRequests: 'Side door' }, { idempotencyKey: 'k1' });
    const cancel = { name: 'cancel', method: 'DELETE', href: '/api/bookings/42', operation: 'cancelBooking' } as const;
    await client.perform(cancel);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET https://spotless.example/api/payments/31',
      'GET https://spotless.example/api/cleaners/7/slots/2026-12-01',
      'PUT https://spotless.example/api/bookings/42',
      'DELETE https://spotless.example/api/bookings/42',
    ]);
    expect(calls[2]?.init.body).toBe('{"specialRequests":"Side door"}');
    expect(new Headers(calls[2]?.init.headers).get('Idempotency-Key')).toBe('k1');
    expect(calls[3]?.init.body).toBeUndefined();
  });

  it('types the answer and the body from the contract', async () => {
    const { fetch } = recordingFetch({});
    const client = createClient({ fetch });
    const check = async (booking: Booking) => {
      if (booking.actions.cancel) {
        const cancelled: Booking = await client.perform(booking.actions.cancel);
        return cancelled.status;
      }
      if (booking.actions.edit) {
        // @ts-expect-error an edit takes the booking's fields, not anything
        await client.perform(booking.actions.edit, { colour: 'blue' });
      }
      const cleaner = await client.follow(booking.links.cleaner);
      return cleaner.user.firstName;
    };
    expect(typeof check).toBe('function');
  });
});
