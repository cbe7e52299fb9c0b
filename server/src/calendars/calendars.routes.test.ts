import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { assistantFor } from '../contract/actor';
import { auditLog, bookings, cleanerCalendarFeeds } from '../db/schema';
import { ORIGIN } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';
import { readIcs } from '../test/ics-reader';
import { rotateFeed } from './calendars.service';

/**
 * Calendars (decision 083): a confirmed booking's `.ics` for its customer, its cleaner and
 * administrators, and a cleaner's private feed behind a rotatable token, each read back by ical.js.
 * The world: Monday 15 June 2026; the demo cleaner, Jordan Rivera, works in Austin (America/Chicago).
 */
const { ctx, demoCleaner, asA, asB, asCleaner, asOtherCleaner, payload, book } = await bookingWorld();

async function adminHeaders() {
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: null, kind: 'admin' }, ctx.clock.now());
  return { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };
}

async function confirmedBooking(date: string, time = '09:00'): Promise<number> {
  const made = await book(asA, payload({ scheduledDate: date, scheduledTime: time }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const accepted = await ctx.json(`/api/bookings/${made.body.id}/status`, {
    method: 'PATCH',
    headers: asCleaner,
    body: { status: 'confirmed' },
  });
  expect(accepted.status).toBe(200);
  return made.body.id;
}

const ics = (path: string, headers: Record<string, string> = {}) => ctx.json<string>(path, { headers });

describe('a booking’s .ics', () => {
  it('is offered and served to its customer, its cleaner and administrators once it is confirmed', async () => {
    const pending = await book(asA, payload({ scheduledDate: '2026-08-04' }));
    expect(pending.body.links.calendar).toBeUndefined();
    const refused = await ctx.json<Json>(`/api/bookings/${pending.body.id}/calendar.ics`, { headers: asA });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'not_confirmed' });
    expect(refused.body.error.message).toContain('pending');

    const id = await confirmedBooking('2026-08-05');
    const shown = await ctx.json<Json>(`/api/bookings/${id}`, { headers: asA });
    expect(shown.body.links.calendar).toEqual({
      href: `/api/bookings/${id}/calendar.ics`,
      title: 'Add to calendar',
      operation: 'getBookingCalendar',
    });
    const admin = await adminHeaders();
    for (const headers of [asA, asCleaner, admin]) {
      const answer = await ics(`/api/bookings/${id}/calendar.ics`, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="spotless-booking-${id}.ics"`);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(answer.body.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    }
    for (const headers of [asB, asOtherCleaner]) {
      expect((await ics(`/api/bookings/${id}/calendar.ics`, headers)).status).toBe(404);
    }
    expect((await ics(`/api/bookings/${id}/calendar.ics`)).status).toBe(401);
    expect((await ics('/api/bookings/999999/calendar.ics', asA)).status).toBe(404);
  });

  it('reads back with its zone, instant, summary, address and link; the cleaner’s names the customer by first name', async () => {
    const id = await confirmedBooking('2026-08-06', '10:30');
    const mine = readIcs((await ics(`/api/bookings/${id}/calendar.ics`, asA)).body);
    expect(mine.zones).toEqual(['America/Chicago']);
    const [event] = mine.events;
    expect(event).toMatchObject({
      uid: `booking-${id}@localhost:8787`,
      summary: 'Regular House Cleaning with Jordan Rivera',
      location: '1 Congress Ave, Austin, TX',
      url: `${ORIGIN}/dashboard?booking=${id}`,
      timeZone: 'America/Chicago',
      localStart: '2026-08-06T10:30:00',
      status: 'CONFIRMED',
    });
    // 10:30 in Austin in August is CDT, five hours behind UTC.
    expect(event?.start.toISOString()).toBe('2026-08-06T15:30:00.000Z');
    expect(event?.end.toISOString()).toBe('2026-08-06T17:30:00.000Z');
    expect(event?.description).toContain('Instructions: Side door');

    const theirs = readIcs((await ics(`/api/bookings/${id}/calendar.ics`, asCleaner)).body).events[0];
    expect(theirs?.summary).toBe('Regular House Cleaning for Ann');
    expect(theirs?.uid).toBe(event?.uid);
    expect(theirs?.url).toBe(`${ORIGIN}/cleaner-dashboard`);
  });

  it('keeps its local time across the change to winter time, and a rescheduled booking updates the same event', async () => {
    // Booked in June (CDT) for the Monday after the clocks go back (CST, six hours behind UTC).
    const id = await confirmedBooking('2026-11-02', '09:00');
    const before = readIcs((await ics(`/api/bookings/${id}/calendar.ics`, asA)).body).events[0];
    expect(before?.localStart).toBe('2026-11-02T09:00:00');
    expect(before?.start.toISOString()).toBe('2026-11-02T15:00:00.000Z');

    ctx.clock.set('2026-06-15T13:00:00Z');
    try {
      const moved = await ctx.json<Json>(`/api/bookings/${id}`, {
        method: 'PUT',
        headers: asA,
        body: { scheduledDate: '2026-11-03', scheduledTime: '09:00' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const after = readIcs((await ics(`/api/bookings/${id}/calendar.ics`, asA)).body).events[0];
      expect(after?.uid).toBe(before?.uid);
      expect(after?.sequence).toBeGreaterThan(before?.sequence ?? 0);
      expect(after?.start.toISOString()).toBe('2026-11-03T15:00:00.000Z');
    } finally {
      ctx.clock.set('2026-06-15T12:00:00Z');
    }
  });
});

describe('a cleaner’s calendar feed', () => {
  it('is made on demand, lists only that cleaner’s confirmed jobs, and a rotation ends the old URL', async () => {
    const none = await ctx.json<Json>('/api/calendar/feed', { headers: asCleaner });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ active: false, url: null, actions: { rotate: { title: 'Create feed URL' } } });

    const made = await ctx.json<Json>(none.body.actions.rotate.href, { method: 'POST', headers: asCleaner });
    expect(made.status).toBe(200);
    const url: string = made.body.url;
    expect(url).toMatch(/^http:\/\/localhost:8787\/api\/calendar\/cleaners\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.body.webcalUrl).toBe(url.replace('http://', 'webcal://'));
    expect(made.body.actions.rotate.title).toBe('Make a new URL');
    // Only the token's hash is kept, so the URL is not shown again.
    const again = await ctx.json<Json>('/api/calendar/feed', { headers: asCleaner });
    expect(again.body).toMatchObject({ active: true, url: null });
    const [stored] = await ctx.database.db
      .select()
      .from(cleanerCalendarFeeds)
      .where(eq(cleanerCalendarFeeds.cleanerId, demoCleaner.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(url).not.toContain(stored?.tokenHash);

    const confirmed = await confirmedBooking('2026-08-10');
    const pending = (await book(asA, payload({ scheduledDate: '2026-08-11' }))).body.id;
    const path = new URL(url).pathname;
    const feed = await ctx.json<string>(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    const read = readIcs(feed.body);
    expect(read).toMatchObject({ name: 'Spotless jobs', timeZone: 'America/Chicago' });
    const ids = read.events.map((e) => Number(/^booking-(\d+)@/.exec(e.uid)?.[1]));
    expect(ids).toContain(confirmed);
    expect(ids).not.toContain(pending);
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.cleanerId, demoCleaner.id));
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    expect(ids.every((bookingId) => ['confirmed', 'in_progress'].includes(statusOf.get(bookingId) ?? ''))).toBe(true);
    const job = read.events.find((e) => e.uid.startsWith(`booking-${confirmed}@`));
    expect(job).toMatchObject({ summary: 'Regular House Cleaning for Ann', location: '1 Congress Ave, Austin, TX' });
    expect(feed.body).not.toContain('Customer'); // no surname
    expect(feed.body).not.toContain('@test.example'); // no e-mail

    const rotated = await ctx.json<Json>(made.body.actions.rotate.href, { method: 'POST', headers: asCleaner });
    expect(rotated.body.url).not.toBe(url);
    expect((await ctx.json(path)).status).toBe(404);
    expect((await ctx.json(new URL(rotated.body.url).pathname)).status).toBe(200);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(demoCleaner.id)));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['calendar_feed.created', 'calendar_feed.rotated']),
    );
  });

  it('is a cleaner’s only: a customer is refused, a wrong token is 404, and the assistant makes no URL', async () => {
    expect((await ctx.json('/api/calendar/feed', { headers: asA })).status).toBe(403);
    expect((await ctx.json('/api/calendar/feed', { method: 'POST', headers: asA })).status).toBe(403);
    expect((await ctx.json('/api/calendar/feed')).status).toBe(401);
    expect((await ctx.json(`/api/calendar/cleaners/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await ctx.json('/api/calendar/cleaners/short.ics')).status).toBe(404);
    const other = await ctx.json<Json>('/api/calendar/feed', { method: 'POST', headers: asOtherCleaner });
    const theirs = readIcs((await ctx.json<string>(new URL(other.body.url).pathname)).body);
    expect(theirs.events.every((e) => !e.summary.includes('Ann'))).toBe(true);

    const assistant = assistantFor({ kind: 'cleaner', userId: demoCleaner.userId, cleanerId: demoCleaner.id }, 'c1');
    await expect(rotateFeed(ctx.deps, assistant)).rejects.toMatchObject({ status: 403 });
  });
});
