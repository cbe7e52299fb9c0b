import { sql } from 'drizzle-orm';
import { hashPassword, PRODUCTION_PASSWORD_COST } from '../auth/password';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export const DEMO_CUSTOMER_EMAIL = 'customer@example.com';
export const DEMO_CLEANER_EMAIL = 'cleaner@example.com';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ADMIN_PASSWORD = 'admin-demo-password';
/** A named administrator (decision 030): signs in like anyone, then opens the admin area with their password. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
const DEMO_EMAILS = [DEMO_CUSTOMER_EMAIL, DEMO_CLEANER_EMAIL, DEMO_ADMIN_EMAIL];

/**
 * The demo accounts' password hash, always at production strength whatever the configuration says
 * (a newcomer's first sign-in costs what a real one does).
 */
export function demoPasswordHash(password: string = DEMO_PASSWORD): Promise<string> {
  return hashPassword(password, PRODUCTION_PASSWORD_COST);
}

/** The demo named administrator, added once (only on the embedded defaults on loopback). */
export async function ensureDemoAdmin(database: Database, passwordHash: string, now: Date): Promise<void> {
  await database.write((tx) =>
    tx
      .insert(t.users)
      .values({
        email: DEMO_ADMIN_EMAIL,
        passwordHash,
        firstName: 'Avery',
        lastName: 'Admin',
        role: 'admin',
        emailVerifiedAt: now,
        onboardingCompleted: true,
        onboardingStep: 5,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
  );
}

/**
 * When the embedded server is exposed (HOST set to a non-loopback address), the demo accounts'
 * known password must not work: it is removed. Returns how many accounts were locked.
 */
/** The demo partner's publishable key, written in `examples/partner-site/index.html`. */
export const DEMO_PARTNER_KEY = 'pk_demo_sunrise_realty';

export async function lockDemoAccounts(database: Database): Promise<number> {
  const locked = await database.write((tx) =>
    tx
      .update(t.users)
      .set({ passwordHash: null })
      .where(
        sql`lower(${t.users.email}) in (${sql.join(
          DEMO_EMAILS.map((e) => sql`${e}`),
          sql`, `,
        )}) and ${t.users.passwordHash} is not null`,
      )
      .returning({ id: t.users.id }),
  );
  // The demo partner's key is published in the example site: off wherever demo accounts are.
  await database.write((tx) =>
    tx.update(t.partners).set({ isActive: false }).where(sql`${t.partners.publishableKey} = ${DEMO_PARTNER_KEY}`),
  );
  return locked.length;
}

/** The demo customer's answers to the onboarding questions. */
export function demoPreferences() {
  return {
    userType: 'customer',
    serviceTypes: ['residential', 'deep'],
    location: { address: '410 Congress Ave, Austin, TX 78701' },
    frequency: 'biweekly',
    budget: { min: 80, max: 150 },
    specialRequests: ['Pet-friendly products'],
    notifications: { email: true, sms: false, push: true },
  };
}
