import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assistantFor, visitor } from '../contract/actor';
import { availability, cleaners, users } from '../db/schema';
import { API_OPERATIONS } from '../operations';
import { DEMO_CUSTOMER_EMAIL } from '../seed/demo-accounts';
import { seedWorld } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';
import { ASSISTANT_OPERATIONS, toolboxFor, toolSpecs } from './tools';

const ctx = await createTestContext();
await seedWorld(ctx);

/** Writes that must never be reachable from the assistant, by what they do. */
const NEVER =
  /book|pay|refund|cancel|status|delete|create|update|add|remove|confirm|reschedule|accept|decline|complete/i;

describe('the assistant’s tools', () => {
  it('are read-only operations of the operation table: no write is in the list', () => {
    const byId = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));
    expect(
      toolSpecs()
        .map((t) => t.name)
        .sort(),
    ).toEqual(ASSISTANT_OPERATIONS.map((op) => op.operationId).sort());
    for (const tool of toolSpecs()) {
      const op = byId.get(tool.name);
      expect(op, tool.name).toBeDefined();
      expect(op?.method, tool.name).toBe('get');
    }
    const writes = API_OPERATIONS.filter((op) => op.method !== 'get').map((op) => op.operationId);
    expect(writes.filter((id) => toolSpecs().some((t) => t.name === id))).toEqual([]);
    expect(toolSpecs().filter((t) => NEVER.test(t.name) && !/^(list|get|search)/.test(t.name))).toEqual([]);
  });

  it('describe their arguments from the operations’ schemas', () => {
    const search = toolSpecs().find((t) => t.name === 'searchCleaners');
    const { properties } = (search?.parameters ?? {}) as {
      properties: Record<string, { type?: string; enum?: string[] }>;
    };
    expect(properties.maxPrice?.type).toBe('number');
    expect(properties.serviceType?.enum ?? JSON.stringify(properties.serviceType)).toContain('deep');
    const slots = toolSpecs().find((t) => t.name === 'listTimeSlots')?.parameters as { required: string[] };
    expect(slots.required).toEqual(expect.arrayContaining(['id', 'date']));
  });

  it('refuse a write by name even if asked for one', async () => {
    const tools = toolboxFor(ctx.deps, assistantFor(visitor, 'test'));
    for (const name of [
      'createBooking',
      'cancelBooking',
      'createPaymentIntent',
      'refundPayment',
      'updateBookingStatus',
    ]) {
      expect(await tools.call(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    }
  });

  it('read as the person chatting: a visitor’s assistant sees no bookings, the customer’s sees theirs', async () => {
    const asVisitor = toolboxFor(ctx.deps, assistantFor(visitor, 'test'));
    expect(await asVisitor.call('listBookings', {})).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    if (!demo) throw new Error('demo customer missing');
    const asCustomer = toolboxFor(ctx.deps, assistantFor({ kind: 'customer', userId: demo.id }, 'test'));
    const result = await asCustomer.call('listBookings', {});
    expect(result.ok).toBe(true);
    const { bookings } = (result as { data: { bookings: Array<{ id: number }> } }).data;
    expect(bookings.length).toBeGreaterThan(0);
    // Nothing in a tool's answer carries an e-mail address.
    expect(JSON.stringify(result)).not.toMatch(/@/);
  });

  it('answer bad arguments as an error the engine can read, not a throw', async () => {
    const tools = toolboxFor(ctx.deps, assistantFor(visitor, 'test'));
    expect(await tools.call('listTimeSlots', { id: 1, date: 'soon' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await tools.call('getCleaner', { id: 999_999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('show public cleaner facts only', async () => {
    const tools = toolboxFor(ctx.deps, assistantFor(visitor, 'test'));
    const [row] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.status, 'active')).limit(1);
    const result = await tools.call('getCleaner', { id: row?.id });
    expect(result.ok).toBe(true);
    expect(Object.keys((result as { data: object }).data)).not.toContain('userId');
    expect(JSON.stringify(result)).not.toMatch(/@|phone/i);
  });

  it('list only free times the booking page can book (8:00 to 18:30), so a proposal opens with its time', async () => {
    const tools = toolboxFor(ctx.deps, assistantFor(visitor, 'test'));
    const [row] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.status, 'active')).limit(1);
    const id = row?.id as number;
    await ctx.database.write(async (tx) => {
      await tx.delete(availability).where(eq(availability.cleanerId, id));
      await tx.insert(availability).values(
        [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          cleanerId: id,
          dayOfWeek,
          startTime: '06:00',
          endTime: '21:00',
          isAvailable: true,
        })),
      );
    });
    const date = new Date(ctx.deps.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const result = await tools.call('listTimeSlots', { id, date });
    const free = (result as { data: { free: string[] } }).data.free;
    expect(free).toContain('08:00');
    expect(free.filter((t) => t < '08:00' || t > '18:30')).toEqual([]);
  });
});
