import { describe, expect, it } from 'vitest';
import { type Actor, visitor } from '../contract/actor';
import { messageOn } from '../test/message-fixtures';
import { payoutWorld } from '../test/payout-world';
import { answerTurn, openTurn, startChat } from './chat.service';

/**
 * "message my cleaner" (decision 087): the assistant sends nothing; it links the thread — the
 * customer's booking's details, or a cleaner's job cards — and asks a visitor to sign in.
 */

const { ctx, f, cleanerActor, paidBooking } = await payoutWorld();
const customer = await f.customer();
const booking = await paidBooking(9_000, customer);
const customerActor: Actor = { kind: 'customer', userId: customer.id };

async function ask(actor: Actor, message: string) {
  const { sessionId } = await startChat(ctx.deps, actor);
  const turn = await openTurn(ctx.deps, actor, sessionId);
  return answerTurn(ctx.deps, turn, message, { siteOrigin: 'http://localhost:8787', timeZone: 'America/New_York' });
}

describe('asking the assistant to message someone', () => {
  it('links a customer to the thread in their booking’s details, and writes nothing', async () => {
    const reply = await ask(customerActor, 'message my cleaner');
    expect(reply.text).toContain(`/dashboard?booking=${booking.id}`);
    expect(reply.text).toMatch(/can’t send messages for you/);
    const thread = await f.as(customer.cookie)('GET', `/api/bookings/${booking.id}/messages`);
    expect(thread.status).toBe(200);
    expect(thread.body.items).toEqual([]);
  });

  it('links the booking whose thread has the cleaner’s unread messages, before the next one', async () => {
    const other = await paidBooking(12_000, customer);
    await messageOn(ctx.database, {
      bookingId: other.id,
      senderUserId: (cleanerActor as { userId: number }).userId,
      senderRole: 'cleaner',
      body: 'Is the side gate open?',
    });
    const reply = await ask(customerActor, 'message my cleaner');
    expect(reply.text).toContain(`/dashboard?booking=${other.id}`);
    expect(reply.text).toMatch(/has written to you/);
  });

  it('sends a cleaner to their job cards, and a visitor to sign in', async () => {
    expect((await ask(cleanerActor, 'how do I text my customer?')).text).toContain('/cleaner-dashboard');
    expect((await ask(visitor, 'can I contact my cleaner?')).text).toContain('/login');
  });
});
