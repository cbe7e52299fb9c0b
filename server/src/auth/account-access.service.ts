import { recordAudit } from '../audit/audit-log';
import { type Actor, requirePerson, requirePersonWriting, type SessionRef, unauthorized } from '../contract/actor';
import { AppError, badRequest } from '../contract/errors';
import type { Tx } from '../db/client';
import type { User } from '../db/schema';
import type { Deps } from '../deps';
import { verifyEmailEmail } from '../notifications/account-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { issueAuthToken } from './auth-tokens';
import { dummyPasswordHash, passwordCost, verifyPassword } from './password';
import { RECENT_SIGN_IN_MS } from './sessions';
import { findUserById } from './users.queries';

/**
 * What the account services share: the signed-in person's own account row, re-authentication,
 * the verification e-mail and the audit entries of account changes (SECURITY.md).
 */

export type AuthDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>;

/**
 * The account of the signed-in person behind `actor`, with the session they act through (401
 * signed out; the assistant reads but never changes an account).
 */
export async function ownAccount(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  writing: boolean,
): Promise<{ user: User; session: SessionRef | null }> {
  const person = writing ? requirePersonWriting(actor) : requirePerson(actor);
  const user = await findUserById(deps.database.db, person.userId);
  if (!user) throw unauthorized();
  return { user, session: person.session ?? null };
}

export const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Invalid email or password');

export function uniqueEmailViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('UNIQUE') && text.includes('email');
}

export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function audit(
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

/**
 * Queues the "confirm your address" e-mail with a single-use link (24 hours), on the site the
 * person asked from (decision 072): the link must open where they are signed in.
 */
export async function sendEmailVerification(
  tx: Tx,
  deps: AuthDeps,
  user: Pick<User, 'id' | 'email' | 'firstName'>,
  now: Date,
) {
  const token = await issueAuthToken(tx, now, { userId: user.id, purpose: 'verify_email', email: user.email });
  await enqueueNotification(tx, now, {
    type: 'verify_email',
    recipientEmail: user.email,
    recipientUserId: user.id,
    ...verifyEmailEmail(siteOf(deps), { firstName: user.firstName, token }),
    payload: { userId: user.id },
  });
}

/**
 * Proof that the person holding this session is the account's owner right now: the current
 * password when the account has one, else a sign-in from the last 15 minutes.
 */
export async function assertReauthenticated(
  deps: Pick<AuthDeps, 'config'>,
  user: User,
  session: SessionRef | null,
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
  await verifyPassword(await dummyPasswordHash(passwordCost(deps.config)), currentPassword ?? '');
  if (!session || now.getTime() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new AppError(403, 'reauthentication_required', 'Please sign in again to make this change');
  }
}
