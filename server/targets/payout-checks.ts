import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { paidDemoBooking } from './paid-booking';

/**
 * Paying the cleaner out on the three targets (decision 080), with the local test-mode provider
 * (`LOCAL_PAYOUTS`) and with Stripe's SDK against the loopback Stripe server
 * (payouts-stripe.targets.ts): the demo cleaner connects a payout account and onboards, their paid job
 * is completed and its damage window passes (moved in the database, as only time would), the
 * payout job runs twice and the share is transferred once; an administrator's partial refund after
 * it is reversed from the cleaner's share by the next run, and the ledger balances.
 */
export interface PayoutDriver {
  /** Days ahead the booking is looked for from (checks sharing a target meet no other's booking). */
  fromDay: number;
  /** Pays an intent another way than the local card form (Stripe: its loopback and signed webhook). */
  pay?: (on: OnTarget, clientSecret: string) => Promise<void>;
  /** Finishes the provider's onboarding behind `onboardingUrl` as the cleaner would. */
  onboard(on: OnTarget, onboardingUrl: string): Promise<void>;
  /** The transfers the provider made in the booking's transfer group. */
  transfers(on: OnTarget, bookingId: number): Promise<Array<{ amountCents: number; reversedCents: number }>>;
}

/** The local test-mode provider: its offline onboarding page's API and its own transfer records. */
export const LOCAL_PAYOUTS: PayoutDriver = {
  fromDay: 300,
  async onboard(on, onboardingUrl) {
    const link = new URL(onboardingUrl);
    expect(link.pathname).toBe('/payouts/test-onboarding');
    const body = (accountNumber: string) => ({
      account: link.searchParams.get('account'),
      token: link.searchParams.get('token'),
      routingNumber: '110000000',
      accountNumber,
    });
    const wrongBank = await on.call('/api/payouts/test-onboarding', { method: 'POST', body: body('000111111116') });
    expect(wrongBank.status).toBe(400);
    expect(wrongBank.body.error.fields).toHaveProperty('accountNumber');
    const done = await on.call('/api/payouts/test-onboarding', { method: 'POST', body: body('000123456789') });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  },
  async transfers(on, bookingId) {
    const db = createClient({ url: on.target.databaseUrl });
    try {
      const rows = await db.execute({
        sql: 'select amount_cents, reversed_cents from local_transfers where transfer_group = ?',
        args: [`booking_${bookingId}`],
      });
      return rows.rows.map((r) => ({ amountCents: Number(r.amount_cents), reversedCents: Number(r.reversed_cents) }));
    } finally {
      db.close();
    }
  },
};

export function payoutChecks(on: OnTarget, driver: PayoutDriver): void {
  it('transfers a completed job once when the payout job runs twice, and reverses the cleaner’s part of a later refund', async () => {
    const { call } = on;
    const { cleanerCookie, made } = await paidDemoBooking(
      on,
      driver.fromDay,
      '4242424242424242',
      driver.pay && ((secret) => driver.pay?.(on, secret) ?? Promise.resolve()),
    );
    const bookingId = made.id as number;

    const account = await call('/api/cleaners/profile/payout-account', { cookie: cleanerCookie });
    expect(account.status).toBe(200);
    const connect = account.body.actions.connect as Json;
    expect(connect, 'a connect action until payouts are enabled').toBeDefined();
    const started = await call(connect.href, { method: connect.method, body: {}, cookie: cleanerCookie });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await driver.onboard(on, started.body.onboardingUrl as string);
    const enabled = await call('/api/cleaners/profile/payout-account', { cookie: cleanerCookie });
    expect(enabled.body).toMatchObject({ status: 'enabled', requirement: null });
    expect(enabled.body.actions.connect).toBeUndefined();

    const db = createClient({ url: on.target.databaseUrl });
    try {
      const transfers = () => driver.transfers(on, bookingId);
      await on.target.runJob('pay-out');
      expect(await transfers(), 'nothing before the job is completed').toEqual([]);

      // Completed two days ago: past the 24 hours a customer has to report damage.
      const endsAt = Date.now() - 2 * 86_400_000;
      await db.execute({
        sql: "update bookings set status = 'completed', starts_at = ?, ends_at = ? where id = ?",
        args: [endsAt - 2 * 3_600_000, endsAt, bookingId],
      });
      await on.target.runJob('pay-out');
      await on.target.runJob('pay-out');
      const paid = await transfers();
      expect(paid).toHaveLength(1);
      const share = Number(paid[0]?.amountCents);
      const total = Math.round(Number(made.totalPrice) * 100);
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThan(total);

      // An administrator refunds half after the transfer: the next run takes back the cleaner's half.
      const admin = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const registered = await call('/api/auth/register', {
        method: 'POST',
        body: { email: admin, password: 'admin-target-password', firstName: 'Payout', lastName: 'Admin' },
      });
      expect(registered.status).toBe(201);
      await db.execute({ sql: "update users set role = 'admin' where email = ?", args: [admin] });
      const adminLogin = await call('/api/admin/login', {
        method: 'POST',
        cookie: `spotless_session=${registered.session}`,
        body: { password: 'admin-target-password' },
      });
      expect(adminLogin.status).toBe(200);
      const asAdmin = `spotless_session=${registered.session}; spotless_admin_session=${adminLogin.adminSession}`;
      const payment = (await db.execute({ sql: 'select id from payments where booking_id = ?', args: [bookingId] }))
        .rows[0];
      const half = Math.floor(total / 2);
      const refund = await call(`/api/payments/${payment?.id}/refund`, {
        method: 'POST',
        cookie: asAdmin,
        body: { amount: (half / 100).toFixed(2), reason: 'Half the rooms were missed' },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      await on.target.runJob('pay-out');
      await on.target.runJob('pay-out');
      const [after] = await transfers();
      expect(after?.reversedCents).toBe(Math.floor((share * half * 2 + total) / (2 * total)));

      const payouts = await call('/api/admin/payouts', { cookie: asAdmin });
      expect(payouts.status).toBe(200);
      const listed = (payouts.body.items as Json[]).find((p) => p.bookingId === bookingId);
      expect(listed).toMatchObject({ status: 'paid', amount: (share / 100).toFixed(2), kind: 'cleaner_share' });

      const books = (
        await db.execute({
          sql: `select sum(l.debit_cents) as debits, sum(l.credit_cents) as credits,
                  sum(case when l.account = 'cleaner' and e.booking_id = ? then l.credit_cents - l.debit_cents else 0 end) as owed
                from ledger_lines l join ledger_entries e on e.id = l.entry_id`,
          args: [bookingId],
        })
      ).rows[0];
      expect(Number(books?.debits)).toBe(Number(books?.credits));
      expect(Number(books?.owed)).toBe(0);
    } finally {
      db.close();
    }
  });
}
