import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { assistantFor } from '../contract/actor';
import { bookingMessages, bookings } from '../db/schema';
import { ORIGIN } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';
import { CONTACT_HIDDEN } from './masking';
import { getThread, postMessage } from './messages.service';

/**
 * Messages on a booking (decision 087): a thread between a booking's customer (Ann) and its cleaner
 * (Jordan Rivera, the demo cleaner); Ben and the other cleaner are strangers to it. Monday 15 June
 * 2026, noon UTC.
 */
const { ctx, customerA, asA, asB, asCleaner, asOtherCleaner, payload, book } = await bookingWorld();

async function adminHeaders() {
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
  return { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };
}

let day = 1;
/** A fresh booking of Ann's with the demo cleaner, on its own day in August. */
async function newBooking(): Promise<number> {
  day += 1;
  if (new Date(`2026-08-${String(day).padStart(2, '0')}T12:00:00Z`).getUTCDay() === 0) day += 1;
  const made = await book(
    asA,
    payload({ scheduledDate: `2026-08-${String(day).padStart(2, '0')}`, scheduledTime: '09:00' }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

const thread = (id: number, headers: Record<string, string>) =>
  ctx.json<Json>(`/api/bookings/${id}/messages`, { headers });
const post = (id: number, headers: Record<string, string>, body: unknown) =>
  ctx.json<Json>(`/api/bookings/${id}/messages`, { method: 'POST', headers, body: body as Json });

describe('who reads and writes a booking’s thread', () => {
  it('lets its customer and its cleaner write, administrators read only, and tells anyone else it does not exist', async () => {
    const id = await newBooking();
    const shown = await ctx.json<Json>(`/api/bookings/${id}`, { headers: asA });
    expect(shown.body.links.messages).toEqual({
      href: `/api/bookings/${id}/messages`,
      title: 'Messages',
      operation: 'listBookingMessages',
    });
    const first = await post(id, asA, { body: '  Is there parking nearby?  ' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({
      body: 'Is there parking nearby?',
      from: 'customer',
      mine: true,
      senderName: 'Ann',
    });
    expect((await post(id, asCleaner, { body: 'Yes, on the street.' })).status).toBe(201);

    const customers = await thread(id, asA);
    expect(customers.body.items.map((m: Json) => m.body)).toEqual(['Is there parking nearby?', 'Yes, on the street.']);
    expect(customers.body.actions.post).toMatchObject({ method: 'POST', href: `/api/bookings/${id}/messages` });
    expect(customers.body.actions.post.fields).toEqual([
      expect.objectContaining({ name: 'body', required: true, maxLength: 2000 }),
    ]);
    expect(customers.body.items[1].actions.report).toBeDefined();
    expect(customers.body.items[0].actions.report).toBeUndefined();

    const admin = await adminHeaders();
    const adminView = await thread(id, admin);
    expect(adminView.status).toBe(200);
    expect(adminView.body.items).toHaveLength(2);
    expect(adminView.body.actions).toEqual({});
    expect(adminView.body.items.every((m: Json) => Object.keys(m.actions).length === 0)).toBe(true);
    const adminPost = await post(id, admin, { body: 'I am the administrator' });
    expect([401, 403]).toContain(adminPost.status);

    for (const stranger of [asB, asOtherCleaner]) {
      expect((await thread(id, stranger)).status).toBe(404);
      expect((await post(id, stranger, { body: 'hello' })).status).toBe(404);
      expect((await ctx.json(`/api/bookings/${id}/messages/read`, { method: 'POST', headers: stranger })).status).toBe(
        404,
      );
    }
    expect((await thread(id, {})).status).toBe(401);
    expect((await thread(999_999, asA)).status).toBe(404);
    const rows = await ctx.database.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, id));
    expect(rows).toHaveLength(2);
  });

  it('refuses the assistant a message, while it reads what its person reads', async () => {
    const id = await newBooking();
    const assistant = assistantFor({ kind: 'customer', userId: customerA }, 'chat-1');
    await expect(
      postMessage(ctx.deps, assistant, id, { body: 'on your behalf' }, async () => {}),
    ).rejects.toMatchObject({
      status: 403,
    });
    const rows = await ctx.database.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, id));
    expect(rows).toHaveLength(0);
    await post(id, asCleaner, { body: 'See you Monday' });
    const read = await getThread(ctx.deps, assistant, id);
    expect(read.items.map((m) => m.body)).toEqual(['See you Monday']);
    expect(read).toMatchObject({ mayPost: false, mayMarkRead: false });
    expect(read.items[0]?.mayReport).toBe(false);
  });
});

describe('what a message may say', () => {
  it('answers an empty or too long message with 400 naming `body`, and writes nothing', async () => {
    const id = await newBooking();
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, { body: 42 }, {}, { body: 'hi', extra: 1 }]) {
      const answer = await post(id, asA, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body.error)).toMatch(/body|extra/);
    }
    expect((await post(id, asA, { body: 'x'.repeat(2000) })).status).toBe(201);
    const rows = await ctx.database.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, id));
    expect(rows.map((r) => r.body.length)).toEqual([2000]);
  });

  it('hides phone numbers and e-mail addresses until the booking is paid, then shows them as written', async () => {
    const id = await newBooking();
    const text = 'Call me on (512) 555-0188 or write to ann.smith@example.com before 2026-08-05, gate code 4411.';
    expect((await post(id, asA, { body: text })).status).toBe(201);
    const before = await thread(id, asCleaner);
    expect(before.body.contactDetailsHidden).toBe(true);
    expect(before.body.items[0]).toMatchObject({
      masked: true,
      body: `Call me on ${CONTACT_HIDDEN} or write to ${CONTACT_HIDDEN} before 2026-08-05, gate code 4411.`,
    });
    const [stored] = await ctx.database.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, id));
    expect(stored?.body).toBe(text);

    await ctx.database.db.update(bookings).set({ paymentStatus: 'succeeded' }).where(eq(bookings.id, id));
    const after = await thread(id, asCleaner);
    expect(after.body.contactDetailsHidden).toBe(false);
    expect(after.body.items[0]).toMatchObject({ masked: false, body: text });
  });

  it('counts 20 messages per 10 minutes per person (429 with Retry-After), then lets them write again', async () => {
    const id = await newBooking();
    ctx.clock.set('2026-06-16T08:00:00Z');
    for (let i = 1; i <= 20; i++) expect((await post(id, asCleaner, { body: `message ${i}` })).status).toBe(201);
    const refused = await post(id, asCleaner, { body: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await post(id, asA, { body: 'the customer is counted apart' })).status).toBe(201);
    ctx.clock.set('2026-06-16T08:10:01Z');
    expect((await post(id, asCleaner, { body: 'again' })).status).toBe(201);
    ctx.clock.set('2026-06-15T12:00:00Z');
  });
});
