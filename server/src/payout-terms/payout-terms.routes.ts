import type { PayoutTerms } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import { linkTo } from '../contract/hypermedia';
import { endpoint } from '../contract/operations';
import type { AppEnv } from '../deps';
import { payoutTermsApi as api } from './payout-terms.openapi';
import { payoutTerms } from './payout-terms.service';

export const payoutTermsRoutes = new Hono<AppEnv>().get(...endpoint(api.getPayoutTerms), (c) => {
  const terms = payoutTerms(c.get('deps'), c.get('actor'));
  const body: PayoutTerms = {
    platformFeePercent: terms.platformFeeBps / 100,
    cleanerSharePercent: (10_000 - terms.platformFeeBps) / 100,
    damageReportHours: terms.damageReportHours,
    whenPaid: terms.whenPaid,
    links: { self: linkTo(c.get('operations'), 'getPayoutTerms') as PayoutTerms['links']['self'] },
  };
  return c.json(body);
});
