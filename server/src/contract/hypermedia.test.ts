import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { users } from '../db/schema';
import { API_OPERATIONS } from '../operations';
import { DEMO_CUSTOMER_EMAIL, seedDemoData } from '../seed/generate';
import { createCustomer, ORIGIN, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { fieldsOf } from './hypermedia';
import { generateOpenApi } from './openapi';

const ctx = await createTestContext();
await seedDemoData(ctx.database, { cleaners: 6, now: ctx.clock.now(), demoAccounts: true, seed: 11 });

/**
 * Values, not resources: a day's time slots are addressed through their day (`TimeSlotList`
 * carries `links.self`); a computed slot has no id of its own.
 */
const VALUE_ITEMS = new Set(['TimeSlot']);

const doc = generateOpenApi(
  API_OPERATIONS,
  { title: 't', version: '1' },
  { serverUrl: ORIGIN, cookies: { user: 'u', admin: 'a' } },
);
const components = doc.components.schemas as Record<string, Json>;
const deref = (schema: Json): Json => {
  let current = schema;
  while (current?.$ref) current = components[String(current.$ref).replace('#/components/schemas/', '')] as Json;
  return current;
};
const hasSelf = (schema: Json): boolean => {
  const resolved = deref(schema);
  const links = resolved?.properties?.links ? deref(resolved.properties.links) : undefined;
  return Boolean(links?.properties?.self && resolved.required?.includes('links') && links.required?.includes('self'));
};

describe('every resource carries links.self', () => {
  it('in the contract: each GET answer, and each item of its lists, declares links.self', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      const schema = get?.responses['200']?.content?.['application/json']?.schema as Json | undefined;
      if (!get || !schema) continue;
      if (!hasSelf(schema)) missing.push(`GET ${path}`);
      const items = deref(schema)?.properties?.items;
      if (items?.type === 'array') {
        const ref = String(items.items?.$ref ?? '').replace('#/components/schemas/', '');
        if (!VALUE_ITEMS.has(ref) && !hasSelf(items.items)) missing.push(`GET ${path} items`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('in practice: everything reachable from GET /api answers its own schema with links.self', async () => {
    const schemas = new Map<string, z.ZodType>();
    for (const op of API_OPERATIONS) {
      const schema = op.responses[200]?.schema;
      if (schema) schemas.set(op.operationId, schema);
    }
    const adminToken = generateSessionToken();
    await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
    const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    const customer = await sessionFor(ctx, demo?.id as number);
    expect((await ctx.json('/api/favourites/1', { method: 'PUT', headers: customer })).status).toBe(200);
    const callers = {
      visitor: { origin: ORIGIN },
      customer,
      newcomer: await sessionFor(ctx, await createCustomer(ctx, 'New')),
      administrator: { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN },
    };
    const visited = new Set<string>();
    const reached = new Set<string>();
    const problems: string[] = [];
    for (const [who, headers] of Object.entries(callers)) {
      const queue: Array<{ href: string; operation: string }> = [{ href: '/api', operation: 'getApiRoot' }];
      let requests = 0;
      // At most three of each kind of resource per caller: broad, not exhaustive.
      const perOperation = new Map<string, number>();
      while (queue.length > 0 && requests < 200) {
        const next = queue.shift() as { href: string; operation: string };
        const key = `${who} ${next.href}`;
        if (visited.has(key) || (perOperation.get(next.operation) ?? 0) >= 3) continue;
        perOperation.set(next.operation, (perOperation.get(next.operation) ?? 0) + 1);
        visited.add(key);
        requests += 1;
        reached.add(next.operation);
        const res = await ctx.json<Json>(next.href, { headers });
        if (res.status !== 200) {
          problems.push(`${key}: ${res.status}`);
          continue;
        }
        // A link to a file (a booking's .ics): it answers, and it is not a resource to walk.
        if (!schemas.has(next.operation)) continue;
        const parsed = schemas.get(next.operation)?.safeParse(res.body);
        if (!parsed?.success) problems.push(`${key}: does not match ${next.operation}`);
        if (!res.body.links?.self?.href) problems.push(`${key}: no links.self`);
        const resources = [res.body, ...(Array.isArray(res.body.items) ? res.body.items : [])];
        for (const resource of resources) {
          for (const [rel, link] of Object.entries<Json>(resource.links ?? {})) {
            if ((rel === 'self' && resource === res.body) || !link.operation || !String(link.href).startsWith('/api')) {
              continue;
            }
            // A template whose variables are all optional query parameters is followed without them.
            const href = link.templated ? String(link.href).replace(/\{\?[^}]*\}$/, '') : String(link.href);
            if (href.includes('{')) continue;
            if (resource !== res.body && queue.length > 200) continue;
            queue.push({ href, operation: link.operation });
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk reached the customer's own resources, not just the public ones.
    for (const operation of [
      'getBooking',
      'getPayment',
      'getCleaner',
      'getReview',
      'getAvailability',
      'getFavourite',
      'listApplications',
      'listAdminApplications',
      'getApplication',
      'getAdminApplication',
      'listApplicationDocuments',
    ]) {
      expect(reached, operation).toContain(operation);
    }
  }, 60_000);
});

describe('action fields', () => {
  it('come from the request schema: names, requirement and limits', async () => {
    const { BookingUpdateInput, RefundInput } = await import('@spotless/sdk/schemas');
    const edit = fieldsOf(BookingUpdateInput);
    expect(edit.find((f) => f.name === 'specialRequests')).toMatchObject({
      type: 'text',
      required: false,
      maxLength: 2000,
    });
    expect(edit.find((f) => f.name === 'address')).toMatchObject({ minLength: 1, maxLength: 500 });
    expect(fieldsOf(RefundInput).map((f) => f.name)).toEqual(['amount', 'reason']);
  });
});
