import { createHmac } from 'node:crypto';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSessionToken, SESSION_POLICY, sessionIdFromToken } from '../src/auth/sessions';
import { type CallInit, type Json, call as send } from './call';
import { TARGETS, type Target } from './targets';

/**
 * One API suite, three targets: every check here runs against Node + libSQL file, Node + libSQL
 * server and the Workers runtime + libSQL server. A new API feature adds its checks here.
 */

/** Customers booking the same time at once in the race. */
const RACERS = 200;

describe.each(TARGETS)('%s', (_name, start) => {
  let target: Target;
  /** The race winner's paid booking, for the webhook check after it. */
  let paidBooking: { bookingHref: string; cookie: string; providerPaymentId: string; amountCents: number } | undefined;
  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => {
    await target?.stop();
  });

  const call = (path: string, init?: CallInit) => send(target.url, path, init);

  it('answers who is signed in with 200 to everyone, and takes sort as sortBy', async () => {
    const signedOut = await call('/api/auth/session');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toMatchObject({ user: null, admin: false });
    const ids = async (query: string) =>
      (await call(`/api/cleaners?${query}&pageSize=20`)).body.items.map((c: Json) => c.id);
    expect(await ids('sort=price')).toEqual(await ids('sortBy=price'));
  });

  it('answers the root and searches cleaners, each with its links', async () => {
    const root = await call('/api');
    expect(root.status).toBe(200);
    expect(root.body.links.self.href).toBe('/api');
    const found = await call('/api/cleaners?location=Austin&radius=50');
    expect(found.status).toBe(200);
    expect(found.body.items.length).toBeGreaterThan(0);
    for (const cleaner of found.body.items) expect(cleaner.links.self.href).toBe(`/api/cleaners/${cleaner.id}`);
  });

  it('reads a misspelt name as the one the search index holds', async () => {
    const found = await call('/api/cleaners?location=Austin&radius=50&pageSize=50');
    const lastNames: string[] = found.body.items.map((c: Json) => String(c.user.lastName).toLowerCase());
    const name = lastNames.find((n) => /^[a-z]{6,}$/.test(n) && n[2] !== n[3]);
    expect(name, 'a cleaner with a long last name').toBeDefined();
    // Two letters swapped: "carter" → "catrer".
    const typo = `${name!.slice(0, 2)}${name![3]}${name![2]}${name!.slice(4)}`;
    const exact = await call(`/api/cleaners?query=${name!}&pageSize=50`);
    const corrected = await call(`/api/cleaners?query=${typo}&pageSize=50`);
    expect(corrected.body.total).toBeGreaterThan(0);
    expect(corrected.body.items.map((c: Json) => c.id)).toEqual(exact.body.items.map((c: Json) => c.id));
  });

  it('serves the hosted app and the API with their security headers, and the SDK bundles to any site', async () => {
    const page = await fetch(`${target.url}/cleaners`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Any other path is the app's Not Found page, with status 404 on every target.
    const missing = await fetch(`${target.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'self'");
    const profile = await fetch(`${target.url}/cleaner/12`);
    expect(profile.status).toBe(200);
    // A cleaner's page for no such cleaner is the app's page too, with status 404 (decision 046).
    const noCleaner = await fetch(`${target.url}/cleaner/999999`);
    expect(noCleaner.status).toBe(404);
    expect(noCleaner.headers.get('content-type')).toContain('text/html');
    expect(await noCleaner.text()).not.toContain('/api/cleaners/999999');
    // The page's lazily loaded code is named in its HTML, so it loads beside the entry (decision 059).
    expect(await profile.text()).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/cleaner-profile-page-[\w-]+\.js">/,
    );
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    // API answers carry the same headers and a request id, however the target writes them.
    const health = await fetch(`${target.url}/api/health`);
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const sdk = await fetch(`${target.url}/sdk/client.js`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('content-type')).toContain('javascript');
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*');
    expect(await sdk.text()).toContain('createClient');
  });

  it('answers many identical searches arriving at once, each complete', async () => {
    // Distinct from every earlier query, so all of them miss the answer cache together.
    const path = `/api/cleaners?location=Dallas&radius=${20 + (Date.now() % 7)}&sortBy=price`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => call(path)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    const bodies = new Set(answers.map((a) => JSON.stringify(a.body.items.map((c: Json) => c.id))));
    expect(bodies.size).toBe(1);
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

  it('pages a customer’s bookings by group and search, following next links to every one', async () => {
    const login = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'customer@example.com', password: 'demo-password' },
    });
    const cookie = `spotless_session=${login.session}`;
    const all = (await call('/api/bookings?status=all&limit=200', { cookie })).body;
    const past = all.items.filter((b: Json) => b.status === 'completed' || b.status === 'cancelled');
    expect(past.length).toBeGreaterThan(2);
    const seen: number[] = [];
    let next: string | undefined = '/api/bookings?status=history&limit=2';
    while (next) {
      const page: Json = (await call(next, { cookie })).body;
      expect(page.total).toBe(past.length);
      seen.push(...page.items.map((b: Json) => b.id));
      next = page.links.next?.href;
    }
    expect(seen).toEqual(past.map((b: Json) => b.id));
    // Part of a service's name in another case finds exactly that service's bookings.
    const name = all.items[0].service.name as string;
    const found = (
      await call(`/api/bookings?status=all&q=${encodeURIComponent(name.slice(1).toUpperCase())}`, { cookie })
    ).body;
    expect(found.items.map((b: Json) => b.id)).toEqual(
      all.items
        .filter((b: Json) =>
          [b.service.name, b.cleaner.user.firstName, b.cleaner.user.lastName].some((text: string) =>
            text.toLowerCase().includes(name.slice(1).toLowerCase()),
          ),
        )
        .map((b: Json) => b.id),
    );
  });

  it('gives exactly one of 200 customers racing for the same time the booking, then takes its payment in test mode', async () => {
    // The racers are written straight into the database with sessions as the server stores them:
    // 200 sign-ups would be 200 password hashes (scrypt, about 0.2 s of a core each on Node;
    // PBKDF2 spaced 30 ms apart on Workers), tens of seconds a target for what other checks cover.
    // The race itself — 200 bookings at once — is what this check is about.
    const stamp = Date.now();
    const racers = Array.from({ length: RACERS }, (_, i) => ({
      email: `racer-${i}-${stamp}@example.com`,
      token: generateSessionToken(),
    }));
    await database((db) =>
      db.batch(
        racers.flatMap(({ email, token }, i) => [
          {
            sql: "insert into users (email, first_name, last_name, role) values (?, 'R', ?, 'customer')",
            args: [email, String(i)],
          },
          {
            sql: "insert into sessions (id, user_id, kind, expires_at, created_at) select ?, id, 'user', ?, ? from users where email = ?",
            args: [sessionIdFromToken(token), stamp + SESSION_POLICY.user.idle, stamp, email],
          },
        ]),
        'write',
      ),
    );
    const customers = racers.map(({ token }) => `spotless_session=${token}`);
    // A free two-hour start with the demo cleaner (Austin, Mon–Sat), two weeks or more ahead.
    const body = { cleanerId: 1, serviceId: 1, address: '1 Race St', duration: 120, ...(await freeStart(14)) };
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
    expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(
      new Set(['slot_taken']),
    );
    // What the database holds, not only what was answered: one booking among all the racers, and
    // none other at that time.
    const [mine, overlapping] = await database(async (db) => {
      const made = await db.execute({
        sql: 'select count(*) as n from bookings where customer_id in (select id from users where email like ?)',
        args: [`racer-%-${stamp}@example.com`],
      });
      const held = await db.execute({
        sql: `select count(*) as n from bookings b, bookings won
          where won.id = ? and b.cleaner_id = won.cleaner_id and b.status <> 'cancelled'
            and b.starts_at < won.ends_at and b.ends_at > won.starts_at`,
        args: [answers.find((a) => a.status === 201)?.body.id],
      });
      return [Number(made.rows[0]?.n), Number(held.rows[0]?.n)];
    });
    expect(mine).toBe(1);
    expect(overlapping).toBe(1);

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
    paidBooking = {
      bookingHref: booking.links.self.href,
      cookie: cookie as string,
      providerPaymentId: String(intent.body.clientSecret).replace(/_secret_.*$/, ''),
      amountCents: Math.round(Number(intent.body.amount) * 100),
    };
  });

  /** A free two-hour start with the demo cleaner, `from` days ahead or later. */
  async function freeStart(from: number): Promise<Json> {
    for (let offset = from; offset < from + 60; offset++) {
      const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const slots = await call(`/api/cleaners/1/slots/${date}?duration=120`);
      const free = slots.body.items?.find((s: Json) => s.isAvailable && s.startTime >= '09:00');
      if (free) return { scheduledDate: date, scheduledTime: free.startTime };
    }
    throw new Error('no free start');
  }

  async function database<T>(fn: (db: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
    const db = createClient({ url: target.databaseUrl });
    try {
      return await fn(db);
    } finally {
      db.close();
    }
  }

  it('applies a payment provider webhook signed with this installation’s secret once, and refuses a forged one', async () => {
    expect(paidBooking).toBeDefined();
    const { bookingHref, cookie, providerPaymentId, amountCents } = paidBooking!;
    const post = (rawBody: string, signature: string) =>
      fetch(`${target.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'spotless-signature': signature },
        body: rawBody,
      });
    const event = {
      id: `evt_target_${Date.now()}`,
      type: 'disputed',
      providerPaymentId,
      amountCents,
      createdAt: new Date().toISOString(),
    };
    const rawBody = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    // Signed with a secret that is not this installation's: refused, nothing changes.
    const forged = createHmac('sha256', 'whsec_local_guess').update(`${t}.${rawBody}`).digest('hex');
    expect((await post(rawBody, `t=${t},v1=${forged}`)).status).toBe(400);
    expect((await call(bookingHref, { cookie })).body.paymentStatus).toBe('succeeded');

    // The secret every process of this installation shares lives in its database, made once.
    const secret = await database(async (db) => {
      const rows = await db.execute("select value from server_secrets where name = 'local_payment_webhook_secret'");
      return String(rows.rows[0]?.value);
    });
    const genuine = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
    const first = await post(rawBody, `t=${t},v1=${genuine}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, applied: true, duplicate: false });
    const again = await post(rawBody, `t=${t},v1=${genuine}`);
    expect(await again.json()).toEqual({ received: true, applied: false, duplicate: true });
    expect((await call(bookingHref, { cookie })).body.paymentStatus).toBe('disputed');
  });

  it('runs the scheduled job that frees the time of a booking left unpaid past its window', async () => {
    const signUp = await call('/api/auth/register', {
      method: 'POST',
      body: { email: `late-${Date.now()}@example.com`, password: 'late-payer-pw', firstName: 'L', lastName: 'P' },
    });
    const cookie = `spotless_session=${signUp.session}`;
    const start = await freeStart(70);
    const body = { cleanerId: 1, serviceId: 1, address: '2 Late St', duration: 120, ...start };
    const quote = await call('/api/bookings', { method: 'POST', body: { ...body, totalPrice: '1.00' }, cookie });
    const made = await call('/api/bookings', {
      method: 'POST',
      body: { ...body, totalPrice: quote.body.error.currentPrice },
      cookie,
    });
    expect(made.status).toBe(201);
    const slotTaken = async () =>
      !(await call(`/api/cleaners/1/slots/${start.scheduledDate}?duration=120`)).body.items.find(
        (s: Json) => s.startTime === start.scheduledTime,
      )?.isAvailable;
    expect(await slotTaken()).toBe(true);

    // Nothing expires a booking made just now.
    await target.runJob('expire-unpaid-bookings');
    expect((await call(made.body.links.self.href, { cookie })).body.status).toBe('pending');

    // Made 31 minutes ago and never paid: the next run cancels it and the time is free again.
    await database((db) =>
      db.execute({
        sql: 'update bookings set created_at = created_at - ? where id = ?',
        args: [31 * 60_000, made.body.id],
      }),
    );
    await target.runJob('expire-unpaid-bookings');
    const after = await call(made.body.links.self.href, { cookie });
    expect(after.body.status).toBe('cancelled');
    expect(await slotTaken()).toBe(false);
  });

  it('compares whole origins: a session cookie with another scheme’s origin of the same host is refused', async () => {
    const signedIn = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'customer@example.com', password: 'demo-password' },
    });
    const cookie = `spotless_session=${signedIn.session}`;
    const host = new URL(target.url).host;
    for (const origin of [`https://${host}`, `ws://${host}`, `ftp://${host}`]) {
      const res = await call('/api/auth/profile', {
        method: 'PATCH',
        body: { firstName: 'Cross' },
        cookie,
        headers: { origin },
      });
      expect(res.status, origin).toBe(403);
    }
    expect((await call('/api/auth/profile', { method: 'PATCH', body: { firstName: 'Demo' }, cookie })).status).toBe(
      200,
    );
  });

  it('answers 503 with Retry-After while the database refuses writes, and recovers once it is back', async () => {
    const signedIn = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'customer@example.com', password: 'demo-password' },
    });
    const cookie = `spotless_session=${signedIn.session}`;
    const write = () => call('/api/auth/profile', { method: 'PATCH', body: { firstName: 'Demo' }, cookie });
    const interruption = await target.interruptDatabase();
    try {
      const refused = await write();
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.error.code).toMatch(/^database_(busy|unavailable)$/);
      expect((await call('/api/ready')).status).toBe(503);
    } finally {
      await interruption.restore();
    }
    // Back: writes and readiness recover by themselves, without a restart.
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await write()).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await call('/api/ready')).status).toBe(200);
  });
});
