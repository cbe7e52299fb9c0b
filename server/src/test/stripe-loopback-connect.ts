import { randomBytes } from 'node:crypto';

/**
 * Test support: Stripe Connect's part of the loopback Stripe server (`stripe-loopback.ts`) —
 * Express accounts, account links, transfers and their reversals, with Stripe's shapes and errors.
 * `enable` plays the owner finishing Stripe's onboarding; its answer is the account as an
 * `account.updated` event carries it.
 */

export interface LoopbackAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' | 'pending' };
  requirements: { currently_due: string[]; disabled_reason: string | null };
}

export interface LoopbackTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  description: string | null;
  reversed: boolean;
  created: number;
}

const rand = (n = 12) => randomBytes(n).toString('hex');
type Answer = [number, unknown];

export class ConnectLoopback {
  readonly accounts = new Map<string, LoopbackAccount>();
  readonly transfers = new Map<string, LoopbackTransfer>();

  /** The owner finished onboarding: payouts enabled. Answers the account as `account.updated` carries it. */
  enable(id: string): LoopbackAccount {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`loopback: no account ${id}`);
    Object.assign(account, {
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      capabilities: { transfers: 'active' },
      requirements: { currently_due: [], disabled_reason: null },
    });
    return structuredClone(account);
  }

  transfersIn(group: string): LoopbackTransfer[] {
    return [...this.transfers.values()].filter((t) => t.transfer_group === group);
  }

  /** Answers a Connect request, or null when the path is not Connect's. */
  route(method: string, path: string, body: Record<string, unknown>): Answer | null {
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(body);
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && account?.[1]) return this.found('account', account[1], this.accounts.get(account[1]));
    if (method === 'POST' && path === '/v1/account_links') return this.accountLink(body);
    if (method === 'POST' && path === '/v1/transfers') return this.createTransfer(body);
    const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (method === 'GET' && transfer?.[1]) return this.found('transfer', transfer[1], this.transfers.get(transfer[1]));
    const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversal?.[1]) return this.reverse(reversal[1], body);
    return null;
  }

  private found(kind: string, id: string, value: unknown): Answer {
    if (!value)
      return [
        404,
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } },
      ];
    return [200, value];
  }

  private createAccount(body: Record<string, unknown>): Answer {
    if (body.type !== 'express') return invalid('parameter_invalid_string', 'Only express accounts here', 'type');
    const account: LoopbackAccount = {
      id: `acct_${rand(8)}`,
      object: 'account',
      type: 'express',
      email: typeof body.email === 'string' ? body.email : null,
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: 'inactive' },
      requirements: {
        currently_due: ['external_account', 'individual.dob.day'],
        disabled_reason: 'requirements.past_due',
      },
    };
    this.accounts.set(account.id, account);
    return [200, account];
  }

  private accountLink(body: Record<string, unknown>): Answer {
    const id = String(body.account ?? '');
    if (!this.accounts.has(id)) return this.found('account', id, undefined);
    for (const key of ['return_url', 'refresh_url'])
      if (typeof body[key] !== 'string') return invalid('parameter_missing', `Missing required param: ${key}.`, key);
    return [
      200,
      {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.com/setup/e/${id}/${rand(8)}`,
      },
    ];
  }

  private createTransfer(body: Record<string, unknown>): Answer {
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1)
      return invalid('parameter_invalid_integer', 'Invalid positive integer', 'amount');
    const destination = String(body.destination ?? '');
    const account = this.accounts.get(destination);
    if (!account) return this.found('destination', destination, undefined);
    if (!account.payouts_enabled)
      return invalid(
        'insufficient_capabilities_for_transfer',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
      );
    const transfer: LoopbackTransfer = {
      id: `tr_${rand()}`,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: String(body.currency ?? 'usd'),
      destination,
      transfer_group: typeof body.transfer_group === 'string' ? body.transfer_group : null,
      description: typeof body.description === 'string' ? body.description : null,
      reversed: false,
      created: Math.floor(Date.now() / 1000),
    };
    this.transfers.set(transfer.id, transfer);
    return [200, transfer];
  }

  private reverse(id: string, body: Record<string, unknown>): Answer {
    const transfer = this.transfers.get(id);
    if (!transfer) return this.found('transfer', id, undefined);
    const left = transfer.amount - transfer.amount_reversed;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > left)
      return invalid('amount_too_large', `Reversal amount must be at most ${left}`, 'amount');
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    return [
      200,
      { id: `trr_${rand()}`, object: 'transfer_reversal', amount, currency: transfer.currency, transfer: transfer.id },
    ];
  }
}

function invalid(code: string, message: string, param?: string): Answer {
  return [400, { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } }];
}
