import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CardFailure, CardsLoopback, type Charge, type Intent, invalid, rand } from './stripe-loopback-cards';
import { ConnectLoopback } from './stripe-loopback-connect';

export type { CardFailure, Charge, Intent, PaymentMethod } from './stripe-loopback-cards';

/**
 * Test support: a small Stripe-compatible HTTP server on 127.0.0.1 for the real `stripe` SDK
 * (`{ host: '127.0.0.1', port, protocol: 'http' }`). It implements only what the server calls —
 * POST /v1/payment_intents, GET /v1/payment_intents/:id (with `expand[]=latest_charge`),
 * POST /v1/refunds, POST /v1/customers with cards saved to them and off-session confirmation
 * (`stripe-loopback-cards.ts`), and Connect's accounts, account links, transfers and reversals
 * (`stripe-loopback-connect.ts`) — with Stripe's JSON shapes and errors, honours `Idempotency-Key` like Stripe
 * (same key and parameters → the stored answer; other parameters → 400 idempotency_error), and
 * records every request so tests can assert what was sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** Decodes Stripe's form encoding (`metadata[bookingId]=3`, `expand[0]=latest_charge`) into objects. */
export function decodeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((p) => p.replace(/\]$/, ''));
    let target = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        target[part] = value;
        return;
      }
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    });
  }
  return out;
}

