import type {
  AdminLoginInput,
  LoginInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  RegisterInput,
} from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Tx } from '../db/client';
import { oauthAccounts, type User, users } from '../db/schema';
import type { Deps } from '../deps';
import { AppError, badRequest, conflict } from '../lib/errors';
import { enqueueNotification } from '../notifications/outbox';
import { consumeAuthToken, issueAuthToken } from './auth-tokens';
import type { OAuthProfile, OAuthProviderName } from './oauth';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { invalidateAllSessions, RECENT_SIGN_IN_MS, type Session } from './sessions';
import { generateTotpSecret, totpUri, verifyTotp } from './totp';
import { findUserByEmail, findUserById, findUserByOAuth } from './users.queries';

/**
 * Accounts: every write and every decision about who may change what (SECURITY.md). Routes parse,
 * call one of these, then start or end sessions and render.
 */

type AuthDeps = Pick<Deps, 'database' | 'clock' | 'config'>;

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Invalid email or password');

function uniqueEmailViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('UNIQUE') && text.includes('email');
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function audit(
  tx: Tx,
  now: Date,
  entry: { actorUserId: number | null; actorRole: 'customer' | 'admin' | 'system'; action: string; userId: number },
  details?: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    entityType: 'user',
    entityId: String(entry.userId),
    details: details ?? null,
    createdAt: now,
  });
}

/** Queues the "confirm your address" e-mail with a single-use link (24 hours). */
export async function sendEmailVerification(tx: Tx, deps: AuthDeps, user: Pick<User, 'id' | 'email'>, now: Date) {
  const token = await issueAuthToken(tx, now, { userId: user.id, purpose: 'verify_email', email: user.email });
  await enqueueNotification(tx, now, {
    type: 'verify_email',
    recipientEmail: user.email,
    recipientUserId: user.id,
    subject: 'Confirm your email address for Spotless',
    body: [
      'Please confirm that this address is yours by opening this link within 24 hours:',
      `${deps.config.publicUrl}/verify-email?token=${token}`,
      '',
      'Until you do, it cannot be used to recover your account or to link Google or GitHub sign-in.',
      'If you did not create a Spotless account, ignore this message.',
    ].join('\n'),
    payload: { userId: user.id },
  });
}

/** E-mail + password sign-up; the address is unverified until its link is opened. */
export async function registerUser(deps: AuthDeps, input: RegisterInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
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
export async function checkPassword(deps: AuthDeps, input: LoginInput): Promise<User> {
  const user = await findUserByEmail(deps.database.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches) throw invalidCredentials();
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
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
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<number> {
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const linked = await findUserByOAuth(tx, provider, profile.providerUserId);
    if (linked) return linked.id;
    if (!profile.email || !profile.emailVerified) {
      throw new AppError(400, 'oauth_email_required', 'Your account has no verified e-mail address to sign in with');
    }
    const existing = await findUserByEmail(tx, profile.email);
    let id = existing?.id;
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
        subject: 'Your Spotless account is now linked to your sign-in provider',
        body: [
          `You signed in with ${provider === 'google' ? 'Google' : 'GitHub'}, which confirmed this address.`,
          'This account’s address had never been confirmed, so its password was removed and every other',
          'sign-in ended. To use a password again, choose “Forgot password?” on the sign-in page.',
        ].join('\n'),
        payload: { userId: existing.id, provider },
      });
    }
    if (id === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          profileImageUrl: profile.avatarUrl,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned no row');
      id = created.id;
    }
    await tx
      .insert(oauthAccounts)
      .values({ provider, providerUserId: profile.providerUserId, userId: id, createdAt: now });
    return id;
  });
}

/**
 * Proof that the person holding this session is the account's owner right now: the current
 * password when the account has one, else a sign-in from the last 15 minutes.
 */
