import { expect, it } from 'vitest';
import { eachTarget } from './each-target';
import { freeTwoHours, guestLinkChecks, HOST_PAGE, KEY } from './guest-link-checks';
import { partnerPortalChecks } from './partner-portal-checks';
import { partnerWebhookChecks } from './partner-webhook-checks';

/**
 * Partner keys on the three targets (decision 048): the demo partner's key from an allowed
 * (loopback) origin answers with CORS for that origin; another origin, or an unknown key, gets a
 * 403 the asking page can read (a fixed code and text, no data, no credentials; 048's addendum); a
 * preflight that means to send a key is answered for any origin; the key alone reads no booking; a
 * guest books through the key and pays with the token scoped to that booking (decision 049); the
 * partner's webhook endpoint is sent the booking, signed, and retried after a failure (decision 079); a partner's person sees its bookings and none
 * of another partner's (decision 081).
 */

eachTarget((on) => {
  guestLinkChecks(on);
  partnerWebhookChecks(on);
  partnerPortalChecks(on);

  const { call } = on;

  it('answers the key from an allowed origin with CORS for that origin, and refuses another origin readably', async () => {
    const ok = await call('/api/cleaners?location=Austin&pageSize=3', {
      headers: { 'x-spotless-key': KEY, origin: HOST_PAGE },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.items.length, JSON.stringify(ok.body).slice(0, 200)).toBeGreaterThan(0);
    expect(ok.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    expect(ok.headers.get('vary')).toContain('Origin');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();

    const elsewhere = 'https://elsewhere.example';
    const other = await call('/api/cleaners', { headers: { 'x-spotless-key': KEY, origin: elsewhere } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBe(elsewhere);
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
    expect(other.body).toEqual({
      error: {
        code: 'origin_not_allowed',
        message: `This key is not allowed on ${elsewhere} — add it under allowed origins`,
      },
    });
    const unknown = await call('/api/cleaners', { headers: { 'x-spotless-key': 'pk_nobody', origin: HOST_PAGE } });
    expect(unknown.status).toBe(403);
    expect(unknown.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    expect(unknown.body).toEqual({ error: { code: 'unknown_key', message: 'This partner key is not recognised' } });

    for (const origin of [HOST_PAGE, elsewhere]) {
      const preflight = await fetch(`${on.target.url}/api/chat/session`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-spotless-key',
        },
      });
      expect(preflight.status, origin).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const refused = await fetch(`${on.target.url}/api/chat/session`, {
      method: 'OPTIONS',
      headers: {
        origin: elsewhere,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads no booking and no account with the key alone', async () => {
    const headers = { 'x-spotless-key': KEY, origin: HOST_PAGE };
    for (const path of ['/api/bookings', '/api/bookings/1', '/api/payments', '/api/auth/user', '/api/admin/partners']) {
      const res = await call(path, { headers });
      expect(res.status, path).toBe(403);
    }
  });

  it('starts a chat through the key, for the partner', async () => {
    const started = await call('/api/chat/session', {
      method: 'POST',
      headers: { 'x-spotless-key': KEY, origin: HOST_PAGE, 'x-spotless-utm': 'utm_source=targets' },
    });
    expect(started.status).toBe(201);
    expect(started.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
  });

  it('books for a guest through the key and pays with the token scoped to that booking, and nothing else', async () => {
    const widget = { 'x-spotless-key': KEY, origin: HOST_PAGE };
    const cleaner = (await call('/api/cleaners?location=Chicago&pageSize=1', { headers: widget })).body.items[0];
    const when = await freeTwoHours(on, cleaner.id, 120);
    const body = {
      cleanerId: cleaner.id,
      serviceId: 1,
      address: '200 E Randolph St, Chicago, IL',
      duration: 120,
      ...when,
      guestName: 'Target Guest',
      guestEmail: `guest-${Date.now()}@example.com`,
      guestPhone: '312 555 0100',
    };
    const quote = await call('/api/guest-bookings', {
      method: 'POST',
      headers: widget,
      body: { ...body, totalPrice: '1.00' },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(409);
    const made = await call('/api/guest-bookings', {
      method: 'POST',
      headers: widget,
      body: { ...body, totalPrice: quote.body.error.currentPrice },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    const guest = { ...widget, authorization: `Bearer ${made.body.guestToken}` };

    // The key alone does not read the booking; the token does, and nothing else.
    expect((await call(made.body.booking.links.self.href, { headers: widget })).status).toBe(403);
    const own = await call(made.body.booking.links.self.href, { headers: guest });
    expect(own.status).toBe(200);
    expect((await call('/api/bookings', { headers: guest })).status).toBe(403);

    const pay = own.body.actions.pay;
    const intent = await call(pay.href, { method: pay.method, headers: guest, body: { bookingId: own.body.id } });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const confirmed = await call('/api/payments/local/confirm', {
      method: 'POST',
      headers: guest,
      body: {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await call(made.body.booking.links.self.href, { headers: guest });
    expect(after.body.paymentStatus).toBe('succeeded');
  });
});