export class StripeLoopback {
  readonly requests: RecordedRequest[] = [];
  /** Connect: accounts, account links, transfers and reversals. */
  readonly connect = new ConnectLoopback();
  /** Customers and their saved cards (decision 088). */
  readonly cards = new CardsLoopback();
  readonly intents = new Map<string, Intent>();
  readonly charges = new Map<string, Charge>();
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  /** Answers the next N requests to a path prefix with a 500 (Stripe is down). */
  private failures: Array<{ prefix: string; remaining: number }> = [];
  /** Never answers the next N requests to a path prefix, having done their work first or not. */
  private stalls: Array<{ prefix: string; remaining: number; afterWork: boolean }> = [];
  /** Requests held without an answer, released (dropped) by `stop`. */
  private readonly held = new Set<ServerResponse>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => this.handle(req, res, text));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.held.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Options for `new Stripe(key, …)` that point the SDK here. */
  get clientOptions() {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' as const, maxNetworkRetries: 0 };
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  failNext(prefix: string, times = 1): void {
    this.failures.push({ prefix, remaining: times });
  }

  /**
   * Stripe stalls: the next `times` requests to a path prefix get no answer at all (the client's
   * timeout decides). With `afterWork`, each request does its work first, as when the answer is
   * lost on the way back: the intent exists at Stripe though the server never heard of it.
   */
  stallNext(prefix: string, times = 1, options: { afterWork?: boolean } = {}): void {
    this.stalls.push({ prefix, remaining: times, afterWork: options.afterWork ?? false });
  }

  /** Stops stalling and failing: what is still held stays unanswered. */
  recover(): void {
    this.failures = [];
    this.stalls = [];
  }

  /** Charges made at this fake Stripe (cards that went through), for a payment intent or all. */
  chargeCount(intentId?: string): number {
    let count = 0;
    for (const charge of this.charges.values()) if (!intentId || charge.payment_intent === intentId) count += 1;
    return count;
  }

  /**
   * The customer's card went through (what Stripe.js confirming with 4242… does). With `card`, the
   * intent is paid with that card, saved to the intent's customer when it set `setup_future_usage`
   * (as Stripe does); `fails` makes its later off-session charges fail.
   */
  succeed(
    intentId: string,
    card?: { id?: string; last4: string; fails?: CardFailure },
  ): { intent: Intent; charge: Charge } {
    const intent = this.mustGet(intentId);
    if (card) {
      const saveTo = intent.setup_future_usage && intent.customer ? intent.customer : null;
      intent.payment_method = this.cards.savePaymentMethod(saveTo, card);
    }
    const charge = this.cards.charge(intent, intent.payment_method);
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.latest_charge = charge.id;
    return { intent: { ...intent }, charge: { ...charge } };
  }

  /** A declined attempt: the intent waits for another card, carrying the error. */
  decline(intentId: string, message = 'Your card was declined.'): Intent {
    const intent = this.mustGet(intentId);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { code: 'card_declined', message, type: 'card_error' };
    return { ...intent };
  }

  setStatus(intentId: string, status: string): void {
    this.mustGet(intentId).status = status;
  }

  /** A card saved to a customer (see `CardsLoopback.savePaymentMethod`); answers its id. */
  savePaymentMethod(customerId: string, card: { id?: string; last4: string; fails?: CardFailure }): string {
    return this.cards.savePaymentMethod(customerId, card);
  }

  /** A Stripe event envelope around an object, as delivered to webhook endpoints. */
  event(type: string, object: unknown, created = Math.floor(Date.now() / 1000)): Record<string, unknown> {
    return {
      id: `evt_${rand()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  private mustGet(id: string): Intent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`loopback: no intent ${id}`);
    return intent;
  }

  private handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = decodeForm(text);
    const query = decodeForm(url.search.slice(1));
    const idempotencyKey = header(req, 'idempotency-key');
    const authorization = header(req, 'authorization');
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body, idempotencyKey, authorization });

    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand(6)}`, ...extra });
      res.end(JSON.stringify(payload));
    };
    if (!authorization?.startsWith('Bearer sk_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const failure = this.failures.find((f) => url.pathname.startsWith(f.prefix) && f.remaining > 0);
    if (failure) {
      failure.remaining -= 1;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    const stall = this.stalls.find((f) => url.pathname.startsWith(f.prefix) && f.remaining > 0);
    if (stall) {
      stall.remaining -= 1;
      this.held.add(res);
      res.once('close', () => this.held.delete(res));
      if (!stall.afterWork) return;
    }
    const answer = stall ? () => undefined : send;

    const fingerprint = `${req.method} ${url.pathname} ${text}`;
    if (req.method === 'POST' && idempotencyKey) {
      const stored = this.idempotency.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return answer(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        return answer(stored.status, stored.body, { 'idempotent-replayed': 'true' });
      }
    }
    const [status, payload] = this.route(req.method ?? 'GET', url.pathname, body, query);
    if (req.method === 'POST' && idempotencyKey && status < 500) {
      this.idempotency.set(idempotencyKey, { fingerprint, status, body: payload });
    }
    answer(status, payload);
  }

  private route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: Record<string, unknown>,
  ): [number, unknown] {
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(body);
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) return this.retrieveIntent(retrieve[1], query);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    const cards = this.cards.route(method, path, body);
    if (cards) return cards;
    const connect = this.connect.route(method, path, body);
    if (connect) return connect;
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    ];
  }

  private createIntent(body: Record<string, unknown>): [number, unknown] {
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount)) return invalid('parameter_invalid_integer', 'Invalid integer: amount', 'amount');
    if (amount < 50) return invalid('amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
    const currency = String(body.currency ?? '');
    if (!/^[a-z]{3}$/.test(currency)) return invalid('parameter_invalid_string', 'Invalid currency', 'currency');
    const refused = this.cards.refusal(body);
    if (refused) return refused;
    const id = `pi_${rand()}`;
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      client_secret: `${id}_secret_${rand()}`,
      created: Math.floor(Date.now() / 1000),
      customer: typeof body.customer === 'string' ? body.customer : null,
      description: typeof body.description === 'string' ? body.description : null,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      payment_method: typeof body.payment_method === 'string' ? body.payment_method : null,
      setup_future_usage: typeof body.setup_future_usage === 'string' ? body.setup_future_usage : null,
      status: 'requires_payment_method',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
    };
    this.intents.set(id, intent);
    if (body.confirm !== 'true' || !intent.payment_method) return [200, intent];
    // Confirmed at once with a card: a saved card charged off-session (or a test's on-session one).
    const failure = this.cards.failure(intent.payment_method, body.off_session === 'true');
    if (failure) return this.cards.declined(intent, failure);
    this.succeed(id);
    return this.retrieveIntent(id, body);
  }

  private retrieveIntent(id: string, query: Record<string, unknown>): [number, unknown] {
    const intent = this.intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    const expand = Object.values((query.expand ?? {}) as Record<string, string>);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    return [
      200,
      { ...intent, latest_charge: expand.includes('latest_charge') && charge ? charge : intent.latest_charge },
    ];
  }

  private createRefund(body: Record<string, unknown>): [number, unknown] {
    const intentId = String(body.payment_intent ?? '');
    const intent = this.intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      return invalid(
        'payment_intent_unexpected_state',
        'This PaymentIntent does not have a successful charge to refund.',
        'payment_intent',
      );
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining === 0) return invalid('charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    const amount = body.amount === undefined ? remaining : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1) {
      return invalid('parameter_invalid_integer', 'Invalid positive integer', 'amount');
    }
    if (amount > remaining) {
      return invalid(
        'amount_too_large',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        'amount',
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return [
      200,
      {
        id: `re_${rand()}`,
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        metadata: body.metadata ?? {},
        payment_intent: intent.id,
        reason: body.reason ?? null,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      },
    ];
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function missing(kind: string, id: string, param: string): [number, unknown] {
  return [
    404,
    { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param } },
  ];
}