async function assertReauthenticated(
  user: User,
  session: Session | null,
  currentPassword: string | undefined,
  now: Date,
): Promise<void> {
  if (user.passwordHash) {
    if (!currentPassword) {
      throw badRequest('Invalid request body: currentPassword', {
        currentPassword: 'Enter your current password to make this change',
      });
    }
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest('Invalid request body: currentPassword', { currentPassword: 'Incorrect password' });
    }
    return;
  }
  await verifyPassword(await dummyPasswordHash(), currentPassword ?? '');
  if (!session || now.getTime() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new AppError(403, 'reauthentication_required', 'Please sign in again to make this change');
  }
}

/**
 * Personal information. Changing the e-mail asks for the password, makes the new address
 * unverified (a link goes to it), tells the old address, and ends every other session.
 */
export async function updateProfile(
  deps: AuthDeps,
  user: User,
  session: Session | null,
  input: ProfileUpdateInput,
): Promise<User> {
  const now = deps.clock.now();
  const changes: Partial<User> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone ? input.phone : null;
  const newEmail = input.email?.trim();
  const emailChanges = newEmail !== undefined && !sameAddress(newEmail, user.email);
  if (newEmail !== undefined && !emailChanges && newEmail !== user.email) changes.email = newEmail;
  if (emailChanges) {
    await assertReauthenticated(user, session, input.currentPassword, now);
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
          subject: 'The email address of your Spotless account was changed',
          body: `Your account’s email address is now ${row.email}. If you did not do this, contact support at once.`,
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

/** A new password: proved by the current one (or a fresh sign-in); every session ends. */
export async function changePassword(
  deps: AuthDeps,
  user: User,
  session: Session | null,
  input: PasswordChangeInput,
): Promise<void> {
  const now = deps.clock.now();
  await assertReauthenticated(user, session, input.currentPassword, now);
  const passwordHash = await hashPassword(input.newPassword);
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
      subject: 'Your Spotless password was changed',
      body: 'Your password was changed and every other sign-in ended. If you did not do this, reset your password now.',
      payload: { userId: user.id },
    });
  });
}

/**
 * Sends a reset link (1 hour) when an account has this address; says nothing either way, so the
 * answer does not reveal who has an account.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = await issueAuthToken(tx, now, { userId: user.id, purpose: 'reset_password', email: user.email });
    await enqueueNotification(tx, now, {
      type: 'password_reset',
      recipientEmail: user.email,
      recipientUserId: user.id,
      subject: 'Reset your Spotless password',
      body: [
        'Choose a new password by opening this link within one hour:',
        `${deps.config.publicUrl}/reset-password?token=${token}`,
        '',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
      payload: { userId: user.id },
    });
  });
}

/**
 * Sets a new password from a reset link. Opening the link proved the address, so it becomes
 * verified (when it is still the account's address); every session ends.
 */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<User> {
  const passwordHash = await hashPassword(password);
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
export async function verifyEmail(deps: AuthDeps, token: string): Promise<{ email: string }> {
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

export async function resendEmailVerification(deps: AuthDeps, user: User): Promise<void> {
  if (user.emailVerifiedAt) throw conflict('Your email address is already verified', 'already_verified');
  await deps.database.write((tx) => sendEmailVerification(tx, deps, user, deps.clock.now()));
}

// ─── Administrators ─────────────────────────────────────────────────────────

function requireNamedAdmin(user: User | null): User {
  if (user?.role !== 'admin') throw new AppError(403, 'forbidden', 'Forbidden: administrators only');
  return user;
}

/** Starts an authenticator-app second factor: a new secret, on once `enableTotp` sees a code from it. */
export async function startTotpSetup(
  deps: AuthDeps,
  user: User | null,
  session: Session | null,
  currentPassword: string | undefined,
) {
  const admin = requireNamedAdmin(user);
  await assertReauthenticated(admin, session, currentPassword, deps.clock.now());
  if (admin.totpEnabledAt) throw conflict('Two-step verification is already on', 'totp_enabled');
  const secret = generateTotpSecret();
  await deps.database.write((tx) => tx.update(users).set({ totpSecret: secret }).where(eq(users.id, admin.id)));
  return { secret, uri: totpUri(secret, admin.email) };
}

export async function enableTotp(deps: AuthDeps, user: User | null, code: string): Promise<void> {
  const admin = requireNamedAdmin(user);
  if (admin.totpEnabledAt) throw conflict('Two-step verification is already on', 'totp_enabled');
  if (!admin.totpSecret) throw conflict('Start the setup first', 'totp_not_started');
  const now = deps.clock.now();
  const step = verifyTotp(admin.totpSecret, code, now, admin.totpLastStep);
  if (step === null)
    throw badRequest('Invalid request body: code', { code: 'That code is not right. Try the newest one.' });
  await deps.database.write(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: now, totpLastStep: step }).where(eq(users.id, admin.id));
    await audit(tx, now, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'account.totp_enabled',
      userId: admin.id,
    });
  });
}

