import type { OnboardingUpdateInput } from '@spotless/sdk/schemas';
import { OnboardingPreferences } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type User, users } from '../db/schema';
import type { Deps } from '../deps';

/**
 * Saves the onboarding wizard's step, completion and preferences (with the spec's defaults);
 * without `preferences` the saved ones are kept.
 */
export async function saveOnboarding(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  input: z.output<typeof OnboardingUpdateInput>,
): Promise<User> {
  const preferences = input.preferences ? OnboardingPreferences.parse(input.preferences) : undefined;
  const [updated] = await deps.database.write((tx) =>
    tx
      .update(users)
      .set({
        onboardingStep: input.step,
        onboardingCompleted: input.completed,
        ...(preferences ? { onboardingPreferences: preferences } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, userId))
      .returning(),
  );
  if (!updated) throw new Error('onboarding update matched no user');
  return updated;
}
