import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { localConnectedAccounts, localTransferReversals, localTransfers } from '../db/schema';
import { sha256Hex } from '../lib/digest';
import {
  type ConnectedAccount,
  type CreateTransferInput,
  LOCAL_TEST_BANK,
  PaymentProviderError,
  type PayoutProvider,
  type Transfer,
} from '../lib/payment-provider';
import { secretsEqual } from '../lib/secrets-equal';
import { randomHex } from './local-intents';

/** The requirement a local account shows until its test bank details are entered. */
export const LOCAL_ACCOUNT_REQUIREMENT = 'Add the bank account your payouts go to.';

type AccountRow = typeof localConnectedAccounts.$inferSelect;
type TransferRow = typeof localTransfers.$inferSelect;

function accountOf(row: AccountRow): ConnectedAccount {
  return {
    providerAccountId: row.id,
    payoutsEnabled: row.payoutsEnabled,
    requirement: row.payoutsEnabled ? null : LOCAL_ACCOUNT_REQUIREMENT,
    asOf: row.updatedAt,
  };
}

function transferOf(row: TransferRow): Transfer {
  return {
    providerTransferId: row.id,
    destination: row.destination,
    amountCents: row.amountCents,
    reversedCents: row.reversedCents,
  };
}

/**
 * Stripe Connect's part of the local test-mode provider (decision 080): Express accounts whose
 * onboarding is an offline page of this site taking Stripe's test bank account, and transfers and
 * reversals with Stripe's idempotency and limits. Its records live in the database like the
 * provider's intents (decision 037), so every process and Workers isolate agrees.
 */
export class LocalConnect implements PayoutProvider {
  constructor(
    private readonly database: Database,
    private readonly clock: { now(): Date },
  ) {}

  async createConnectedAccount(input: { email: string | null; idempotencyKey: string }): Promise<ConnectedAccount> {
    // The idempotency key names the account: asking again answers the same one.
    const id = `acct_local_${sha256Hex(input.idempotencyKey).slice(0, 16)}`;
    await this.database.write((tx) =>
      tx
        .insert(localConnectedAccounts)
        .values({
          id,
          email: input.email,
          onboardingToken: randomHex(16),
          updatedAt: this.clock.now(),
          createdAt: this.clock.now(),
        })
        .onConflictDoNothing(),
    );
    const row = await this.row(id);
    if (!row) throw new Error('local connected account missing after insert');
    return accountOf(row);
  }

  async accountOnboardingUrl(input: { providerAccountId: string; returnUrl: string }): Promise<string> {
    const row = await this.row(input.providerAccountId);
    if (!row) throw new PaymentProviderError('not_found', `No such account: '${input.providerAccountId}'`);
    const back = new URL(input.returnUrl);
    const page = new URL('/payouts/test-onboarding', back);
    // Where the page sends its owner once done: a path on this site, as Stripe's return_url would.
    page.search = new URLSearchParams({
      account: row.id,
      token: row.onboardingToken,
      return: `${back.pathname}${back.search}`,
    }).toString();
    return page.toString();
  }

  async retrieveConnectedAccount(providerAccountId: string): Promise<ConnectedAccount | null> {
    const row = await this.row(providerAccountId);
    return row ? accountOf(row) : null;
  }

  /**
   * What the offline onboarding page sends: the account's token (from its link) and a bank
   * account; Stripe's test account enables payouts, any other number is refused as Stripe's test
   * mode refuses it. Answers the account's new state.
   */
  async completeOnboarding(input: {
    providerAccountId: string;
    token: string;
    routingNumber: string;
    accountNumber: string;
  }): Promise<ConnectedAccount | { error: 'not_found' | 'invalid_bank_account' }> {
    const row = await this.row(input.providerAccountId);
    if (!row || !secretsEqual(row.onboardingToken, input.token)) return { error: 'not_found' };
    if (input.routingNumber !== LOCAL_TEST_BANK.routingNumber || input.accountNumber !== LOCAL_TEST_BANK.accountNumber)
      return { error: 'invalid_bank_account' };
    const now = this.clock.now();
    await this.database.write((tx) =>
      tx
        .update(localConnectedAccounts)
        .set({ payoutsEnabled: true, bankLast4: input.accountNumber.slice(-4), updatedAt: now })
        .where(eq(localConnectedAccounts.id, row.id)),
    );
    return accountOf({ ...row, payoutsEnabled: true, updatedAt: now });
  }

  async createTransfer(input: CreateTransferInput): Promise<Transfer> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1)
      throw new PaymentProviderError('invalid_amount', 'Transfer amount must be a positive whole number of cents');
    return this.database.write(async (tx) => {
      const previous = await tx
        .select()
        .from(localTransfers)
        .where(eq(localTransfers.idempotencyKey, input.idempotencyKey))
        .get();
      if (previous) {
        if (previous.amountCents !== input.amountCents || previous.destination !== input.destination)
          throw new PaymentProviderError(
            'idempotency_conflict',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${input.idempotencyKey}' if you meant to execute a different request.`,
          );
        return transferOf(previous);
      }
      const account = await tx
        .select()
        .from(localConnectedAccounts)
        .where(eq(localConnectedAccounts.id, input.destination))
        .get();
      if (!account) throw new PaymentProviderError('not_found', `No such destination: '${input.destination}'`);
      if (!account.payoutsEnabled)
        throw new PaymentProviderError(
          'invalid_request',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers',
        );
      const row: TransferRow = {
        id: `tr_local_${randomHex(12)}`,
        idempotencyKey: input.idempotencyKey,
        destination: input.destination,
        amountCents: input.amountCents,
        currency: input.currency,
        transferGroup: input.transferGroup,
        reversedCents: 0,
        createdAt: this.clock.now(),
      };
      await tx.insert(localTransfers).values(row);
      return transferOf(row);
    });
  }

  async reverseTransfer(input: {
    providerTransferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<Transfer> {
    return this.database.write(async (tx) => {
      const transfer = await tx
        .select()
        .from(localTransfers)
        .where(eq(localTransfers.id, input.providerTransferId))
        .get();
      if (!transfer) throw new PaymentProviderError('not_found', `No such transfer: '${input.providerTransferId}'`);
      const previous = await tx
        .select()
        .from(localTransferReversals)
        .where(eq(localTransferReversals.idempotencyKey, input.idempotencyKey))
        .get();
      if (previous) return transferOf(transfer);
      const left = transfer.amountCents - transfer.reversedCents;
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > left)
        throw new PaymentProviderError(
          'invalid_amount',
          `Reversal amount must be between 1 and the ${left} cents not yet reversed`,
        );
      await tx.insert(localTransferReversals).values({
        id: `trr_local_${randomHex(12)}`,
        idempotencyKey: input.idempotencyKey,
        transferId: transfer.id,
        amountCents: input.amountCents,
        createdAt: this.clock.now(),
      });
      const reversedCents = transfer.reversedCents + input.amountCents;
      await tx.update(localTransfers).set({ reversedCents }).where(eq(localTransfers.id, transfer.id));
      return transferOf({ ...transfer, reversedCents });
    });
  }

  async retrieveTransfer(providerTransferId: string): Promise<Transfer | null> {
    const row = await this.database.db
      .select()
      .from(localTransfers)
      .where(eq(localTransfers.id, providerTransferId))
      .get();
    return row ? transferOf(row) : null;
  }

  private row(id: string): Promise<AccountRow | undefined> {
    return this.database.db.select().from(localConnectedAccounts).where(eq(localConnectedAccounts.id, id)).get();
  }
}