export async function disableTotp(
  deps: AuthDeps,
  user: User | null,
  session: Session | null,
  input: { currentPassword?: string; code: string },
): Promise<void> {
  const admin = requireNamedAdmin(user);
  const now = deps.clock.now();
  await assertReauthenticated(admin, session, input.currentPassword, now);
  if (!admin.totpEnabledAt || !admin.totpSecret) throw conflict('Two-step verification is off', 'totp_disabled');
  if (verifyTotp(admin.totpSecret, input.code, now, admin.totpLastStep) === null) {
    throw badRequest('Invalid request body: code', { code: 'That code is not right. Try the newest one.' });
  }
  await deps.database.write(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, admin.id));
    await invalidateAllSessions(tx, admin.id, session?.id);
    await audit(tx, now, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'account.totp_disabled',
      userId: admin.id,
    });
  });
}

/**
 * Who may open an admin session (decision 030). A signed-in named administrator proves it is them
 * with their own password and, when on, their authenticator code: the session, and every admin
 * action in it, is theirs. The shared admin password alone opens an anonymous admin session only
 * outside production (the spec's admin login on the embedded defaults).
 */
export async function authorizeAdminSession(
  deps: AuthDeps,
  user: User | null,
  input: AdminLoginInput,
): Promise<{ userId: number | null }> {
  const now = deps.clock.now();
  const invalid = () => new AppError(401, 'invalid_password', 'Invalid password. Please try again.');
  if (user?.role === 'admin') {
    const matches = await verifyPassword(user.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user.passwordHash || !matches) throw invalid();
    if (user.totpEnabledAt && user.totpSecret) {
      if (!input.code) {
        throw new AppError(401, 'totp_required', 'Enter the 6-digit code from your authenticator app.', {
          code: 'Required',
        });
      }
      const step = verifyTotp(user.totpSecret, input.code, now, user.totpLastStep);
      if (step === null) {
        throw new AppError(401, 'invalid_code', 'That code is not right. Try the newest one.', {
          code: 'That code is not right',
        });
      }
      await deps.database.write((tx) => tx.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id)));
    }
    return { userId: user.id };
  }
  if (deps.config.env === 'production') {
    // Still costs a hash, so this answer is not faster than a wrong password.
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw new AppError(
      403,
      'named_admin_required',
      'Sign in with your administrator account first, then enter your password here.',
    );
  }
  const hash = deps.config.adminPasswordHash;
  const matches = await verifyPassword(hash ?? (await dummyPasswordHash()), input.password);
  if (!hash || !matches) throw invalid();
  return { userId: null };
}

/** The audit entry of an admin session being opened: who (null for the shared password), and how. */
export async function recordAdminSignIn(deps: AuthDeps, userId: number | null, requestId: string): Promise<void> {
  await deps.database.write((tx) =>
    recordAudit(tx, {
      actorUserId: userId,
      actorRole: 'admin',
      action: 'admin.login',
      entityType: 'session',
      entityId: 'admin',
      details: { via: userId === null ? 'shared-password' : 'named-administrator' },
      requestId,
      createdAt: deps.clock.now(),
    }),
  );
}
