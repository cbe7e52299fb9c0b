import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Actor, systemActor } from '../contract/actor';
import { bookings, ledgerEntries, ledgerLines, localTransfers } from '../db/schema';
import type { LocalPaymentProvider } from '../payments/local-provider';
import { applyAccountState, connectPayoutAccount } from '../payouts/payout-accounts.service';
import { createTestContext } from './harness';
import { paymentsFixture } from './payment-fixtures';

/**
 * A world for paying cleaners out (decision 080): the local provider with Connect, a paid booking
 * made through the API, the job moved to completed some hours ago, the cleaner's account
 * connected through the offline onboarding, and what the ledger and the provider say.
 */
export async function payoutWorld() {
  const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
  const HOUR = 3_600_000;
  const ctx = await createTestContext();
  const f = await paymentsFixture(ctx);
  const provider = ctx.deps.payments as LocalPaymentProvider;
  const job = systemActor('pay-out');
  const cleanerActor: Actor = { kind: 'cleaner', userId: f.cleaner.userId, cleanerId: f.cleaner.id };
  const feeBps = ctx.deps.config.platformFeeBps;

  async function paidBooking(totalCents: number, payer?: Awaited<ReturnType<typeof f.customer>>) {
    const customer = payer ?? (await f.customer());
    const booking = await f.booking(customer.id, totalCents);
    const call = f.as(customer.cookie);
    const intent = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(intent.status).toBe(200);
    const paid = await call('POST', '/api/payments/local/confirm', { clientSecret: intent.body.clientSecret, ...CARD });
    expect(paid.status).toBe(200);
    return { ...booking, cookie: customer.cookie };
  }

  async function finish(bookingId: number, endedHoursAgo: number) {
    const endsAt = new Date(ctx.clock.now().getTime() - endedHoursAgo * HOUR);
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ status: 'completed', startsAt: new Date(endsAt.getTime() - 2 * HOUR), endsAt })
        .where(eq(bookings.id, bookingId)),
    );
  }

  /** What the ledger says is owed to the cleaner on a booking, and whether all of its entries balance. */
  async function books(bookingId: number) {
    const [owed] = await ctx.database.db
      .select({ cents: sql<number>`coalesce(sum(${ledgerLines.creditCents} - ${ledgerLines.debitCents}), 0)` })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(sql`${ledgerEntries.bookingId} = ${bookingId} and ${ledgerLines.account} = 'cleaner'`);
    const [all] = await ctx.database.db
      .select({
        debits: sql<number>`sum(${ledgerLines.debitCents})`,
        credits: sql<number>`sum(${ledgerLines.creditCents})`,
      })
      .from(ledgerLines);
    return { owedCents: Number(owed?.cents), balanced: Number(all?.debits) === Number(all?.credits) };
  }

  const transfersTo = async (bookingId: number) =>
    ctx.database.db
      .select()
      .from(localTransfers)
      .where(eq(localTransfers.transferGroup, `booking_${bookingId}`));

  async function connectCleaner() {
    const { onboardingUrl } = await connectPayoutAccount(ctx.deps, cleanerActor, {
      returnUrl: 'http://localhost:8787/cleaner/payouts',
      refreshUrl: 'http://localhost:8787/cleaner/payouts',
    });
    const link = new URL(onboardingUrl);
    expect(link.pathname).toBe('/payouts/test-onboarding');
    const account = await provider.connect.completeOnboarding({
      providerAccountId: link.searchParams.get('account') ?? '',
      token: link.searchParams.get('token') ?? '',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    if ('error' in account) throw new Error(account.error);
    await ctx.database.write((tx) => applyAccountState(tx, 'local', account, ctx.clock.now()));
  }

  return { ctx, f, provider, job, cleanerActor, feeBps, paidBooking, finish, books, transfersTo, connectCleaner };
}
