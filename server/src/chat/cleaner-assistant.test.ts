import { centsToDollars, formatDollars } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, assistantFor, visitor } from '../contract/actor';
import { cleaners } from '../db/schema';
import { cleanerEarnings } from '../payouts/earnings.service';
import { sessionFor } from '../test/booking-fixtures';
import { payoutWorld } from '../test/payout-world';
import { answerTurn, openTurn, startChat } from './chat.service';
import { systemPrompt } from './openai-engine';
import { toolboxFor, toolSpecs } from './tools';

/**
 * The assistant for a cleaner (decision 085): their payout questions answered from the earnings
 * service's own figures, their upcoming jobs as the cleaner, a greeting and quick replies for their
 * role — and a customer or a visitor asking the same gets no cleaner's data.
 */

const { ctx, f, feeBps, cleanerActor, paidBooking, finish, connectCleaner } = await payoutWorld();
// A job inside the report window (pending), one past it (available), one still to come (upcoming).
const pendingJob = await paidBooking(14_000);
await finish(pendingJob.id, 2);
const availableJob = await paidBooking(10_000);
await finish(availableJob.id, 30);
const upcomingJob = await paidBooking(8_000);
await connectCleaner();
const customer = await f.customer();
const customerActor: Actor = { kind: 'customer', userId: customer.id };
const zone = (await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, f.cleaner.id)).get())?.timeZone;

async function ask(actor: Actor, message: string) {
  const { sessionId } = await startChat(ctx.deps, actor);
  const turn = await openTurn(ctx.deps, actor, sessionId);
  return answerTurn(ctx.deps, turn, message, { siteOrigin: 'http://localhost:8787', timeZone: 'America/New_York' });
}

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

describe('the assistant for a cleaner', () => {
  it('answers "when is my next payout?" with the earnings service’s figures and date, in the cleaner’s zone', async () => {
    const earnings = await cleanerEarnings(ctx.deps, cleanerActor);
    expect(earnings.totals.pending).toBeGreaterThan(0);
    expect(earnings.totals.available).toBeGreaterThan(0);
    expect(earnings.totals.upcoming).toBeGreaterThan(0);
    expect(earnings.nextPayoutAt).not.toBeNull();
    const reply = await ask(cleanerActor, 'when is my next payout?');
    expect(reply.trace).toMatchObject({ intent: 'payouts', payouts: { question: 'next', cleaner: true } });
    for (const cents of [earnings.totals.pending, earnings.totals.available, earnings.totals.upcoming]) {
      expect(reply.text).toContain(dollars(cents));
    }
    const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: zone }).format(
      earnings.nextPayoutAt ?? new Date(0),
    );
    expect(reply.text).toContain(day);
    expect(reply.text).not.toMatch(/no upcoming cleanings/i);
    expect(reply.pages).toContainEqual(expect.objectContaining({ href: '/cleaner-dashboard?tab=payouts' }));
  });

  it('answers "when do I get paid?" with the payout rule, not a customer’s refund', async () => {
    const earnings = await cleanerEarnings(ctx.deps, cleanerActor);
    const late = await ask(cleanerActor, 'what happens if a customer cancels late?');
    expect(late.text).toMatch(/late-cancellation fee/);
    expect(late.text).not.toMatch(/running late/i);
    for (const question of ['when do I get paid?', 'how do payouts work?']) {
      const reply = await ask(cleanerActor, question);
      expect(reply.text, question).toContain(earnings.whenPaid);
      expect(reply.text, question).not.toMatch(/refund|report a problem/i);
    }
  });

  it('answers the fee from the split configuration and what they earned from the ledger', async () => {
    const fee = await ask(cleanerActor, 'how much do you keep?');
    expect(fee.text).toContain(`${feeBps / 100}%`);
    expect(fee.text).toContain(`${100 - feeBps / 100}%`);
    const earnings = await cleanerEarnings(ctx.deps, cleanerActor);
    const earned = await ask(cleanerActor, 'how much have I earned?');
    expect(earned.text).toContain(dollars(earnings.totals.paidOut));
    expect(earned.text).toContain(dollars(earnings.totals.available));
  });

  it('says when their payout account cannot receive payouts, and what to do', async () => {
    const other = await ctx.database.db
      .select()
      .from(cleaners)
      .where(eq(cleaners.id, f.cleaner.id + 1))
      .get();
    if (!other) throw new Error('second cleaner missing');
    const reply = await ask({ kind: 'cleaner', userId: other.userId, cleanerId: other.id }, 'when is my next payout?');
    expect(reply.text).toContain('Connect a payout account');
    expect(reply.text).toContain('/cleaner-dashboard?tab=payouts');
  });

  it('lists their upcoming jobs as the cleaner', async () => {
    const reply = await ask(cleanerActor, 'what are my upcoming jobs?');
    expect(reply.trace.bookings?.bookingIds).toContain(upcomingJob.id);
    expect(reply.trace.bookings?.bookingIds).not.toContain(pendingJob.id);
    expect(reply.text).toMatch(/upcoming job/);
    const next = await ask(cleanerActor, 'When is my next cleaning?');
    expect(next.trace.bookings?.bookingIds).toContain(upcomingJob.id);
  });

  it('tells a customer and a visitor this is for cleaners, with no cleaner’s figures', async () => {
    const earnings = await cleanerEarnings(ctx.deps, cleanerActor);
    for (const actor of [customerActor, visitor]) {
      for (const question of ['when do I get paid?', 'when is my next payout?', 'how much have I earned?']) {
        const reply = await ask(actor, question);
        expect(reply.text, question).toMatch(/for cleaners/);
        expect(reply.text, question).not.toContain(dollars(earnings.totals.available));
        expect(reply.text, question).not.toContain(dollars(earnings.totals.pending));
      }
    }
    // The rule itself is anyone's to read: the fee and the timing, no one's figures.
    const rule = await ask(visitor, 'How are cleaners paid?');
    expect(rule.text).toContain(`${feeBps / 100}%`);
    expect(rule.text).toContain(earnings.whenPaid);
    expect(rule.text).not.toContain(dollars(earnings.totals.available));
    const fee = await ask(customerActor, 'what is the platform fee?');
    expect(fee.text).toContain(`${feeBps / 100}%`);
    // The tool itself refuses anyone but a cleaner.
    const tools = toolboxFor(ctx.deps, assistantFor(customerActor as never, 'test'));
    expect(await tools.call('getCleanerEarnings', {})).toMatchObject({
      ok: false,
      error: { code: 'cleaner_profile_not_found' },
    });
  });
});

