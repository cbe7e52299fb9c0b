import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { endpoint, inputOf } from '../lib/operations';
import { authApi as api } from './auth.openapi';
import { userResource } from './auth.resource';
import { requireUser } from './guards';
import { saveOnboarding } from './users.service';

export const onboardingRoutes = new Hono<AppEnv>().post(...endpoint(api.updateOnboarding), async (c) => {
  const user = requireUser(c);
  const updated = await saveOnboarding(c.var.deps, user.id, inputOf(c, api.updateOnboarding).json);
  return c.json(await userResource(c, updated));
});
