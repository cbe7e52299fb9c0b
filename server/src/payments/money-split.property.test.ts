import { commissionFits, refundSplit, splitCharge } from '@spotless/sdk/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The money split (decision 078), over every price: the shares sum to the charge to the cent, the
 * partner's commission comes out of the platform fee, and refunds that add up to the charge take
 * back each share exactly once, however they are cut.
 */
const amount = fc.integer({ min: 0, max: 10_000_000 });
const rates = fc.integer({ min: 0, max: 10_000 }).chain((platformFeeBps) =>
  fc.record({
    platformFeeBps: fc.constant(platformFeeBps),
    partnerCommissionBps: fc.integer({ min: 0, max: platformFeeBps }),
  }),
);

describe('the money split', () => {
  it('sums to the charge, to the cent, for every price and rate; the commission never touches the cleaner’s share', () => {
    fc.assert(
      fc.property(amount, rates, (cents, r) => {
        const split = splitCharge(cents, r);
        expect(split.cleanerCents + split.platformNetCents + split.partnerCommissionCents).toBe(cents);
        expect(split.platformFeeCents).toBe(split.platformNetCents + split.partnerCommissionCents);
        for (const share of [split.cleanerCents, split.platformNetCents, split.partnerCommissionCents]) {
          expect(Number.isInteger(share) && share >= 0).toBe(true);
        }
        // Whichever site brought the customer, the cleaner earns the same.
        expect(split.cleanerCents).toBe(splitCharge(cents, { ...r, partnerCommissionBps: 0 }).cleanerCents);
      }),
      { numRuns: 2_000, seed: 78 },
    );
  });

  it('takes back each share exactly once over partial refunds that add up to the charge', () => {
    fc.assert(
      fc.property(
        amount.filter((cents) => cents > 0),
        rates,
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 }),
        (cents, r, weights) => {
          const split = splitCharge(cents, r);
          const total = weights.reduce((a, b) => a + b, 0);
          let before = 0;
          const back = { cleaner: 0, partner: 0, platform: 0 };
          weights.forEach((w, i) => {
            const part = i === weights.length - 1 ? cents - before : Math.floor((cents * w) / total);
            const refund = refundSplit(split, before, part);
            expect(refund.cleanerCents + refund.partnerCommissionCents + refund.platformNetCents).toBe(part);
            back.cleaner += refund.cleanerCents;
            back.partner += refund.partnerCommissionCents;
            back.platform += refund.platformNetCents;
            before += part;
          });
          expect(back).toEqual({
            cleaner: split.cleanerCents,
            partner: split.partnerCommissionCents,
            platform: split.platformNetCents,
          });
        },
      ),
      { numRuns: 1_000, seed: 78 },
    );
  });

  it('refuses a partner rate above the platform fee, and a refund beyond the charge', () => {
    expect(commissionFits(1_600, 1_500)).toBe(false);
    expect(commissionFits(1_500, 1_500)).toBe(true);
    expect(() => splitCharge(10_000, { platformFeeBps: 1_500, partnerCommissionBps: 1_600 })).toThrow(RangeError);
    const split = splitCharge(10_000, { platformFeeBps: 1_500, partnerCommissionBps: 500 });
    expect(split).toEqual({
      amountCents: 10_000,
      cleanerCents: 8_500,
      platformFeeCents: 1_500,
      partnerCommissionCents: 500,
      platformNetCents: 1_000,
    });
    expect(() => refundSplit(split, 6_000, 5_000)).toThrow(RangeError);
  });
});
