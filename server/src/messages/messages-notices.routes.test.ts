import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingMessageReports, notifications } from '../db/schema';
import { deliverNotifications } from '../notifications/outbox';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';

/**
 * Messages on a booking (decision 087): unread counts, marking read, the batched notice e-mail and
 * reports. Ann (A) books the demo cleaner, Jordan Rivera; Ben (B) is a stranger. The clock starts on
 * Monday 15 June 2026 at noon UTC, the start of a 15-minute notice window.
 */
const { ctx, customerA, asA, asB, asCleaner, payload, book } = await bookingWorld();

let day = 1;
async function newBooking(): Promise<number> {
  day += 1;
  if (new Date(`2026-09-${String(day).padStart(2, '0')}T12:00:00Z`).getUTCDay() === 0) day += 1;
  const made = await book(asA, payload({ scheduledDate: `2026-09-${String(day).padStart(2, '0')}` }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

const thread = (id: number, headers: Record<string, string>) =>
  ctx.json<Json>(`/api/bookings/${id}/messages`, { headers });
const post = (id: number, headers: Record<string, string>, body: string) =>
  ctx.json<Json>(`/api/bookings/${id}/messages`, { method: 'POST', headers, body: { body } });
const unread = async (headers: Record<string, string>) =>
  (await ctx.json<Json>('/api/messages/unread', { headers })).body;
const notices = (id: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(like(notifications.dedupeKey, `booking_messages:${id}:%`))
    .orderBy(notifications.id);

describe('unread messages', () => {
  it('counts the other party’s messages after the read mark, per thread and in all, until marked read', async () => {
    ctx.clock.set('2026-06-15T12:00:00Z');
    const one = await newBooking();
    const two = await newBooking();
    await post(one, asA, 'Hello Jordan');
    await post(one, asCleaner, 'Hello Ann');
    await post(one, asCleaner, 'Do you have a vacuum?');
    await post(two, asCleaner, 'See you then');

    const annUnread = await unread(asA);
    expect(annUnread.unreadCount).toBe(3);
    expect(annUnread.threads).toEqual([
      {
        bookingId: one,
        unreadCount: 2,
        links: { messages: expect.objectContaining({ href: `/api/bookings/${one}/messages` }) },
      },
      {
        bookingId: two,
        unreadCount: 1,
        links: { messages: expect.objectContaining({ href: `/api/bookings/${two}/messages` }) },
      },
    ]);
    // Writing in a thread reads it: the cleaner's reply moved their mark past Ann's message.
    expect((await unread(asCleaner)).unreadCount).toBe(0);
    expect((await unread(asB)).unreadCount).toBe(0);

    const shown = await thread(one, asA);
    expect(shown.body.unreadCount).toBe(2);
    expect(shown.body.items.map((m: Json) => m.unread)).toEqual([false, true, true]);
    const markRead = shown.body.actions.markRead;
    expect(markRead).toMatchObject({ method: 'POST', href: `/api/bookings/${one}/messages/read` });
    const read = await ctx.json<Json>(markRead.href, { method: 'POST', headers: asA });
    expect(read.status).toBe(200);
    expect(read.body.unreadCount).toBe(0);
    expect(read.body.actions.markRead).toBeUndefined();
    expect((await unread(asA)).unreadCount).toBe(1);
    expect((await ctx.json(`/api/messages/unread`)).status).toBe(401);
  });
});

describe('the notice e-mail', () => {
  it('sends the other party one e-mail per thread per 15 minutes, counting the window’s messages, without their text', async () => {
    ctx.clock.set('2026-06-15T13:00:00Z');
    const id = await newBooking();
    await post(id, asA, 'First: call me on 512 555 0188');
    ctx.clock.set('2026-06-15T13:05:00Z');
    await post(id, asA, 'Second');
    ctx.clock.set('2026-06-15T13:14:00Z');
    await post(id, asA, 'Third');

    const queued = await notices(id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      status: 'pending',
      recipientEmail: 'cleaner@example.com',
      type: 'booking_messages',
    });
    expect(queued[0]?.subject).toMatch(/^Ann sent you 3 new messages about your booking on \w+day, September \d+$/);
    expect(queued[0]?.body).toContain(`(booking number ${id})`);
    expect(queued[0]?.body).toContain(`http://localhost:8787/cleaner-dashboard?booking=${id}&tab=messages`);
    expect(queued[0]?.body).not.toContain('555');
    expect(queued[0]?.body).not.toContain('First');
    expect(queued[0]?.nextAttemptAt.toISOString()).toBe('2026-06-15T13:15:00.000Z');

    const about = () => ctx.sent.filter((m) => m.body.includes(`(booking number ${id})`));
    await deliverNotifications(ctx.deps);
    expect(about()).toHaveLength(0);
    ctx.clock.set('2026-06-15T13:15:00Z');
    await deliverNotifications(ctx.deps);
    expect(about()).toHaveLength(1);

    ctx.clock.set('2026-06-15T13:16:00Z');
    await post(id, asA, 'Fourth');
    const next = await notices(id);
    expect(next).toHaveLength(2);
    expect(next[1]?.subject).toMatch(/^Ann sent you a new message about your booking on /);

    await post(id, asCleaner, 'Got them all');
    expect(await notices(id)).toHaveLength(3);
    expect((await notices(id)).at(-1)).toMatchObject({ recipientUserId: customerA });
    expect((await notices(id)).at(-1)?.body).toContain(`http://localhost:8787/dashboard?booking=${id}&tab=messages`);
  });

  it('withdraws a waiting notice once its recipient has read the thread', async () => {
    ctx.clock.set('2026-06-15T14:00:00Z');
    const id = await newBooking();
    await post(id, asA, 'Anything I should prepare?');
    expect(await notices(id)).toHaveLength(1);
    await ctx.json(`/api/bookings/${id}/messages/read`, { method: 'POST', headers: asCleaner });
    expect(await notices(id)).toHaveLength(0);
  });
});

describe('reporting a message', () => {
  it('records the other party’s report for administrators, audited, once per person per message', async () => {
    ctx.clock.set('2026-06-15T15:00:00Z');
    const id = await newBooking();
    await post(id, asCleaner, 'Pay me in cash instead');
    const shown = await thread(id, asA);
    const message = shown.body.items[0];
    const report = message.actions.report;
    expect(report).toMatchObject({ method: 'POST', href: `/api/bookings/${id}/messages/${message.id}/report` });

    const first = await ctx.json<Json>(report.href, {
      method: 'POST',
      headers: asA,
      body: { reason: 'Asks to pay outside' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.items[0]).toMatchObject({ reported: true, actions: {} });
    const again = await ctx.json<Json>(report.href, { method: 'POST', headers: asA, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_reported');

    const own = await ctx.json<Json>(report.href, { method: 'POST', headers: asCleaner, body: {} });
    expect(own.status).toBe(404);
    expect((await ctx.json<Json>(report.href, { method: 'POST', headers: asB, body: {} })).status).toBe(404);
    const tooLong = await ctx.json<Json>(report.href, {
      method: 'POST',
      headers: asA,
      body: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);

    const reports = await ctx.database.db
      .select()
      .from(bookingMessageReports)
      .where(eq(bookingMessageReports.messageId, message.id));
    expect(reports).toEqual([expect.objectContaining({ reason: 'Asks to pay outside' })]);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking_message.reported'), eq(auditLog.entityId, String(message.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorRole: 'customer', entityType: 'booking_message' });
  });
});