describe('the OpenAI engine for a cleaner', () => {
  it('has the payout tools in its list, and is told a cleaner’s pay questions are about their own', () => {
    const names = toolSpecs().map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['getCleanerEarnings', 'getPayoutTerms']));
    const listBookings = toolSpecs().find((t) => t.name === 'listBookings')?.parameters as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(listBookings.properties)).toContain('cleanerId');
    const forCleaner = systemPrompt({
      now: new Date(),
      person: { firstName: 'Ana', role: 'cleaner', cleanerId: f.cleaner.id },
    });
    expect(forCleaner).toContain('getCleanerEarnings');
    expect(forCleaner).toContain(`cleanerId ${f.cleaner.id}`);
    const forCustomer = systemPrompt({ now: new Date(), person: { firstName: 'Bo', role: 'customer' } });
    expect(forCustomer).toMatch(/Payouts and earnings are for cleaners/);
  });
});

describe('the greeting and quick replies by role', () => {
  it('greets a cleaner, a customer and a visitor for what each can ask', async () => {
    const asCleaner = await sessionFor(ctx, f.cleaner.userId);
    const cleanerChips = await ctx.json<{ quickReplies: string[] }>('/api/chat/suggestions', { headers: asCleaner });
    const customerChips = await ctx.json<{ quickReplies: string[] }>('/api/chat/suggestions', {
      headers: { cookie: customer.cookie },
    });
    const visitorChips = await ctx.json<{ quickReplies: string[] }>('/api/chat/suggestions');
    expect(cleanerChips.body.quickReplies).toContain('When is my next payout?');
    expect(customerChips.body.quickReplies).toContain('When is my next cleaning?');
    expect(customerChips.body.quickReplies).not.toContain('When is my next payout?');
    expect(visitorChips.body.quickReplies).not.toContain('When is my next payout?');
    expect(visitorChips.body.quickReplies).not.toContain('When is my next cleaning?');
    const started = await ctx.json<{ welcomeMessage: string }>('/api/chat/session', {
      method: 'POST',
      headers: asCleaner,
    });
    expect(started.body.welcomeMessage).toMatch(/your earnings and when your next payout is due/);
    const asCustomer = await ctx.json<{ welcomeMessage: string }>('/api/chat/session', {
      method: 'POST',
      headers: { cookie: customer.cookie, origin: 'http://localhost:8787' },
    });
    expect(asCustomer.body.welcomeMessage).toMatch(/your bookings/);
    expect(asCustomer.body.welcomeMessage).not.toMatch(/payout/);
  });

  it('offers an administrator questions about how it works', async () => {
    const admin = await f.adminCookie();
    const chips = await ctx.json<{ quickReplies: string[] }>('/api/chat/suggestions', { headers: { cookie: admin } });
    expect(chips.body.quickReplies).toContain('How are cleaners paid?');
  });
});
