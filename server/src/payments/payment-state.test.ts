import { describe, expect, it } from 'vitest';
import type { PaymentStatus, ProviderEvent } from '../lib/payment-provider';
import {
  applyProviderEvent,
  checkRefund,
  deriveBookingPaymentStatus,
  isPaid,
  newPaymentState,
  normalisePaymentStatus,
  type PaymentState,
  replayEvents,
} from './payment-state';

const AMOUNT = 10_000;
const t = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute));
const ev = (
  id: string,
  type: ProviderEvent['type'],
  minute: number,
  extra: Partial<ProviderEvent> = {},
): ProviderEvent => ({
  id,
  type,
  providerPaymentId: 'pi_1',
  amountCents: AMOUNT,
  createdAt: t(minute),
  ...extra,
});

function* permutations<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield items.slice();
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const p of permutations(rest)) yield [items[i]!, ...p];
  }
}

function* subsets<T>(items: T[]): Generator<T[]> {
  for (let mask = 0; mask < 1 << items.length; mask++) yield items.filter((_, i) => mask & (1 << i));
}

/**
 * What a set of events means, stated over the set (no folding): disputed if any dispute; else after
 * any success or refund, refunded when the largest running total covers the amount, otherwise
 * succeeded; else failed if any failure; else where it started.
 */
function expectedState(initial: PaymentState, events: ProviderEvent[]): PaymentState {
  const has = (type: ProviderEvent['type']) => events.some((e) => e.type === type);
  const refunded = Math.min(
    AMOUNT,
    Math.max(initial.refundedCents, ...events.filter((e) => e.type === 'refunded').map((e) => e.refundedCents ?? 0)),
  );
  let status: PaymentStatus = initial.status;
  if (has('disputed')) status = 'disputed';
  else if (has('payment_succeeded') || has('refunded')) status = refunded >= AMOUNT ? 'refunded' : 'succeeded';
  else if (has('payment_failed') && (initial.status === 'pending' || initial.status === 'processing'))
    status = 'failed';
  const failures = events
    .filter((e) => e.type === 'payment_failed')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  const newest = failures.at(-1);
  const times = events.map((e) => e.createdAt.getTime());
  return {
    status,
    amountCents: AMOUNT,
    refundedCents: refunded,
    lastEventAt: times.length ? new Date(Math.max(...times)) : null,
    failureReason: newest ? (newest.failureReason ?? null) : null,
    lastFailure: newest ? { at: newest.createdAt, eventId: newest.id } : null,
  };
}

const EVENTS: ProviderEvent[] = [
  ev('evt_a', 'payment_failed', 1, { failureReason: 'Your card was declined.' }),
  ev('evt_b', 'payment_failed', 2, { failureReason: 'Your card has insufficient funds.' }),
  ev('evt_c', 'payment_succeeded', 3),
  ev('evt_d', 'refunded', 4, { refundedCents: 2500 }),
  ev('evt_e', 'refunded', 5, { refundedCents: AMOUNT }),
  ev('evt_f', 'disputed', 6),
];

