import { FAQ_GROUPS, policy } from '@spotless/sdk/help';
import { describe, expect, it, vi } from 'vitest';
import { deliverNotifications } from '../notifications/outbox';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { CARD } from '../test/payment-world';

/**
 * The free-cancellation window is written once (`sdk/src/rules/cancellation.ts`): set to 48 hours
 * here, every place that states or applies it follows — the help centre and the terms (the policy
 * facts), the booking's cancel action that the cancel dialog shows, the assistant's answer and the
 * booking e-mail.
 */
vi.mock('../../../sdk/src/rules/cancellation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../sdk/src/rules/cancellation')>()),
  FREE_CANCELLATION_HOURS: 48,
}));

const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner } = await seedWorld(ctx);
const customer = await createCustomer(ctx, 'Cara');
const asCustomer = await sessionFor(ctx, customer);

describe('a free-cancellation window of 48 hours', () => {
  it('is what the help centre and the terms say', () => {
    expect(policy.freeCancellationHours).toBe(48);
    const answers = FAQ_GROUPS.flatMap((group) => group.entries.map((entry) => entry.answer)).join('\n');
    expect(answers).toContain('48 or more hours before');
    expect(answers).not.toContain('24 or more hours before');
  });

  it('is what the booking e-mail, the cancel action and the assistant apply, 26 hours before a paid start', async () => {
    await deliverNotifications(ctx.deps);
    const before = ctx.sent.length;
    // Any start on Tuesday in Austin (09:00 is 14:00 UTC) is 26 to 35 hours after the test's clock.
    const slots = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}/slots/2026-06-16?duration=120`);
    const start = (slots.body.items as Json[]).find((slot) => slot.isAvailable)?.startTime as string;
    expect(start).toBeDefined();
    const made = await ctx.json<Json>('/api/bookings', {
      method: 'POST',
      headers: asCustomer,
      body: {
        cleanerId: demoCleaner.id,
        serviceId: 1,
        address: '1 Congress Ave, Austin, TX',
        scheduledDate: '2026-06-16',
        scheduledTime: start,
        duration: 120,
        totalPrice: '90.00',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Paid, so it is confirmed (and e-mailed), and a late cancellation keeps the cleaner's fee.
    const intent = await ctx.json<Json>('/api/create-payment-intent', {
      method: 'POST',
      headers: asCustomer,
      body: { bookingId: made.body.id },
    });
    const paid = await ctx.json('/api/payments/local/confirm', {
      method: 'POST',
      headers: asCustomer,
      body: { clientSecret: intent.body.clientSecret, ...CARD },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await deliverNotifications(ctx.deps);
    const mail = ctx.sent.slice(before).find((m) => m.body.includes('1 Congress Ave') && /cancel/i.test(m.body));
    // Paid 26 hours before the start, inside the 48-hour window: no free deadline is offered.
    expect(mail?.body).toContain('This booking starts within 48 hours, so cancelling it is not free');

    const booking = await ctx.json<Json>(`/api/bookings/${made.body.id}`, { headers: asCustomer });
    expect(booking.body.actions.cancel.description).toMatch(/^Less than 48 hours before the start: the cleaner's fee/);

    const chat = await ctx.json<Json>('/api/chat/session', { method: 'POST', headers: asCustomer, body: {} });
    const reply = await ctx.json<Json>(`/api/chat/${chat.body.sessionId}/message`, {
      method: 'POST',
      headers: asCustomer,
      body: { message: 'Can I cancel my next booking for free?' },
    });
    expect(reply.body.response).toContain('Cancelling it is not free: your next cleaning');
  });
});
