import type { PasswordChangeInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { type Actor, requirePublicWriting } from '../contract/actor';
import { AppError, conflict } from '../contract/errors';
import { type User, users } from '../db/schema';
import { passwordChangedEmail, passwordResetEmail } from '../notifications/account-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import {
  type AuthDeps,
  assertReauthenticated,
  audit,
  ownAccount,
  sameAddress,
  sendEmailVerification,
} from './account-access.service';
import { consumeAuthToken, issueAuthToken } from './auth-tokens';
import { hashPassword, passwordCost } from './password';
import { invalidateAllSessions } from './sessions';
import { findUserByEmail, findUserById } from './users.queries';

/**
 * Passwords and e-mail links: changing a password, the reset link, confirming an address. Every
 * link is single-use and expires (auth-tokens.ts); a new password ends every session.
 */

/** A new password: proved by the current one (or a fresh sign-in); every session ends. */
export async function changePassword(deps: AuthDeps, actor: Actor, input: PasswordChangeInput): Promise<void> {
  const { user, session } = await ownAccount(deps, actor, true);
  const now = deps.clock.now();
  await assertReauthenticated(deps, user, session, input.currentPassword, now);
  const passwordHash = await hashPassword(input.newPassword, passwordCost(deps.config));
  await deps.database.write(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await invalidateAllSessions(tx, user.id);
    await audit(tx, now, {
      actorUserId: user.id,
      actorRole: 'customer',
      action: 'account.password_changed',
      userId: user.id,
    });
    await enqueueNotification(tx, now, {
      type: 'account_security',
      recipientEmail: user.email,
      recipientUserId: user.id,
      ...passwordChangedEmail(siteOf(deps), { firstName: user.firstName }),
      payload: { userId: user.id },
    });
  });
}

/**
 * Sends a reset link (1 hour) when an account has this address; says nothing either way, so the
 * answer does not reveal who has an account. The link is on the site asked from only when this
 * deployment answers to it: never a forged Host's (decision 072).
 */
export async function requestPasswordReset(deps: AuthDeps, actor: Actor, email: string): Promise<void> {
  requirePublicWriting(actor);
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = await issueAuthToken(tx, now, { userId: user.id, purpose: 'reset_password', email: user.email });
    await enqueueNotification(tx, now, {
      type: 'password_reset',
      recipientEmail: user.email,
      recipientUserId: user.id,
      ...passwordResetEmail(siteOf(deps), { firstName: user.firstName, token }),
      payload: { userId: user.id },
    });
  });
}

/**
 * Sets a new password from a reset link. Opening the link proved the address, so it becomes
 * verified (when it is still the account's address); every session ends.
 */
export async function resetPassword(
  deps: AuthDeps,
  actor: Actor,
  input: { token: string; password: string },
): Promise<User> {
  requirePublicWriting(actor);
  const { token, password } = input;
  const passwordHash = await hashPassword(password, passwordCost(deps.config));
  const now = deps.clock.now();
  const user = await deps.database.write(async (tx) => {
    const proof = await consumeAuthToken(tx, now, token, 'reset_password');
    if (!proof) return null;
    const current = await findUserById(tx, proof.userId);
    if (!current) return null;
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        ...(sameAddress(current.email, proof.email) && !current.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, current.id))
      .returning();
    await invalidateAllSessions(tx, current.id);
    await audit(tx, now, {
      actorUserId: current.id,
      actorRole: 'customer',
      action: 'account.password_reset',
      userId: current.id,
    });
    return row ?? null;
  });
  if (!user) {
    throw new AppError(400, 'invalid_token', 'This link has expired or was already used. Please ask for a new one.', {
      token: 'This link has expired or was already used',
    });
  }
  return user;
}

/** Marks the address verified when the link is for the account's current address. */
export async function verifyEmail(deps: AuthDeps, actor: Actor, token: string): Promise<{ email: string }> {
  requirePublicWriting(actor);
  const now = deps.clock.now();
  const verified = await deps.database.write(async (tx) => {
    const proof = await consumeAuthToken(tx, now, token, 'verify_email');
    if (!proof) return null;
    const user = await findUserById(tx, proof.userId);
    if (!user || !sameAddress(user.email, proof.email)) return null;
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    }
    return { email: user.email };
  });
  if (!verified) {
    throw new AppError(400, 'invalid_token', 'This link has expired or was already used.', {
      token: 'This link has expired or was already used',
    });
  }
  return verified;
}

/** A new confirmation link for the signed-in person's unconfirmed address. */
export async function resendEmailVerification(deps: AuthDeps, actor: Actor): Promise<void> {
  const { user } = await ownAccount(deps, actor, true);
  if (user.emailVerifiedAt) throw conflict('Your email address is already verified', 'already_verified');
  await deps.database.write((tx) => sendEmailVerification(tx, deps, user, deps.clock.now()));
}
