import { landingAfterSignIn } from '@spotless/sdk/rules';
import type {
  AuthUser,
  LoginInput,
  OnboardingUpdateInput,
  ProfileUpdateInput,
  RegisterInput,
} from '@spotless/sdk/schemas';
import { OnboardingPreferences } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Actor,
  cleanerIdOf,
  isAdmin,
  personOf,
  requirePublic,
  requirePublicWriting,
  requireSystem,
} from '../contract/actor';
import { AppError, conflict, notFound } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import type { Tx } from '../db/client';
import { oauthAccounts, type User, users } from '../db/schema';
import type { Deps } from '../deps';
import { addressProvenEmail, emailChangedEmail } from '../notifications/account-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import {
  type AuthDeps,
  assertReauthenticated,
  audit,
  invalidCredentials,
  ownAccount,
  sameAddress,
  sendEmailVerification,
  uniqueEmailViolation,
} from './account-access.service';
import type { OAuthProfile, OAuthProviderName } from './oauth';
import { dummyPasswordHash, hashPassword, needsRehash, passwordCost, verifyPassword } from './password';
import { invalidateAllSessions } from './sessions';
import {
  type ActivityData,
  findAccountActivity,
  findUserByEmail,
  findUserById,
  findUserByOAuth,
  toAuthUser,
} from './users.queries';

/**
 * Accounts: signing up and in (password, Google, GitHub), the signed-in person's account and
 * activity, profile and onboarding changes, and the administrator role. Passwords and e-mail
 * links are in `passwords.service.ts`, two-step verification and admin sessions in
 * `admin-sessions.service.ts`. Routes parse, call one of these, then start or end sessions and render.
 */

/** E-mail + password sign-up; the address is unverified until its link is opened. */
export async function registerUser(deps: AuthDeps, actor: Actor, input: RegisterInput): Promise<User> {
  requirePublicWriting(actor);
  const passwordHash = await hashPassword(input.password, passwordCost(deps.config));
  const now = deps.clock.now();
  const user = await deps.database
    .write(async (tx) => {
      if (await findUserByEmail(tx, input.email)) return undefined;
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email.trim(),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('user insert returned no row');
      await sendEmailVerification(tx, deps, row, now);
      return row;
    })
    .catch((error: unknown) => {
      if (uniqueEmailViolation(error)) return undefined;
      throw error;
    });
  if (!user) throw conflict('An account with this email already exists. Please sign in.', 'email_taken');
  return user;
}

/**
 * The account behind an e-mail and password, or 401. An unknown address and an account without a
 * password cost the same scrypt work as a wrong password. A hash made with older settings is
 * replaced by one with today's.
 */
export async function checkPassword(deps: AuthDeps, actor: Actor, input: LoginInput): Promise<User> {
  requirePublicWriting(actor);
  const user = await findUserByEmail(deps.database.db, input.email);
  const matches = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash(passwordCost(deps.config))),
    input.password,
  );
  if (!user?.passwordHash || !matches) throw invalidCredentials();
  if (needsRehash(user.passwordHash, passwordCost(deps.config))) {
    const passwordHash = await hashPassword(input.password, passwordCost(deps.config));
    await deps.database.write((tx) => tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)));
  }
  return user;
}

/**
 * Google / GitHub sign-in: by the provider's user id, else by the provider-verified e-mail, else a
 * new account. An existing account whose own address was never verified is not merged as it is:
 * whoever set its password did not prove the address (it may have been registered in advance by
 * someone else), the provider did — so the password and every session are removed before the
 * provider identity is linked, and the owner is told (SECURITY.md, "account pre-hijacking").
 */
export async function signInWithOAuth(
  deps: AuthDeps,
  actor: Actor,
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<number> {
  requirePublicWriting(actor);
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const linked = await findUserByOAuth(tx, provider, profile.providerUserId);
    if (linked) return linked.id;
    if (!profile.email || !profile.emailVerified) {
      throw new AppError(400, 'oauth_email_required', 'Your account has no verified e-mail address to sign in with');
    }
    const id = await accountForProvenEmail(tx, now, {
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.avatarUrl,
      provenBy: `You signed in with ${provider === 'google' ? 'Google' : 'GitHub'}, which confirmed this address.`,
      subject: 'Your Spotless account is now linked to your sign-in provider',
      site: siteOf(deps),
      audit: { provider },
    });
    await tx
      .insert(oauthAccounts)
      .values({ provider, providerUserId: profile.providerUserId, userId: id, createdAt: now });
    return id;
  });
}

/**
 * The account of an address its owner has just proved (a provider's word, or a link e-mailed to it):
 * the existing one, or a new one without a password. An existing account whose address was never
 * confirmed may have been made by someone else to wait for its owner: its password is removed and
 * its sessions end, and the owner is told (decision 007).
 */
