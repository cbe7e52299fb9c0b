import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { currentAccount, saveOnboarding } from './accounts.service';
import { authApi as api } from './auth.openapi';
import { renderUser } from './auth.resource';

export const onboardingRoutes = new Hono<AppEnv>().post(...endpoint(api.updateOnboarding), async (c) => {
  await saveOnboarding(c.get('deps'), c.get('actor'), inputOf(c, api.updateOnboarding).json);
  return c.json(renderUser(c.get('operations'), await currentAccount(c.get('deps'), c.get('actor'))));
});
