import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './auth/cookies';
import { createSession, generateSessionToken } from './auth/sessions';
import { users } from './db/schema';
import { AnswerCache } from './search/search-cache';
import { seedDemoData } from './seed/generate';
import { createTestContext, type Json } from './test/harness';
import { PASSWORD, securityWorld } from './test/security-world';

/**
 * The security review's findings (SECURITY.md), one block each: throttling. Every test here fails on
 * the code before the fix.
 */
const { call, freshAddress, register } = await securityWorld();

describe('4. throttling', () => {
  it('limits failed sign-ins per account, from any number of addresses; the owner’s own sign-in is not counted', async () => {
    const person = await register();
    for (let i = 0; i < 3; i++) {
      expect(
        (await call('/api/auth/login', { method: 'POST', body: { email: person.email, password: PASSWORD } })).status,
      ).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('/api/auth/login', {
        method: 'POST',
        body: { email: person.email, password: `guess-${i}` },
        ip: freshAddress(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await call('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits guesses at the admin password across all addresses together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await call('/api/admin/login', {
        method: 'POST',
        body: { password: `guess-${i}` },
        ip: freshAddress(),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 25).every((s) => s === 401)).toBe(true);
    expect(statuses[25]).toBe(429);
  });

  /** A server that allows three attempts per address, where taken@example.com has an account. */
  async function takenAccount() {
    const own = await createTestContext({ config: { AUTH_RATE_LIMIT: '3' } });
    const taken = { email: 'taken@example.com', password: PASSWORD, firstName: 'T', lastName: 'K' };
    await call('/api/auth/register', { method: 'POST', body: taken, ip: '192.0.2.200' }, own);
    return { own, taken };
  }

  it('counts an IPv6 client by its /64, so rotating the interface id buys nothing', async () => {
    const { own, taken } = await takenAccount();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await call(
        '/api/auth/register',
        { method: 'POST', body: taken, ip: `2001:db8:aa:bb::${i.toString(16)}` },
        own,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
    expect(
      (await call('/api/auth/register', { method: 'POST', body: taken, ip: '2001:db8:aa:cc::1' }, own)).status,
    ).toBe(409);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy of ours sets it', async () => {
    const { own, taken } = await takenAccount();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await call(
        '/api/auth/register',
        { method: 'POST', body: taken, ip: '198.51.100.7', headers: { 'x-forwarded-for': `192.0.2.${i}` } },
        own,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
  });

  it('limits contact messages per account and per address', async () => {
    const own = await createTestContext({ config: { CONTACT_RATE_LIMIT: '2' } });
    const message = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      subject: 'Hi',
      message: 'A question here.',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call('/api/contact', { method: 'POST', body: message, ip: '203.0.113.50' }, own)).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await call('/api/contact', { method: 'POST', body: message, ip: '203.0.113.51' }, own)).status).toBe(201);
  });

  it('limits bookings per account: at most 3 unpaid at once, and so many per hour', async () => {
    const own = await createTestContext({
      config: { MAX_UNPAID_BOOKINGS: '3', BOOKING_RATE_LIMIT: '5' },
      now: '2026-06-15T12:00:00Z',
    });
    await seedDemoData(own.database, { cleaners: 4, now: own.clock.now(), demoAccounts: true, seed: 7 });
    const [customer] = await own.database.write((tx) =>
      tx.insert(users).values({ email: 'squatter@example.com' }).returning({ id: users.id }),
    );
    const token = generateSessionToken();
    await createSession(own.database, token, { userId: customer?.id as number, kind: 'user' }, own.clock.now());
    const cookie = `${SESSION_COOKIE}=${token}`;
    const book = (day: number) =>
      call(
        '/api/bookings',
        {
          method: 'POST',
          cookie,
          body: {
            cleanerId: 1,
            serviceId: 1,
            address: '1 Main St',
            scheduledDate: `2026-08-${String(day).padStart(2, '0')}`,
            scheduledTime: '10:00',
            duration: 120,
            totalPrice: '90.00',
          },
        },
        own,
      );
    const statuses: number[] = [];
    const codes: string[] = [];
    for (const day of [4, 5, 6, 7]) {
      const res = await book(day);
      statuses.push(res.status);
      codes.push(res.body.error?.code ?? '');
    }
    expect(statuses, codes.join()).toEqual([201, 201, 201, 409]);
    expect(codes[3]).toBe('too_many_unpaid_bookings');
    // Past the hourly limit, even with room for unpaid bookings.
    const first = (await own.json<Json>('/api/bookings', { headers: { cookie } })).body.items.at(-1).id;
    await call(`/api/bookings/${first}`, { method: 'DELETE', cookie }, own);
    expect((await book(11)).status).toBe(201);
    const limited = await book(12);
    expect(limited.status).toBe(429);
  });

  it('bounds the search cache by bytes as well as by entries', () => {
    const cache = new AnswerCache(1000, 10_000);
    const body = 'x'.repeat(2_000);
    for (let i = 0; i < 10; i++) cache.set(`key-${i}`, 1, body);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get('key-9', 1)).toBe(body);
    expect(cache.get('key-0', 1)).toBeUndefined();
    cache.set('huge', 1, 'y'.repeat(20_000));
    expect(cache.get('huge', 1)).toBeUndefined();
  });
});