export async function accountForProvenEmail(
  tx: Tx,
  now: Date,
  proof: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl?: string | null;
    /** The sentence of the notice saying how the address was proved. */
    provenBy: string;
    subject: string;
    /** Where the notice's links point (`siteOf` the request that proved the address). */
    site: string;
    audit: Record<string, unknown>;
  },
): Promise<number> {
  const existing = await findUserByEmail(tx, proof.email);
  if (existing && !existing.emailVerifiedAt) {
    await tx
      .update(users)
      .set({ passwordHash: null, emailVerifiedAt: now, totpSecret: null, totpEnabledAt: null, updatedAt: now })
      .where(eq(users.id, existing.id));
    await invalidateAllSessions(tx, existing.id);
    await audit(tx, now, {
      actorUserId: existing.id,
      actorRole: 'system',
      action: 'account.unverified_password_removed',
      userId: existing.id,
    });
    await enqueueNotification(tx, now, {
      type: 'account_security',
      recipientEmail: existing.email,
      recipientUserId: existing.id,
      ...addressProvenEmail(proof.site, {
        firstName: existing.firstName,
        subject: proof.subject,
        provenBy: proof.provenBy,
      }),
      payload: { userId: existing.id, ...proof.audit },
    });
  }
  if (existing) return existing.id;
  const [created] = await tx
    .insert(users)
    .values({
      email: proof.email,
      firstName: proof.firstName,
      lastName: proof.lastName,
      profileImageUrl: proof.profileImageUrl ?? null,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user insert returned no row');
  return created.id;
}

/**
 * The signed-in person's account as the API shows it. Right after a sign-in, the route passes the
 * person the request has just signed in (`signedInAs`).
 */
export async function currentAccount(deps: Pick<Deps, 'database'>, actor: Actor): Promise<Data<AuthUser>> {
  const { user } = await ownAccount(deps, actor, false);
  return toAuthUser(deps.database.db, user);
}

/**
 * Where a sign-in lands when no page asked for it (`landingAfterSignIn`): an approved cleaner on
 * their dashboard, anyone else at home. `userId` is the person just signed in, when the request's
 * own actor is still who it was before.
 */
export async function signInLanding(deps: Pick<Deps, 'database'>, actor: Actor, userId?: number): Promise<string> {
  if (userId === undefined) return landingAfterSignIn(cleanerIdOf(actor) !== null);
  const account = await currentAccount(deps, signedInAs(userId));
  return landingAfterSignIn(account.cleanerId !== null);
}

/** Who is asking: their account when signed in, and whether they hold an administrator session. */
export async function sessionState(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
): Promise<{ user: Data<AuthUser> | null; admin: boolean }> {
  requirePublic(actor);
  const person = personOf(actor);
  const user = person ? await findUserById(deps.database.db, person.userId) : undefined;
  return { user: user ? await toAuthUser(deps.database.db, user) : null, admin: isAdmin(actor) };
}

/** The signed-in person's recent account activity. */
export async function accountActivity(deps: Pick<Deps, 'database'>, actor: Actor): Promise<ActivityData> {
  const { user } = await ownAccount(deps, actor, false);
  return findAccountActivity(deps.database.db, user.id);
}

/**
 * Personal information. Changing the e-mail asks for the password, makes the new address
 * unverified (a link goes to it), tells the old address, and ends every other session.
 */
export async function updateProfile(deps: AuthDeps, actor: Actor, input: ProfileUpdateInput): Promise<User> {
  const { user, session } = await ownAccount(deps, actor, true);
  const now = deps.clock.now();
  const changes: Partial<User> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone ? input.phone : null;
  const newEmail = input.email?.trim();
  const emailChanges = newEmail !== undefined && !sameAddress(newEmail, user.email);
  if (newEmail !== undefined && !emailChanges && newEmail !== user.email) changes.email = newEmail;
  if (emailChanges) {
    await assertReauthenticated(deps, user, session, input.currentPassword, now);
    changes.email = newEmail;
    changes.emailVerifiedAt = null;
  }
  const updated = await deps.database
    .write(async (tx) => {
      if (emailChanges && (await findUserByEmail(tx, newEmail))) return undefined;
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) throw new Error('user update returned no row');
      if (emailChanges) {
        await invalidateAllSessions(tx, user.id, session?.id);
        await sendEmailVerification(tx, deps, row, now);
        await enqueueNotification(tx, now, {
          type: 'account_security',
          recipientEmail: user.email,
          recipientUserId: user.id,
          ...emailChangedEmail(siteOf(deps), { firstName: user.firstName, newEmail: row.email }),
          payload: { userId: user.id },
        });
        await audit(tx, now, {
          actorUserId: user.id,
          actorRole: 'customer',
          action: 'account.email_changed',
          userId: user.id,
        });
      }
      return row;
    })
    .catch((error: unknown) => {
      if (uniqueEmailViolation(error)) return undefined;
      throw error;
    });
  if (!updated) throw conflict('This email is already used by another account', 'email_taken');
  return updated;
}

/**
 * Saves the onboarding wizard's step, completion and preferences (with the defaults of
 * docs/product/accounts.md); without `preferences` the saved ones are kept.
 */
export async function saveOnboarding(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  input: z.output<typeof OnboardingUpdateInput>,
): Promise<User> {
  const { user } = await ownAccount(deps, actor, true);
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
      .where(eq(users.id, user.id))
      .returning(),
  );
  if (!updated) throw new Error('onboarding update matched no user');
  return updated;
}

/**
 * Makes an existing account a named administrator (decision 030), or takes the role away: the
 * system's decision (the `admin:grant` command line), recorded in the audit log.
 */
export async function setAdministratorRole(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  input: { email: string; admin: boolean },
): Promise<{ userId: number }> {
  const system = requireSystem(actor);
  const user = await findUserByEmail(deps.database.db, input.email);
  if (!user) throw notFound('Account');
  const role = input.admin ? 'admin' : 'customer';
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, user.id));
    await audit(
      tx,
      now,
      {
        actorUserId: null,
        actorRole: 'system',
        action: input.admin ? 'admin.granted' : 'admin.revoked',
        userId: user.id,
      },
      { via: system.name },
    );
  });
  return { userId: user.id };
}

/** The person a request has just signed in as: the actor of its answer. */
export const signedInAs = (userId: number): Actor => ({ kind: 'customer', userId });
