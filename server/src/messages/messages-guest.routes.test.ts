import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { sessionFor } from '../test/booking-fixtures';
import { guestCheckoutWorld } from '../test/guest-checkout';
import type { Json } from '../test/harness';

/**
 * A guest's booking from a partner's widget (decisions 049 and 087): its guest token reaches no
 * thread; once the e-mailed link has joined the booking to the guest's account, the thread is
 * theirs as its customer, with the cleaner's messages written before.
 */
const { ctx, demoCleaner, widget, payload, bookAndPayAsGuest, linkFor } = await guestCheckoutWorld();
const asCleaner = await sessionFor(ctx, demoCleaner.userId);

describe('a guest booking’s thread', () => {
  it('is refused to the guest token, and reached by the guest once their link joined the booking to their account', async () => {
    const made = await bookAndPayAsGuest(payload());
    const id = made.body.booking.id as number;
    const path = `/api/bookings/${id}/messages`;
    const guest = { ...widget, authorization: `Bearer ${made.body.guestToken}` };
    expect((await ctx.json(path, { headers: guest })).status).toBe(403);
    expect((await ctx.json(path, { method: 'POST', headers: guest, body: { body: 'Hello' } })).status).toBe(403);

    const early = await ctx.json<Json>(path, { method: 'POST', headers: asCleaner, body: { body: 'Any pets?' } });
    expect(early.status).toBe(201);
    // No account to write to yet: no notice is queued for the guest.
    const queued = await ctx.database.db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, `booking_messages:${id}:%`));
    expect(queued).toEqual([]);

    const opened = await ctx.app.request(await linkFor(made.body.booking.customer.email as string));
    const session = /spotless_session=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1];
    expect(session).toBeDefined();
    const asGuestAccount = { cookie: `spotless_session=${session}`, origin: 'http://localhost:8787' };
    const thread = await ctx.json<Json>(path, { headers: asGuestAccount });
    expect(thread.status).toBe(200);
    expect(thread.body.items.map((m: Json) => m.body)).toEqual(['Any pets?']);
    expect(thread.body.unreadCount).toBe(1);
    const reply = await ctx.json<Json>(path, { method: 'POST', headers: asGuestAccount, body: { body: 'One cat.' } });
    expect(reply.status).toBe(201);
    expect(reply.body.items.at(-1)).toMatchObject({ from: 'customer', mine: true, senderName: 'Gail' });
  });
});
