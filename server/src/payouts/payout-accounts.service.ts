import { and, eq, lte } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, requirePersonWriting } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { Tx } from '../db/client';
import { payoutAccounts, users } from '../db/schema';
import type { Deps } from '../deps';
import type { ConnectedAccount } from '../lib/payment-provider';

/**
 * Connected payout accounts (decision 080): a cleaner's (and a partner's) account at the payment
 * provider, made once, onboarded at the provider (or this site's offline page in test mode), and
 * kept up to date by the provider's `account.updated` webhooks.
 */

type PayoutDeps = Pick<Deps, 'database' | 'clock' | 'payments'>;
type OwnerKind = (typeof payoutAccounts.$inferSelect)['ownerKind'];

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function payoutAccountOf(
  deps: Pick<Deps, 'database' | 'payments'>,
  owner: { kind: OwnerKind; id: number },
): Promise<PayoutAccountRow | undefined> {
  return deps.database.db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.ownerKind, owner.kind),
        eq(payoutAccounts.ownerId, owner.id),
        eq(payoutAccounts.provider, deps.payments.name),
      ),
    )
    .get();
}

/** The cleaner behind a write about their own payouts (403 for anyone who is not a cleaner). */
function requireCleanerWriting(actor: Actor): { userId: number; cleanerId: number } {
  const person = requirePersonWriting(actor);
  if (person.kind !== 'cleaner') throw new AppError(403, 'forbidden', 'Forbidden: only cleaners are paid out');
  return person;
}

/**
 * Starts (or continues) connecting the cleaner's payout account: the provider's account is made
 * once (its idempotency key names the cleaner), and the answer is where the cleaner enters their
 * details — Stripe's onboarding, or this site's offline page with the local test-mode provider.
 */
export async function connectPayoutAccount(
  deps: PayoutDeps,
  actor: Actor,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<{ account: PayoutAccountRow; onboardingUrl: string }> {
  const cleaner = requireCleanerWriting(actor);
  const owner = { kind: 'cleaner' as const, id: cleaner.cleanerId };
  let account = await payoutAccountOf(deps, owner);
  if (!account) {
    const email = await deps.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, cleaner.userId))
      .get();
    const made = await deps.payments.createConnectedAccount({
      email: email?.email ?? null,
      idempotencyKey: `connect-${owner.kind}-${owner.id}`,
    });
    const now = deps.clock.now();
    await deps.database.write(async (tx) => {
      await tx
        .insert(payoutAccounts)
        .values({
          ownerKind: owner.kind,
          ownerId: owner.id,
          provider: deps.payments.name,
          providerAccountId: made.providerAccountId,
          payoutsEnabled: made.payoutsEnabled,
          requirement: made.requirement,
          stateAt: made.asOf,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      await recordAudit(tx, {
        createdAt: now,
        actorUserId: cleaner.userId,
        actorRole: 'cleaner',
        action: 'payout_account.created',
        entityType: 'cleaner',
        entityId: String(owner.id),
        details: { provider: deps.payments.name },
      });
    });
    account = await payoutAccountOf(deps, owner);
    if (!account) throw new Error('payout account missing after insert');
  }
  const onboardingUrl = await deps.payments.accountOnboardingUrl({
    providerAccountId: account.providerAccountId,
    ...urls,
  });
  return { account, onboardingUrl };
}

/**
 * A connected account's state from the provider (its `account.updated` webhook, or the offline
 * onboarding page), in the caller's transaction. Safe in any order: a state older than the one held
 * changes nothing. Answers whether it changed anything.
 */
export async function applyAccountState(
  tx: Tx,
  provider: 'stripe' | 'local',
  account: ConnectedAccount,
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(payoutAccounts)
    .set({
      payoutsEnabled: account.payoutsEnabled,
      requirement: account.requirement,
      stateAt: account.asOf,
      updatedAt: now,
    })
    .where(
      and(
        eq(payoutAccounts.provider, provider),
        eq(payoutAccounts.providerAccountId, account.providerAccountId),
        lte(payoutAccounts.stateAt, account.asOf),
      ),
    )
    .returning({ id: payoutAccounts.id });
  return changed.length > 0;
}
