import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLibsqlServer, startNode, startWorker, type Target } from './targets';

/**
 * One API suite, three targets: every check here runs against Node + libSQL file, Node + libSQL
 * server and the Workers runtime + libSQL server. A new API feature adds its checks here.
 */

// biome-ignore lint/suspicious/noExplicitAny: the checks read arbitrary JSON answers
type Json = Record<string, any>;

/** A target over its own libSQL server, stopped with it. */
async function overLibsqlServer(start: (url: string) => Promise<Target>): Promise<Target> {
  const db = await startLibsqlServer();
  const target = await start(db.url);
  return {
    ...target,
    stop: async () => {
      await target.stop();
      await db.stop();
    },
  };
}

const TARGETS: Array<[string, () => Promise<Target>]> = [
  ['Node + libSQL file', () => startNode('Node + libSQL file')],
  ['Node + libSQL server', () => overLibsqlServer((url) => startNode('Node + libSQL server', url))],
  [
    'Workers runtime + libSQL server',
    () => overLibsqlServer((url) => startWorker('Workers runtime + libSQL server', url)),
  ],
];

describe.each(TARGETS)('%s', (_name, start) => {
  let target: Target;
  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => {
    await target?.stop();
  });

  async function call(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
    const headers: Record<string, string> = { origin: target.url };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${target.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    const session = /spotless_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    let body: Json | undefined;
    try {
      body = text ? (JSON.parse(text) as Json) : undefined;
    } catch {
      body = { text };
    }
    return { status: res.status, body: body as Json, session };
  }

  it('answers the root and searches cleaners, each with its links', async () => {
    const root = await call('/api');
    expect(root.status).toBe(200);
    expect(root.body.links.self.href).toBe('/api');
    const found = await call('/api/cleaners?location=Austin&radius=50');
    expect(found.status).toBe(200);
    expect(found.body.items.length).toBeGreaterThan(0);
    for (const cleaner of found.body.items) expect(cleaner.links.self.href).toBe(`/api/cleaners/${cleaner.id}`);
  });

  it('signs in, keeps the session in the database, and signs out for good', async () => {
    const login = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'customer@example.com', password: 'demo-password' },
    });
    expect(login.status).toBe(200);
    const cookie = `spotless_session=${login.session}`;
    expect((await call('/api/auth/user', { cookie })).body.email).toBe('customer@example.com');
    expect((await call('/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('gives exactly one of 50 customers racing for the same time the booking, then takes its payment in test mode', async () => {
    const customers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await call('/api/auth/register', {
          method: 'POST',
          body: {
            email: `racer-${i}-${Date.now()}@example.com`,
            password: 'racer-password',
            firstName: 'R',
            lastName: `${i}`,
          },
        });
        expect(res.status).toBe(201);
        return `spotless_session=${res.session}`;
      }),
    );
    // A free two-hour start with the demo cleaner (Austin, Mon–Sat), two weeks or more ahead.
    let body: Json | undefined;
    for (let offset = 14; offset < 60 && !body; offset++) {
      const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const slots = await call(`/api/cleaners/1/slots/${date}?duration=120`);
      const free = slots.body.items?.find((s: Json) => s.isAvailable && s.startTime >= '09:00');
      if (free)
        body = {
          cleanerId: 1,
          serviceId: 1,
          address: '1 Race St',
          scheduledDate: date,
          scheduledTime: free.startTime,
          duration: 120,
        };
    }
    expect(body).toBeDefined();
    const quote = await call('/api/bookings', {
      method: 'POST',
      body: { ...body, totalPrice: '1.00' },
      cookie: customers[0],
    });
    expect(quote.status).toBe(409);
    const priced = { ...body, totalPrice: quote.body.error.currentPrice };

    const answers = await Promise.all(
      customers.map((cookie) => call('/api/bookings', { method: 'POST', body: priced, cookie })),
    );
    const statuses = answers.map((a) => a.status);
    const unexpected = answers
      .filter((a) => a.status !== 201 && a.status !== 409)
      .map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    expect(unexpected).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);

    // The winner pays through the booking's own pay action, with the test-mode card.
    const winner = answers.findIndex((a) => a.status === 201);
    const booking = answers[winner]?.body as Json;
    const cookie = customers[winner];
    const pay = booking.actions.pay;
    const intent = await call(pay.href, { method: pay.method, body: { bookingId: booking.id }, cookie });
    expect(intent.status).toBe(200);
    expect(intent.body.provider).toBe('local');
    const confirm = await call('/api/payments/local/confirm', {
      method: 'POST',
      body: {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2035,
        cvc: '123',
      },
      cookie,
    });
    expect(confirm.body.status).toBe('succeeded');
    const paid = await call(booking.links.self.href, { cookie });
    expect(paid.body).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    expect(paid.body.actions.pay).toBeUndefined();
  });
});
