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
}

/**
 * Where the local provider keeps what Stripe would keep on its side. In the database
 * (`databaseLocalStore`) for the app on every target, so that any process or Workers isolate over
 * the same database sees the same intents; in memory for the provider's own unit tests.
 */
export interface LocalProviderStore {
  transaction<T>(fn: (tx: LocalStoreTx) => Promise<T>): Promise<T>;
  intent(id: string): Promise<IntentRecord | undefined>;
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
        });
        for (const write of writes) write();
        return result;
      });
      turn = run.catch(() => undefined);
      return run;
    },
    intent: async (id) => structuredClone(intents.get(id)),
    events: async (providerPaymentId) =>
      events
        .filter((e) => providerPaymentId === undefined || e.providerPaymentId === providerPaymentId)
        .map((e) => structuredClone(e)),
    webhookSecret: async (make) => (secret ??= make()),
  };
}
