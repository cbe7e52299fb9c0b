import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { partnerCommissions } from '../ledger/commission.service';
import { ledgerReport } from '../ledger/ledger-reconcile.service';
import { siteOf } from '../notifications/site';
import { cleanerEarnings } from './earnings.service';
import {
  completeTestOnboarding,
  connectPartnerPayoutAccount,
  connectPayoutAccount,
  getPartnerPayoutAccount,
  getPayoutAccount,
} from './payout-accounts.service';
import { cleanerPayouts } from './payout-history.service';
import { payoutsApi as api } from './payouts.openapi';
import {
  renderCleanerEarnings,
  renderCleanerPayouts,
  renderLedgerReport,
  renderPartnerCommissions,
  renderPartnerPayoutAccount,
  renderPayout,
  renderPayoutAccount,
  renderPayoutList,
} from './payouts.resource';
import { getPayout, listPayouts, retryPayout } from './payouts.service';

export const payoutsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getPayoutAccount), async (c) =>
    c.json(renderPayoutAccount(c.get('operations'), await getPayoutAccount(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getCleanerEarnings), async (c) =>
    c.json(renderCleanerEarnings(c.get('operations'), await cleanerEarnings(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.listCleanerPayouts), async (c) =>
    c.json(renderCleanerPayouts(c.get('operations'), await cleanerPayouts(c.get('deps'), c.get('actor')))),
  )
  .post(...endpoint(api.connectPayoutAccount), async (c) => {
    const deps = c.get('deps');
    const back = new URL('/cleaner-dashboard?tab=payouts', siteOf(deps)).toString();
    const { onboardingUrl } = await connectPayoutAccount(deps, c.get('actor'), { returnUrl: back, refreshUrl: back });
    const account = await getPayoutAccount(deps, c.get('actor'));
    return c.json({ onboardingUrl, account: renderPayoutAccount(c.get('operations'), account) });
  })
  .get(...endpoint(api.getPartnerPayoutAccount), async (c) => {
    const { id } = inputOf(c, api.getPartnerPayoutAccount).param;
    const account = await getPartnerPayoutAccount(c.get('deps'), c.get('actor'), id);
    return c.json(renderPartnerPayoutAccount(c.get('operations'), id, account));
  })
  .post(...endpoint(api.connectPartnerPayoutAccount), async (c) => {
    const deps = c.get('deps');
    const { id } = inputOf(c, api.connectPartnerPayoutAccount).param;
    const back = new URL(`/partner-portal/${id}`, siteOf(deps)).toString();
    const { onboardingUrl, state } = await connectPartnerPayoutAccount(deps, c.get('actor'), id, {
      returnUrl: back,
      refreshUrl: back,
    });
    return c.json({ onboardingUrl, account: renderPartnerPayoutAccount(c.get('operations'), id, state) });
  })
  .post(...endpoint(api.completeTestOnboarding), async (c) =>
    c.json(await completeTestOnboarding(c.get('deps'), c.get('actor'), inputOf(c, api.completeTestOnboarding).json)),
  )
  .get(...endpoint(api.listPayouts), async (c) =>
    c.json(renderPayoutList(c.get('operations'), await listPayouts(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getLedgerReport), async (c) =>
    c.json(renderLedgerReport(c.get('operations'), await ledgerReport(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.listPartnerCommissions), async (c) =>
    c.json(renderPartnerCommissions(c.get('operations'), await partnerCommissions(c.get('deps'), c.get('actor')))),
  )
  .get(...endpoint(api.getPayout), async (c) =>
    c.json(
      renderPayout(
        c.get('operations'),
        await getPayout(c.get('deps'), c.get('actor'), inputOf(c, api.getPayout).param.id),
      ),
    ),
  )
  .post(...endpoint(api.retryPayout), async (c) =>
    c.json(
      renderPayout(
        c.get('operations'),
        await retryPayout(c.get('deps'), c.get('actor'), inputOf(c, api.retryPayout).param.id),
      ),
    ),
  );
