import type { AdminLoginInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, personOf, requireAdmin, requirePublicWriting } from '../contract/actor';
import { AppError, badRequest, conflict } from '../contract/errors';
import { type User, users } from '../db/schema';
import { type AuthDeps, assertReauthenticated, audit, ownAccount } from './account-access.service';
import { dummyPasswordHash, passwordCost, verifyPassword } from './password';
import { invalidateAllSessions } from './sessions';
import { generateTotpSecret, totpUri, verifyTotp } from './totp';
import { findUserById } from './users.queries';

/**
 * Administrators: opening an admin session (decision 030) and the named administrator's
 * authenticator-app second factor.
 */

function requireNamedAdmin(user: User | null): User {
  if (user?.role !== 'admin') throw new AppError(403, 'forbidden', 'Forbidden: administrators only');
  return user;
}

/** Starts an authenticator-app second factor: a new secret, on once `enableTotp` sees a code from it. */
export async function startTotpSetup(deps: AuthDeps, actor: Actor, currentPassword: string | undefined) {
  const { user, session } = await ownAccount(deps, actor, true);
  const admin = requireNamedAdmin(user);
  await assertReauthenticated(deps, admin, session, currentPassword, deps.clock.now());
  if (admin.totpEnabledAt) throw conflict('Two-step verification is already on', 'totp_enabled');
  const secret = generateTotpSecret();
  await deps.database.write((tx) => tx.update(users).set({ totpSecret: secret }).where(eq(users.id, admin.id)));
  return { secret, uri: totpUri(secret, admin.email) };
}

export async function enableTotp(deps: AuthDeps, actor: Actor, code: string): Promise<void> {
  const { user } = await ownAccount(deps, actor, true);
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
  actor: Actor,
  input: { currentPassword?: string; code: string },
): Promise<void> {
  const { user, session } = await ownAccount(deps, actor, true);
  const admin = requireNamedAdmin(user);
  const now = deps.clock.now();
  await assertReauthenticated(deps, admin, session, input.currentPassword, now);
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
 * outside production (the prototype's admin login on the embedded defaults; decision 030).
 */
export async function authorizeAdminSession(
  deps: AuthDeps,
  actor: Actor,
  input: AdminLoginInput,
): Promise<{ userId: number | null }> {
  requirePublicWriting(actor);
  const person = personOf(actor);
  const user = person ? await findUserById(deps.database.db, person.userId) : undefined;
  const now = deps.clock.now();
  const invalid = () => new AppError(401, 'invalid_password', 'Invalid password. Please try again.');
  if (user?.role === 'admin') {
    const matches = await verifyPassword(
      user.passwordHash ?? (await dummyPasswordHash(passwordCost(deps.config))),
      input.password,
    );
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
    await verifyPassword(await dummyPasswordHash(passwordCost(deps.config)), input.password);
    throw new AppError(
      403,
      'named_admin_required',
      'Sign in with your administrator account first, then enter your password here.',
    );
  }
  const hash = deps.config.adminPasswordHash;
  const matches = await verifyPassword(hash ?? (await dummyPasswordHash(passwordCost(deps.config))), input.password);
  if (!hash || !matches) throw invalid();
  return { userId: null };
}

/** The audit entry of an admin session being opened: who (null for the shared password), and how. */
export async function recordAdminSignIn(
  deps: AuthDeps,
  actor: Actor,
  input: { userId: number | null; requestId: string },
): Promise<void> {
  requirePublicWriting(actor);
  const { userId, requestId } = input;
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

/** The open admin session: who opened it (null for the shared password). */
export function adminSessionOf(actor: Actor): { userId: number | null } {
  return { userId: requireAdmin(actor).adminUserId };
}
