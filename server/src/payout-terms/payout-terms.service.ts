import { DAMAGE_REPORT_HOURS } from '@spotless/sdk/rules';
import { type Actor, requirePublic } from '../contract/actor';
import type { Deps } from '../deps';
import { WHEN_PAID } from '../payouts/earnings.service';

/**
 * How cleaners are paid, as anyone may read it before joining (decision 085): the fee from the one
 * split configuration and the payout timing the earnings service states — never written twice.
 */
export interface PayoutTermsFacts {
  platformFeeBps: number;
  damageReportHours: number;
  whenPaid: string;
}

export function payoutTerms(deps: Pick<Deps, 'config'>, actor: Actor): PayoutTermsFacts {
  requirePublic(actor);
  return { platformFeeBps: deps.config.platformFeeBps, damageReportHours: DAMAGE_REPORT_HOURS, whenPaid: WHEN_PAID };
}
