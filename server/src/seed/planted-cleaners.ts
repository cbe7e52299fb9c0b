import { CITIES } from '@spotless/sdk/cities';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { availability, cleaners, users } from '../db/schema';
import { DEMO_ADMIN_EMAIL, DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL } from './demo-accounts';

const DEMO_EMAILS = [DEMO_CUSTOMER_EMAIL, DEMO_CLEANER_EMAIL, DEMO_ADMIN_EMAIL];

/**
 * Cleaners the assistant's evaluation database is sure to hold, by name: availability questions of
 * the labelled question set ask about them (server/src/chat/eval).
 */
export const PLANTED_CLEANERS = [
  { firstName: 'Maria', lastName: 'Lopez', city: 'Denver', state: 'CO' },
  { firstName: 'James', lastName: 'Carter', city: 'Austin', state: 'TX' },
  { firstName: 'Aisha', lastName: 'Khan', city: 'Seattle', state: 'WA' },
  { firstName: 'Tom', lastName: 'Becker', city: 'Chicago', state: 'IL' },
] as const;

/**
 * Gives the planted names to active cleaners in their cities (moving one there if needed), with
 * hours every day, and renames any other cleaner sharing a planted first name.
 */
export async function plantCleaners(deps: { database: Database }): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const firstNames = PLANTED_CLEANERS.map((p) => p.firstName);
  await deps.database.write(async (tx) => {
    await tx.update(users).set({ firstName: 'Sam' }).where(inArray(users.firstName, firstNames));
    const taken = new Set<number>();
    for (const planted of PLANTED_CLEANERS) {
      const city = CITIES.find((c) => c.name === planted.city);
      if (!city) throw new Error(`unknown city ${planted.city}`);
      const candidates = await tx
        .select({ id: cleaners.id, userId: cleaners.userId, city: cleaners.city })
        .from(cleaners)
        .innerJoin(users, eq(users.id, cleaners.userId))
        // The demo accounts keep their names: questions ask about the demo cleaner too.
        .where(and(eq(cleaners.status, 'active'), notInArray(users.email, DEMO_EMAILS)))
        .orderBy(sql`${cleaners.city} = ${city.name} desc`, cleaners.id)
        .limit(10);
      const pick = candidates.find((c) => !taken.has(c.id));
      if (!pick) throw new Error('no active cleaner to plant');
      taken.add(pick.id);
      await tx
        .update(cleaners)
        .set({
          city: city.name,
          state: city.state,
          latitude: city.latitude,
          longitude: city.longitude,
          zipCode: city.zipCode,
          timeZone: city.timeZone,
        })
        .where(eq(cleaners.id, pick.id));
      await tx
        .update(users)
        .set({ firstName: planted.firstName, lastName: planted.lastName })
        .where(eq(users.id, pick.userId));
      await tx.delete(availability).where(eq(availability.cleanerId, pick.id));
      await tx.insert(availability).values(
        [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          cleanerId: pick.id,
          dayOfWeek,
          startTime: '08:00',
          endTime: '18:00',
          isAvailable: true,
        })),
      );
      ids.set(planted.firstName, pick.id);
    }
  });
  return ids;
}
