import type { ProviderEvent, Refund } from '../lib/payment-provider';

export interface IntentRecord {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  bookingId: number;
  customerId: number | null;
  succeeded: boolean;
  failureReason: string | null;
  refundedCents: number;
  disputed: boolean;
  /** Its card's bank refuses every refund (Stripe's test card 4000 0000 0000 5126). */
  refundFails: boolean;
  /** The provider customer it saves its card to (`saveCard`) or charges off-session. */
  customerRef: string | null;
  saveCard: boolean;
  /** The card it was paid with, or is charged to off-session. */
  paymentMethodId: string | null;
  offSession: boolean;
}

/**
 * A card as the provider keeps it once paid with. `customerRef` is '' for a card attached to no
 * customer (Stripe's PaymentMethod with `customer: null`): it shows its last four, but cannot be
 * charged again.
 */
export interface PaymentMethodRecord {
  id: string;
  customerRef: string;
  last4: string;
  /** The test card's number: a later charge to it follows Stripe's test cards. */
  testCard: string;
}

export interface CustomerRecord {
  id: string;
  idempotencyKey: string;
  email: string | null;
}

export type IdempotentResult =
  | { op: 'intent'; fingerprint: string; intentId: string }
  | { op: 'refund'; fingerprint: string; refund: Refund };

/** One atomic unit of the provider's records: everything read and written in it commits together. */
export interface LocalStoreTx {
  intent(id: string): Promise<IntentRecord | undefined>;
  saveIntent(record: IntentRecord, isNew: boolean): Promise<void>;
  request(key: string): Promise<IdempotentResult | undefined>;
  saveRequest(key: string, result: IdempotentResult): Promise<void>;
  appendEvent(event: ProviderEvent): Promise<void>;
  paymentMethod(id: string): Promise<PaymentMethodRecord | undefined>;
  savePaymentMethod(record: PaymentMethodRecord): Promise<void>;
  customer(id: string): Promise<CustomerRecord | undefined>;
  customerByKey(idempotencyKey: string): Promise<CustomerRecord | undefined>;
  saveCustomer(record: CustomerRecord): Promise<void>;
}

/**
 * Where the local provider keeps what Stripe would keep on its side. In the database
 * (`databaseLocalStore`) for the app on every target, so that any process or Workers isolate over
 * the same database sees the same intents; in memory for the provider's own unit tests.
 */
export interface LocalProviderStore {
  transaction<T>(fn: (tx: LocalStoreTx) => Promise<T>): Promise<T>;
  intent(id: string): Promise<IntentRecord | undefined>;
  paymentMethod(id: string): Promise<PaymentMethodRecord | undefined>;
  /** Events emitted so far, oldest first. */
  events(providerPaymentId?: string): Promise<ProviderEvent[]>;
  /** The webhook signing secret of this installation: made once, then the same for every process. */
  webhookSecret(make: () => string): Promise<string>;
}

/** The store in memory, for tests of the provider alone: one transaction at a time, applied on success. */
export function memoryLocalStore(): LocalProviderStore {
  const intents = new Map<string, IntentRecord>();
  const requests = new Map<string, IdempotentResult>();
  const events: ProviderEvent[] = [];
  const methods = new Map<string, PaymentMethodRecord>();
  const customers = new Map<string, CustomerRecord>();
  let secret: string | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  return {
    transaction(fn) {
      const run = turn.then(async () => {
        const writes: Array<() => void> = [];
        const result = await fn({
          intent: async (id) => structuredClone(intents.get(id)),
          saveIntent: async (record) => void writes.push(() => intents.set(record.id, structuredClone(record))),
          request: async (key) => structuredClone(requests.get(key)),
          saveRequest: async (key, value) => void writes.push(() => requests.set(key, structuredClone(value))),
          appendEvent: async (event) => void writes.push(() => events.push(structuredClone(event))),
          paymentMethod: async (id) => structuredClone(methods.get(id)),
          savePaymentMethod: async (record) => void writes.push(() => methods.set(record.id, structuredClone(record))),
          customer: async (id) => structuredClone([...customers.values()].find((c) => c.id === id)),
          customerByKey: async (key) => structuredClone(customers.get(key)),
          saveCustomer: async (record) =>
            void writes.push(() => customers.set(record.idempotencyKey, structuredClone(record))),
        });
        for (const write of writes) write();
        return result;
      });
      turn = run.catch(() => undefined);
      return run;
    },
    intent: async (id) => structuredClone(intents.get(id)),
    paymentMethod: async (id) => structuredClone(methods.get(id)),
    events: async (providerPaymentId) =>
      events
        .filter((e) => providerPaymentId === undefined || e.providerPaymentId === providerPaymentId)
        .map((e) => structuredClone(e)),
    webhookSecret: async (make) => (secret ??= make()),
  };
}
