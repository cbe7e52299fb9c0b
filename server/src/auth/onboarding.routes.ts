import { AuthUser, OnboardingUpdateInput } from '@spotless/sdk/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { userResource } from './auth.resource';
import { requireUser } from './guards';
import { saveOnboarding } from './users.service';

export const onboardingRoutes = new Hono<AppEnv>().post(
  '/update',
  describe({
    operationId: 'updateOnboarding',
    security: 'user',
    summary: 'Save the onboarding wizard’s step, completion and preferences',
    description:
      'Preferences get the defaults of spec 02 §3 (budget 50–200, notifications email on, sms off, push on). Without `preferences` the saved ones are kept.',
    tags: ['onboarding'],
    access: 'user',
    responses: {
      200: { description: 'The updated user', schema: AuthUser },
      400: { description: 'A field is invalid' },
      401: { description: 'Signed out' },
    },
  }),
  valid('json', OnboardingUpdateInput),
  async (c) => {
    const user = requireUser(c);
    const updated = await saveOnboarding(c.var.deps, user.id, c.req.valid('json'));
    return c.json(await userResource(c, updated));
  },
);
