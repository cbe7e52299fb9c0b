import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPath } from './contract/operations';
import { partners } from './db/schema';
import { API_OPERATIONS } from './operations';
import { actorWorld } from './test/actor-world';
import { ORIGIN } from './test/booking-fixtures';

/**
 * One door for every caller (decision 043), over HTTP: a partner's publishable key (decision 048)
 * and a guest token (decision 049) reach only the operations marked for them, and who is asking is
 * checked before what is asked.
 */
const { ctx, publishableKey, guestToken } = await actorWorld();

describe('the partner and guest actors over HTTP', () => {
  /** Every operation of the table, with `1` for each path parameter. */
  const requests = API_OPERATIONS.map((op) => ({
    op,
    path: apiPath(op).replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'provider' ? 'google' : '1')),
  }));

  it('resolves a known publishable key to a partner: the operations marked for partners answer, every other one is 403', async () => {
    const refused: string[] = [];
    const answered: string[] = [];
    for (const { op, path } of requests) {
      const res = await ctx.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { 'x-spotless-key': publishableKey, origin: ORIGIN, 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{}',
      });
      (res.status === 403 ? refused : answered).push(op.operationId);
    }
    const marked = API_OPERATIONS.filter((op) => op.partners).map((op) => op.operationId);
    expect(answered.sort()).toEqual(marked.sort());
    // No signed-in, admin or account operation is among them.
    expect(API_OPERATIONS.filter((op) => op.partners && !['public', 'partner'].includes(op.security))).toEqual([]);
    for (const name of [
      'register',
      'login',
      'logout',
      'adminLogin',
      'listBookings',
      'listPartners',
      'getCurrentUser',
    ]) {
      expect(refused).toContain(name);
    }
  });

  it('refuses an unknown or inactive key outright', async () => {
    const unknown = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': 'pk_nobody' } });
    expect(unknown.status).toBe(403);
    await ctx.database.write((tx) =>
      tx.update(partners).set({ isActive: false }).where(eq(partners.publishableKey, publishableKey)),
    );
    const inactive = await ctx.app.request('/api/services', { headers: { 'x-spotless-key': publishableKey } });
    expect(inactive.status).toBe(403);
  });

  it('resolves a guest token to its booking: only the operations marked for guests answer; an unknown token is 401', async () => {
    const answered: string[] = [];
    for (const { op, path } of requests) {
      const res = await ctx.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { authorization: `Bearer ${guestToken}`, origin: ORIGIN, 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{}',
      });
      if (res.status !== 403) answered.push(op.operationId);
    }
    const marked = API_OPERATIONS.filter((op) => op.guests).map((op) => op.operationId);
    expect(answered.sort()).toEqual(marked.sort());
    expect(marked.sort()).toEqual(['confirmLocalPayment', 'createPaymentIntent', 'getBooking']);
    const unknown = await ctx.app.request('/api/services', {
      headers: { authorization: 'Bearer not-a-token-we-issued' },
    });
    expect(unknown.status).toBe(401);
  });
});

describe('who is asking is checked before what is asked', () => {
  it('answers 401 to a signed-out caller of every signed-in or admin operation, whatever the body', async () => {
    const answers: Record<string, number> = {};
    // A partner-only operation answers anyone without a key 403 (they sign in instead): checked in its suite.
    for (const op of API_OPERATIONS.filter((candidate) => !['public', 'partner'].includes(candidate.security))) {
      const path = apiPath(op).replace(/:([A-Za-z]+)/g, (_m, name: string) =>
        name === 'provider' ? 'google' : 'not-an-id',
      );
      const res = await ctx.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: op.method === 'get' ? undefined : '{"status": 42, "reason": []}',
      });
      answers[`${op.method} ${path}`] = res.status;
    }
    expect(answers['patch /api/admin/documents/not-an-id']).toBe(401);
    expect(Object.entries(answers).filter(([, status]) => status !== 401)).toEqual([]);
  });
});
