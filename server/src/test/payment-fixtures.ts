import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, cleaners, services, users } from '../db/schema';
import { seedDemoData } from '../seed/generate';
import type { TestContext } from '../test/harness';

/** Test support for the payments suites: customers, bookings and signed-in requests. */
export const ORIGIN = 'http://localhost:8787';

/** What POST /api/webhooks/stripe answers. */
export interface WebhookAnswer {
  received?: boolean;
  applied?: boolean;
  duplicate?: boolean;
  error?: { code: string; message: string };
}

export async function paymentsFixture(ctx: TestContext) {
  await seedDemoData(ctx.database, { cleaners: 3, now: ctx.clock.now(), demoAccounts: false, seed: 5 });
  const cleanerRow = await ctx.database.db.select().from(cleaners).limit(1).get();
  const serviceRow = await ctx.database.db.select().from(services).limit(1).get();
  if (!cleanerRow || !serviceRow) throw new Error('seed rows missing');
  const cleaner = cleanerRow;
  const service = serviceRow;
  let customers = 0;

  async function customer(role: 'customer' | 'admin' = 'customer') {
    customers += 1;
    const email = `payer-${customers}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const [row] = await ctx.database.write((tx) =>
      tx
        .insert(users)
        .values({ email, firstName: 'Pay', lastName: `Er${customers}`, role })
        .returning(),
    );
    if (!row) throw new Error('user missing');
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: row.id, kind: 'user' }, ctx.clock.now());
    return { id: row.id, email, cookie: `${SESSION_COOKIE}=${token}` };
  }

  async function adminCookie() {
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
    return `${ADMIN_SESSION_COOKIE}=${token}`;
  }

  async function booking(
    customerId: number,
    totalPriceCents = 12_345,
    status: 'pending' | 'confirmed' | 'cancelled' = 'pending',
  ) {
    const startsAt = new Date(ctx.clock.now().getTime() + 3 * 24 * 3600_000);
    const [row] = await ctx.database.write((tx) =>
      tx
        .insert(bookings)
        .values({
          customerId,
          cleanerId: cleaner.id,
          serviceId: service.id,
          status,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
          durationMinutes: 120,
          timeZone: 'America/Chicago',
          address: '1 Main St',
          hourlyRateCents: 5000,
          totalPriceCents,
        })
        .returning(),
    );
    if (!row) throw new Error('booking missing');
    return row;
  }

  /** A request as the browser sends it: the session cookie and, on writes, our own Origin. */
  function as(cookie: string | undefined) {
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON answers
    return <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      ctx.json<T>(path, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: ORIGIN }), ...headers },
        ...(body === undefined ? {} : { body }),
      });
  }

  return { cleaner, service, customer, adminCookie, booking, as };
}