describe('applyProviderEvent', () => {
  it('gives the same final state for every order of every subset of events (1,957 orders)', () => {
    let orders = 0;
    for (const subset of subsets(EVENTS)) {
      const expected = expectedState(newPaymentState(AMOUNT), subset);
      for (const order of permutations(subset)) {
        expect(replayEvents(newPaymentState(AMOUNT), order), order.map((e) => e.id).join(',')).toEqual(expected);
        orders++;
      }
    }
    expect(orders).toBe(1957);
  });

  it('is idempotent: redelivered events change nothing, in any position', () => {
    const random = (() => {
      let seed = 42;
      return () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
    })();
    for (let round = 0; round < 500; round++) {
      const deliveries = Array.from({ length: 1 + Math.floor(random() * 10) }, () => EVENTS[Math.floor(random() * 6)]!);
      const distinct = [...new Set(deliveries)];
      expect(replayEvents(newPaymentState(AMOUNT), deliveries)).toEqual(
        expectedState(newPaymentState(AMOUNT), distinct),
      );
    }
  });

  it('does not let a late failure downgrade a success', () => {
    const paid = applyProviderEvent(newPaymentState(AMOUNT), EVENTS[2]!);
    const late = applyProviderEvent(paid, EVENTS[0]!);
    expect(late.status).toBe('succeeded');
    expect(late.failureReason).toBe('Your card was declined.');
  });

  it('keeps a partial refund succeeded with the refunded total, and a full one refunded', () => {
    const paid = applyProviderEvent(newPaymentState(AMOUNT), EVENTS[2]!);
    expect(applyProviderEvent(paid, EVENTS[3]!)).toMatchObject({ status: 'succeeded', refundedCents: 2500 });
    expect(applyProviderEvent(paid, EVENTS[4]!)).toMatchObject({ status: 'refunded', refundedCents: AMOUNT });
    // a refund arriving before its payment's success still ends refunded
    expect(applyProviderEvent(newPaymentState(AMOUNT), EVENTS[4]!)).toMatchObject({ status: 'refunded' });
  });

  it('lets a dispute win over success and refunds', () => {
    expect(replayEvents(newPaymentState(AMOUNT), [EVENTS[5]!, EVENTS[2]!, EVENTS[4]!])).toMatchObject({
      status: 'disputed',
      refundedCents: AMOUNT,
    });
  });

  it('never changes the amount and caps the refunded total at it', () => {
    const odd = ev('evt_x', 'refunded', 9, { refundedCents: AMOUNT * 2, amountCents: 1 });
    expect(applyProviderEvent(newPaymentState(AMOUNT), odd)).toMatchObject({
      amountCents: AMOUNT,
      refundedCents: AMOUNT,
    });
  });

  it('moves a processing payment on, and never back to processing or pending', () => {
    const processing = newPaymentState(AMOUNT, 'processing');
    expect(applyProviderEvent(processing, EVENTS[0]!).status).toBe('failed');
    expect(applyProviderEvent(processing, EVENTS[2]!).status).toBe('succeeded');
    for (const subset of subsets(EVENTS)) {
      const expected = expectedState(processing, subset);
      expect(expected.status).not.toBe('pending');
      for (const order of permutations(subset)) expect(replayEvents(processing, order)).toEqual(expected);
    }
  });

  it('breaks a tie between failures at the same instant by event id, whatever the order', () => {
    const x = ev('evt_x', 'payment_failed', 1, { failureReason: 'first' });
    const y = ev('evt_y', 'payment_failed', 1, { failureReason: 'second' });
    expect(replayEvents(newPaymentState(AMOUNT), [x, y]).failureReason).toBe('second');
    expect(replayEvents(newPaymentState(AMOUNT), [y, x]).failureReason).toBe('second');
  });
});

describe('deriveBookingPaymentStatus', () => {
  const of = (...statuses: PaymentStatus[]) => deriveBookingPaymentStatus(statuses.map((status) => ({ status })));

  it('is unpaid with no payments and the payment’s status with one', () => {
    expect(of()).toBe('unpaid');
    for (const s of ['pending', 'processing', 'succeeded', 'failed', 'refunded', 'disputed'] as const)
      expect(of(s)).toBe(s);
  });

  it('prefers money held or contested, then returned, then in flight, then failed — whatever the order', () => {
    const order: PaymentStatus[] = ['disputed', 'succeeded', 'refunded', 'processing', 'pending', 'failed'];
    for (let i = 0; i < order.length; i++) {
      for (let j = i; j < order.length; j++) {
        expect(of(order[i]!, order[j]!)).toBe(order[i]);
        expect(of(order[j]!, order[i]!)).toBe(order[i]);
      }
    }
    expect(of('failed', 'failed', 'succeeded')).toBe('succeeded');
  });

  it('counts only a succeeded payment as paid', () => {
    expect(isPaid('succeeded')).toBe(true);
    for (const s of ['unpaid', 'pending', 'processing', 'failed', 'refunded', 'disputed'] as const)
      expect(isPaid(s)).toBe(false);
  });
});

describe('checkRefund and statuses', () => {
  const paid = { status: 'succeeded' as const, amountCents: AMOUNT, refundedCents: 2500 };

  it('refunds what is left by default and never more', () => {
    expect(checkRefund(paid)).toEqual({ ok: true, amountCents: 7500 });
    expect(checkRefund(paid, 7500)).toEqual({ ok: true, amountCents: 7500 });
    expect(checkRefund(paid, 7501)).toMatchObject({ ok: false, code: 'refund_exceeds_amount' });
    expect(checkRefund(paid, 1)).toEqual({ ok: true, amountCents: 1 });
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(checkRefund(paid, bad)).toMatchObject({ code: 'invalid_amount' });
  });

  it('refunds only succeeded payments', () => {
    for (const status of ['pending', 'processing', 'failed', 'refunded', 'disputed'] as const) {
      expect(checkRefund({ ...paid, status })).toMatchObject({ ok: false, code: 'not_refundable' });
    }
  });

  it("treats 'paid' as succeeded and rejects unknown statuses", () => {
    expect(normalisePaymentStatus('paid')).toBe('succeeded');
    expect(normalisePaymentStatus('refunded')).toBe('refunded');
    expect(normalisePaymentStatus('toString')).toBeNull();
    expect(normalisePaymentStatus('settled')).toBeNull();
  });
});
