import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { endpoint, inputOf } from '../lib/operations';
import { currentAccount, saveOnboarding } from './accounts.service';
import { authApi as api } from './auth.openapi';
import { renderUser } from './auth.resource';

export const onboardingRoutes = new Hono<AppEnv>().post(...endpoint(api.updateOnboarding), async (c) => {
  await saveOnboarding(c.var.deps, c.var.actor, inputOf(c, api.updateOnboarding).json);
  return c.json(renderUser(c.var.operations, await currentAccount(c.var.deps, c.var.actor)));
});
