import { roundHalfUpDivide } from './pricing';

/**
 * The money split, once (docs/decisions/078-the-money-split.md): a charge splits into the cleaner's
 * share and the platform fee; for a booking a partner's widget brought, the partner's commission
 * comes out of the platform fee, never out of the cleaner's share — a cleaner earns the same
 * whichever site brought the customer. Rates are basis points (10,000 is 100%); every share is
 * whole cents and the shares sum to the charge exactly.
 */

/** Hours after a job ends in which its customer may report damage; the cleaner's payout waits for them. */
export const DAMAGE_REPORT_HOURS = 24;

export interface SplitRates {
  /** The platform's fee on a charge (configuration). */
  platformFeeBps: number;
  /** The partner's commission when a partner brought the booking, else 0; at most the fee. */
  partnerCommissionBps: number;
}

export interface Split {
  amountCents: number;
  /** What the cleaner receives. */
  cleanerCents: number;
  /** The platform's fee, the partner's commission included. */
  platformFeeCents: number;
  /** The partner's commission, out of the fee. */
  partnerCommissionCents: number;
  /** What the platform keeps: the fee less the commission. */
  platformNetCents: number;
}

/** Whether a partner's rate fits inside the platform fee (a higher one is refused). */
export function commissionFits(partnerCommissionBps: number, platformFeeBps: number): boolean {
  return Number.isInteger(partnerCommissionBps) && partnerCommissionBps >= 0 && partnerCommissionBps <= platformFeeBps;
}

export function splitCharge(amountCents: number, rates: SplitRates): Split {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be whole cents');
  const { platformFeeBps, partnerCommissionBps } = rates;
  if (!Number.isInteger(platformFeeBps) || platformFeeBps < 0 || platformFeeBps > 10_000)
    throw new RangeError('platformFeeBps must be 0 to 10,000');
  if (!commissionFits(partnerCommissionBps, platformFeeBps))
    throw new RangeError('partnerCommissionBps must be 0 to the platform fee');
  const platformFeeCents = roundHalfUpDivide(amountCents * platformFeeBps, 10_000);
  const partnerCommissionCents = Math.min(
    roundHalfUpDivide(amountCents * partnerCommissionBps, 10_000),
    platformFeeCents,
  );
  return {
    amountCents,
    cleanerCents: amountCents - platformFeeCents,
    platformFeeCents,
    partnerCommissionCents,
    platformNetCents: platformFeeCents - partnerCommissionCents,
  };
}

/**
 * What a refund takes back from each share: in proportion to the charge, counted on everything
 * refunded so far, so partial refunds that add up to the whole take back each share exactly once.
 */
export function refundSplit(
  split: Split,
  refundedBeforeCents: number,
  refundCents: number,
): Omit<Split, 'amountCents' | 'platformFeeCents'> & { refundCents: number } {
  const after = refundedBeforeCents + refundCents;
  if (
    !Number.isSafeInteger(refundedBeforeCents) ||
    !Number.isSafeInteger(refundCents) ||
    refundedBeforeCents < 0 ||
    refundCents < 0 ||
    after > split.amountCents
  )
    throw new RangeError('a refund is whole cents within what is left of the charge');
  const share = (cents: number, refunded: number) =>
    split.amountCents === 0 ? 0 : roundHalfUpDivide(cents * refunded, split.amountCents);
  const cleanerCents = share(split.cleanerCents, after) - share(split.cleanerCents, refundedBeforeCents);
  const partnerCommissionCents =
    share(split.partnerCommissionCents, after) - share(split.partnerCommissionCents, refundedBeforeCents);
  return {
    refundCents,
    cleanerCents,
    partnerCommissionCents,
    platformNetCents: refundCents - cleanerCents - partnerCommissionCents,
  };
}
