import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, systemActor } from '../contract/actor';
import { bookings } from '../db/schema';
import { extendSeries } from '../series/series-horizon.service';
import { sessionFor } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';
import { answerTurn, openTurn, startChat } from './chat.service';

/**
 * A customer's regular cleaning and the assistant (decision 088): "when is my next visit?" names
 * it; "skip next Friday's cleaning" explains how and links the series, where that visit's Skip is —
 * and skips nothing itself. Ann's weekly Friday 9:00 with the demo cleaner, from 16 October 2026.
 */
const world = await bookingWorld();
const { ctx, payload, book } = world;
ctx.clock.set('2026-10-12T12:00:00Z');
const asA = await sessionFor(ctx, world.customerA);
const ann: Actor = { kind: 'customer', userId: world.customerA };

const made = await book(asA, payload({ scheduledDate: '2026-10-16', scheduledTime: '09:00' }));
const series = await ctx.json<Json>('/api/booking-series', {
  method: 'POST',
  headers: asA,
  body: { bookingId: made.body.id, frequency: 'weekly' },
});
const intent = await ctx.json<Json>('/api/create-payment-intent', {
  method: 'POST',
  headers: asA,
  body: { bookingId: made.body.id },
});
await ctx.json('/api/payments/local/confirm', {
  method: 'POST',
  headers: asA,
  body: {
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2035,
    cvc: '123',
  },
});
await extendSeries(ctx.deps, systemActor('extend-series'));

async function ask(actor: Actor, message: string) {
  const { sessionId } = await startChat(ctx.deps, actor);
  const turn = await openTurn(ctx.deps, actor, sessionId);
  return answerTurn(ctx.deps, turn, message, { siteOrigin: 'http://localhost:8787', timeZone: 'America/Chicago' });
}

describe('the assistant and a regular cleaning', () => {
  it('answers when the next visit is', async () => {
    const reply = await ask(ann, 'when is my next visit?');
    expect(reply.text).toContain('Friday, October 16');
    expect(reply.text).toContain('9:00 AM');
    expect(reply.text).toContain(`/dashboard?tab=regular&series=${series.body.id}`);
  });

  it('explains how to skip next Friday’s cleaning, links its Skip, and skips nothing', async () => {
    const reply = await ask(ann, "skip next Friday's cleaning");
    expect(reply.text).toMatch(/can’t skip it for you/);
    expect(reply.text).toContain('Friday, October 16');
    expect(reply.text).toContain(`series=${series.body.id}&skip=${made.body.id}`);
    const visits = await ctx.database.db.select().from(bookings).where(eq(bookings.seriesId, series.body.id));
    expect(visits.every((v) => v.status !== 'cancelled')).toBe(true);
  });

  it('answers with a one-time booking sooner than the next visit, as the next of all the bookings', async () => {
    const sooner = await book(asA, payload({ scheduledDate: '2026-10-14', scheduledTime: '10:00' }));
    expect(sooner.status).toBe(201);
    const reply = await ask(ann, 'when is my next visit?');
    expect(reply.text).toContain('October 14');
    expect(reply.text).not.toContain('regular cleaning');
    await ctx.json(`/api/bookings/${sooner.body.id}`, { method: 'DELETE', headers: asA });
  });

  it('tells someone signed out to sign in to see their bookings', async () => {
    const reply = await ask({ kind: 'visitor' }, 'when is my next cleaning?');
    expect(reply.text).toContain('/login');
  });
});
