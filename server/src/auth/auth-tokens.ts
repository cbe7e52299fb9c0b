import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { authTokens } from '../db/schema';
import { generateSessionToken, sessionIdFromToken } from './sessions';

export type AuthTokenPurpose = 'verify_email' | 'reset_password';

/** How long a link in an e-mail stays good. */
export const AUTH_TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/**
 * Issues a single-use token for `purpose` and returns it (for the link); only its SHA-256 is stored.
 * Earlier unused tokens of the same purpose stop working, so only the newest e-mail's link does.
 */
export async function issueAuthToken(
  tx: Tx,
  now: Date,
  input: { userId: number; purpose: AuthTokenPurpose; email: string },
): Promise<string> {
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, input.userId), eq(authTokens.purpose, input.purpose), isNull(authTokens.usedAt)));
  const token = generateSessionToken();
  await tx.insert(authTokens).values({
    id: sessionIdFromToken(token),
    ...input,
    expiresAt: new Date(now.getTime() + AUTH_TOKEN_TTL_MS[input.purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and returns what it proves, or null when it is unknown, expired, already
 * used or for another purpose. Runs in the caller's write transaction, so it is used once.
 */
export async function consumeAuthToken(tx: Tx, now: Date, token: string, purpose: AuthTokenPurpose) {
  if (token.length === 0 || token.length > 64) return null;
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.id, sessionIdFromToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, email: authTokens.email });
  return row ?? null;
}
