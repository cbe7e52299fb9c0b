import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, localTransfers, payments } from '../db/schema';
import { runPayouts } from '../payouts/payouts.service';
import { payoutWorld } from '../test/payout-world';

/**
 * The ledger against the provider (decision 080): a clean history reports no difference; a
 * transfer or a refund the provider holds differently from the ledger is named to administrators.
 */

const { ctx, f, job, paidBooking, finish, connectCleaner } = await payoutWorld();
await connectCleaner();
const admin = f.as(await f.adminCookie());

describe('the reconciliation report', () => {
  it('finds nothing when the books and the provider agree, and names a planted difference', async () => {
    const booking = await paidBooking(16_000);
    await finish(booking.id, 30);
    await runPayouts(ctx.deps, job);

    const clean = await admin('GET', '/api/admin/reconciliation');
    expect(clean.status).toBe(200);
    expect(clean.body).toMatchObject({ balanced: true, differences: [], providerUnavailable: false });
    expect(clean.body.paymentsChecked).toBeGreaterThan(0);
    expect(clean.body.transfersChecked).toBeGreaterThan(0);

    // The provider's records say otherwise: a transfer of another amount, a refund we never booked.
    await ctx.database.write(async (tx) => {
      await tx
        .update(localTransfers)
        .set({ amountCents: 1 })
        .where(eq(localTransfers.transferGroup, `booking_${booking.id}`));
      const [payment] = await tx.select().from(payments).where(eq(payments.bookingId, booking.id));
      await tx
        .update(localPaymentIntents)
        .set({ refundedCents: 500 })
        .where(eq(localPaymentIntents.id, payment?.providerPaymentId ?? ''));
    });
    const planted = await admin('GET', '/api/admin/reconciliation');
    const mine = planted.body.differences.filter((d: { bookingId: number }) => d.bookingId === booking.id);
    expect(mine.map((d: { kind: string }) => d.kind).sort()).toEqual(['refund', 'transfer']);
    expect(mine.find((d: { kind: string }) => d.kind === 'refund')).toMatchObject({ ledger: '0.00', provider: '5.00' });
    expect(mine.find((d: { kind: string }) => d.kind === 'transfer')).toMatchObject({ provider: '0.01' });
    expect(planted.body.balanced).toBe(true);
  });
});
