import { and, eq, lte } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { type Actor, type Person, requirePerson, requirePersonWriting, requirePublicWriting } from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';

import type { Tx } from '../db/client';
import { partners, payoutAccounts, users } from '../db/schema';
import type { Deps } from '../deps';
import { type ConnectedAccount, LOCAL_TEST_BANK } from '../lib/payment-provider';
import { auditAs, requirePartnerMember } from '../partners/partner-portal.service';

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

/** The cleaner behind a request about their own payouts: 404 `cleaner_profile_not_found` for anyone else. */
export function cleanerOf(person: Person): { userId: number; cleanerId: number } {
  if (person.kind !== 'cleaner') throw new AppError(404, 'cleaner_profile_not_found', 'Cleaner Profile Not Found');
  return person;
}
const requireCleanerWriting = (actor: Actor) => cleanerOf(requirePersonWriting(actor));

export type PayoutAccountState = 'not_connected' | 'onboarding' | 'enabled';

/** The signed-in cleaner and their payout account's state, as their dashboard shows it. */
export async function cleanerOwnAccount(
  deps: Pick<Deps, 'database' | 'payments'>,
  actor: Actor,
): Promise<{
  cleaner: { userId: number; cleanerId: number };
  account: { status: PayoutAccountState; requirement: string | null };
}> {
  const cleaner = cleanerOf(requirePerson(actor));
  const row = await payoutAccountOf(deps, { kind: 'cleaner', id: cleaner.cleanerId });
  const account: { status: PayoutAccountState; requirement: string | null } = !row
    ? { status: 'not_connected', requirement: 'Connect a payout account to be paid for your jobs.' }
    : row.payoutsEnabled
      ? { status: 'enabled', requirement: null }
      : { status: 'onboarding', requirement: row.requirement };
  return { cleaner, account };
}

/** The signed-in cleaner's payout account, as their dashboard shows it. */
export async function getPayoutAccount(deps: Pick<Deps, 'database' | 'payments'>, actor: Actor) {
  return (await cleanerOwnAccount(deps, actor)).account;
}

/**
 * The local test-mode provider's offline onboarding page: its link's token and Stripe's test bank
 * account enable payouts, applied as the provider's `account.updated` would be. 404 with Stripe.
 */
export async function completeTestOnboarding(
  deps: PayoutDeps,
  actor: Actor,
  input: { account: string; token: string; routingNumber: string; accountNumber: string },
): Promise<{ payoutsEnabled: boolean }> {
  requirePublicWriting(actor);
  if (!deps.payments.completeTestOnboarding) throw notFound('Account');
  const done = await deps.payments.completeTestOnboarding({ ...input, providerAccountId: input.account });
  if ('error' in done) {
    if (done.error === 'not_found') throw notFound('Account');
    // The field that differs from the test account is the one named, the routing number first.
    const field = input.routingNumber.trim() !== LOCAL_TEST_BANK.routingNumber ? 'routingNumber' : 'accountNumber';
    throw badRequest(`Invalid request body: ${field}`, {
      [field]: `In test mode use the test bank account: routing ${LOCAL_TEST_BANK.routingNumber}, account ${LOCAL_TEST_BANK.accountNumber}`,
    });
  }
  await deps.database.write((tx) => applyAccountState(tx, 'local', done, deps.clock.now()));
  return { payoutsEnabled: done.payoutsEnabled };
}

/**
 * Starts (or continues) connecting the cleaner's payout account: the provider's account is made
 * once, and the answer is where the cleaner enters their details — Stripe's onboarding, or this
 * site's offline page with the local test-mode provider.
 */
export async function connectPayoutAccount(
  deps: PayoutDeps,
  actor: Actor,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<{ account: PayoutAccountRow; onboardingUrl: string }> {
  const cleaner = requireCleanerWriting(actor);
  const user = await deps.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, cleaner.userId))
    .get();
  return connectOwner(
    deps,
    { kind: 'cleaner', id: cleaner.cleanerId, email: user?.email ?? null },
    { actorUserId: cleaner.userId, actorRole: 'cleaner' },
    urls,
  );
}

/**
 * The same for a partner, for its commission (decision 081): its people (or an administrator)
 * connect it from its portal.
 */
export async function connectPartnerPayoutAccount(
  deps: PayoutDeps,
  actor: Actor,
  partnerId: number,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<{
  account: PayoutAccountRow;
  onboardingUrl: string;
  state: { status: PayoutAccountState; requirement: string | null };
}> {
  const manager = await requirePartnerMember(deps, actor, partnerId, 'write');
  const partner = await deps.database.db
    .select({ email: partners.contactEmail })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .get();
  const connected = await connectOwner(
    deps,
    { kind: 'partner', id: partnerId, email: partner?.email ?? null },
    auditAs(manager),
    urls,
  );
  return { ...connected, state: await partnerPayoutAccount(deps, partnerId) };
}

/** A partner's payout account's state, as its portal shows it: its people and administrators. */
export async function getPartnerPayoutAccount(
  deps: Pick<Deps, 'database' | 'payments'>,
  actor: Actor,
  partnerId: number,
) {
  await requirePartnerMember(deps, actor, partnerId);
  return partnerPayoutAccount(deps, partnerId);
}

async function partnerPayoutAccount(
  deps: Pick<Deps, 'database' | 'payments'>,
  partnerId: number,
): Promise<{ status: PayoutAccountState; requirement: string | null }> {
  const row = await payoutAccountOf(deps, { kind: 'partner', id: partnerId });
  if (!row) return { status: 'not_connected', requirement: 'Connect a payout account to be paid your commission.' };
  return row.payoutsEnabled
    ? { status: 'enabled', requirement: null }
    : { status: 'onboarding', requirement: row.requirement };
}

async function connectOwner(
  deps: PayoutDeps,
  owner: { kind: OwnerKind; id: number; email: string | null },
  by: { actorUserId: number | null; actorRole: 'cleaner' | 'partner' | 'admin' },
  urls: { returnUrl: string; refreshUrl: string },
): Promise<{ account: PayoutAccountRow; onboardingUrl: string }> {
  let account = await payoutAccountOf(deps, owner);
  if (!account) {
    // A fresh key: one naming the owner's id would be replayed to another installation (or a
    // reset database) on the same Stripe account. Two requests racing may each make an account;
    // the first stored is theirs, the other is never used.
    const made = await deps.payments.createConnectedAccount({
      email: owner.email,
      idempotencyKey: `connect-${owner.kind}-${owner.id}-${crypto.randomUUID()}`,
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
        ...by,
        action: 'payout_account.created',
        entityType: owner.kind,
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
