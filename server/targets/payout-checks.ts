import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { sampleJpeg } from '../src/test/sample-files';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { freeTwoHours, HOST_PAGE, KEY } from './guest-link-checks';
import { paidDemoBooking } from './paid-booking';
import { administrator, person } from './people';

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

/** Each booking's ledger: its debits and credits, and what it leaves owed to its cleaner and partner. */
async function booksOf(on: OnTarget, bookingId: number) {
  const db = createClient({ url: on.target.databaseUrl });
  try {
    const row = (
      await db.execute({
        sql: `select coalesce(sum(l.debit_cents), 0) as debits, coalesce(sum(l.credit_cents), 0) as credits,
                coalesce(sum(case when l.account = 'cleaner' then l.credit_cents - l.debit_cents end), 0) as cleaner,
                coalesce(sum(case when l.account = 'partner' then l.credit_cents - l.debit_cents end), 0) as partner,
                coalesce(sum(case when e.kind = 'refund' and l.account = 'provider_balance' then l.credit_cents end), 0) as refunded
              from ledger_lines l join ledger_entries e on e.id = l.entry_id where e.booking_id = ?`,
        args: [bookingId],
      })
    ).rows[0];
    return {
      debits: Number(row?.debits),
      credits: Number(row?.credits),
      cleanerCents: Number(row?.cleaner),
      partnerCents: Number(row?.partner),
      refundedCents: Number(row?.refunded),
    };
  } finally {
    db.close();
  }
}

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
      const asAdmin = await administrator(on);
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

  it('keeps the ledger balanced over charges, a partial refund, a partner’s booking, a withdrawal and a damage report', async () => {
    const { call } = on;
    const asAdmin = await administrator(on);
    const pay = driver.pay && ((secret: string) => driver.pay?.(on, secret) ?? Promise.resolve());
    const book = () => paidDemoBooking(on, driver.fromDay, '4242424242424242', pay);
    const cents = (money: string) => Math.round(Number(money) * 100);
    const paymentOf = async (bookingId: number) => {
      const db = createClient({ url: on.target.databaseUrl });
      try {
        return (await db.execute({ sql: 'select id from payments where booking_id = ?', args: [bookingId] })).rows[0];
      } finally {
        db.close();
      }
    };

    // A charge, refunded in part by an administrator.
    const refunded = (await book()).made;
    const payment = await paymentOf(refunded.id);
    const partial = await call(`/api/payments/${payment?.id}/refund`, {
      method: 'POST',
      cookie: asAdmin,
      body: { amount: '10.00', reason: 'Arrived late' },
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);

    // A booking the demo partner's widget brought: its commission comes out of the platform fee.
    const widget = { 'x-spotless-key': KEY, origin: HOST_PAGE };
    const cleaner = (await call('/api/cleaners?location=Austin&pageSize=1', { headers: widget })).body.items[0];
    const guestBody = {
      cleanerId: cleaner.id,
      serviceId: 1,
      address: '500 Congress Ave, Austin, TX',
      duration: 120,
      ...(await freeTwoHours(on, cleaner.id, driver.fromDay)),
      guestName: 'Ledger Guest',
      guestEmail: `ledger-${Date.now()}@example.com`,
      guestPhone: '512 555 0100',
    };
    const quote = await call('/api/guest-bookings', {
      method: 'POST',
      headers: widget,
      body: { ...guestBody, totalPrice: '1.00' },
    });
    const guest = await call('/api/guest-bookings', {
      method: 'POST',
      headers: widget,
      body: { ...guestBody, totalPrice: quote.body.error.currentPrice },
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    const asGuest = { ...widget, authorization: `Bearer ${guest.body.guestToken}` };
    const intent = await call('/api/create-payment-intent', {
      method: 'POST',
      headers: asGuest,
      body: { bookingId: guest.body.booking.id },
    });
    if (pay) await pay(intent.body.clientSecret);
    else {
      const paid = await call('/api/payments/local/confirm', {
        method: 'POST',
        headers: asGuest,
        body: {
          clientSecret: intent.body.clientSecret,
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
        },
      });
      expect(paid.status).toBe(200);
    }

    // The cleaner withdraws from a paid job: all of it goes back, nobody keeps anything.
    const withdrawn = await book();
    const withdraw = (await call(withdrawn.made.links.self.href, { cookie: withdrawn.cleanerCookie })).body.actions
      .withdraw as Json;
    const out = await call(withdraw.href, {
      method: 'POST',
      cookie: withdrawn.cleanerCookie,
      body: { reason: 'A family emergency out of town.' },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);

    // A completed job with a damage report, resolved with a partial refund.
    const damaged = await book();
    const db = createClient({ url: on.target.databaseUrl });
    try {
      const endsAt = Date.now() - 3 * 3_600_000;
      await db.execute({
        sql: "update bookings set status = 'completed', starts_at = ?, ends_at = ? where id = ?",
        args: [endsAt - 2 * 3_600_000, endsAt, damaged.made.id],
      });
    } finally {
      db.close();
    }
    const offered = (await call(damaged.made.links.self.href, { cookie: damaged.customer })).body.actions
      .reportDamage as Json;
    const report = await call(offered.href, {
      method: 'POST',
      cookie: damaged.customer,
      body: { description: 'A scratch across the dining table.' },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    // A photo of it, through the report's addPhotos action: the administrator sees it, a stranger does not.
    const addPhotos = report.body.actions.addPhotos as Json;
    const form = new FormData();
    form.append('photos', new File([sampleJpeg(8, 6)], 'table.jpg', { type: 'image/jpeg' }));
    const withPhoto = await call(addPhotos.href, { method: addPhotos.method, body: form, cookie: damaged.customer });
    expect(withPhoto.status, JSON.stringify(withPhoto.body)).toBe(201);
    const photo = withPhoto.body.photos[0].href as string;
    const seen = await fetch(`${on.target.url}${photo}`, { headers: { cookie: asAdmin } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/jpeg');
    const stranger = await person(on, 'photo-stranger');
    expect((await fetch(`${on.target.url}${photo}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const resolved = await call(`/api/admin/damage-reports/${report.body.id}/resolve`, {
      method: 'POST',
      cookie: asAdmin,
      body: { outcome: 'partial_refund', amount: '20.00', reason: 'The scratch was new' },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);

    for (const id of [refunded.id, guest.body.booking.id, withdrawn.made.id, damaged.made.id]) {
      const books = await booksOf(on, id);
      expect(books.debits, `booking ${id}`).toBe(books.credits);
      expect(books.debits, `booking ${id} has entries`).toBeGreaterThan(0);
    }
    expect((await booksOf(on, refunded.id)).refundedCents).toBe(1_000);
    expect((await booksOf(on, damaged.made.id)).refundedCents).toBe(2_000);
    const gone = await booksOf(on, withdrawn.made.id);
    expect(gone).toMatchObject({ cleanerCents: 0, partnerCents: 0, refundedCents: cents(withdrawn.made.totalPrice) });
    // The demo partner's 10% of the charge, which the 15% platform fee covers.
    const brought = await booksOf(on, guest.body.booking.id);
    const total = cents(guest.body.booking.totalPrice);
    expect(brought.partnerCents).toBe(Math.floor((total * 1_000 * 2 + 10_000) / 20_000));
    expect(brought.cleanerCents).toBe(total - Math.floor((total * 1_500 * 2 + 10_000) / 20_000));

    const all = createClient({ url: on.target.databaseUrl });
    try {
      const sums = (await all.execute('select sum(debit_cents) as d, sum(credit_cents) as c from ledger_lines'))
        .rows[0];
      expect(Number(sums?.d)).toBe(Number(sums?.c));
    } finally {
      all.close();
    }
  });
}
