import { AuthUser, OnboardingPreferences, OnboardingUpdateInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireUser } from '../auth/guards';
import { users } from '../db/schema';
import type { AppEnv } from '../deps';
import { describe } from '../lib/openapi';
import { valid } from '../lib/validate';
import { toAuthUser } from './users.queries';

export const onboardingRoutes = new Hono<AppEnv>().post(
  '/update',
  describe({
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
    const input = c.req.valid('json');
    const { database, clock } = c.var.deps;
    const preferences = input.preferences ? OnboardingPreferences.parse(input.preferences) : undefined;
    const updated = await database.write(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          onboardingStep: input.step,
          onboardingCompleted: input.completed,
          ...(preferences ? { onboardingPreferences: preferences } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return row;
    });
    if (!updated) throw new Error('onboarding update matched no user');
    return c.json(await toAuthUser(database.db, updated));
  },
);
