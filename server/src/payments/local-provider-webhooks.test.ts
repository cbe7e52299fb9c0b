import { describe, expect, it } from 'vitest';
import { type ProviderEvent, WebhookSignatureError } from '../lib/payment-provider';
import { card, intentInput, setup } from '../test/local-provider-kit';
import { LocalPaymentProvider } from './local-provider';
import { applyProviderEvent, newPaymentState } from './payment-state';

describe('LocalPaymentProvider: webhooks', () => {
  it('signs every delivery so parseWebhook returns the same event', async () => {
    const { provider } = setup();
    const deliveries: Array<{ event: ProviderEvent; rawBody: string; signatureHeader: string }> = [];
    provider.subscribe((event, delivery) => {
      deliveries.push({ event, ...delivery });
    });
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4000000000000002'));
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    await provider.refund({ providerPaymentId: intent.providerPaymentId, amountCents: 500, idempotencyKey: 'w' });
    expect(deliveries.map((d) => d.event.type)).toEqual(['payment_failed', 'payment_succeeded', 'refunded']);
    for (const d of deliveries) {
      expect(d.signatureHeader).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(await provider.parseWebhook(d.rawBody, d.signatureHeader)).toEqual(d.event);
    }
    expect((await provider.emittedEvents(intent.providerPaymentId)).map((e) => e.id)).toEqual(
      deliveries.map((d) => d.event.id),
    );
  });

  it('rejects a missing, malformed, tampered, foreign or stale signature', async () => {
    const { provider, clock } = setup();
    const event: ProviderEvent = {
      id: 'evt_1',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_local_1',
      amountCents: 100,
      createdAt: clock.current,
    };
    const { rawBody, signatureHeader } = await provider.signedDelivery(event);
    const reject = async (body: string, header: string | null | undefined) =>
      expect(provider.parseWebhook(body, header)).rejects.toBeInstanceOf(WebhookSignatureError);
    await reject(rawBody, null);
    await reject(rawBody, undefined);
    await reject(rawBody, '');
    await reject(rawBody, 'v1=abc');
    await reject(rawBody, signatureHeader.replace(/v1=.*/, 'v1=zz'));
    await reject(rawBody.replace('100', '999'), signatureHeader);
    await reject(
      rawBody,
      (await new LocalPaymentProvider({ clock, webhookSecret: 'other' }).signedDelivery(event)).signatureHeader,
    );
    // Stripe may send several v1 signatures while rotating secrets: one good one is enough.
    expect(await provider.parseWebhook(rawBody, `${signatureHeader},v1=${'0'.repeat(64)}`)).toEqual(event);
    expect(
      await provider.parseWebhook(
        rawBody,
        `t=${signatureHeader.slice(2).split(',')[0]},v1=${'0'.repeat(64)},${signatureHeader.split(',')[1]}`,
      ),
    ).toEqual(event);
    // five minutes of clock skew are tolerated, one second more is not
    clock.current = new Date(clock.current.getTime() + 300_000);
    expect(await provider.parseWebhook(rawBody, signatureHeader)).toEqual(event);
    clock.current = new Date(clock.current.getTime() + 1000);
    await reject(rawBody, signatureHeader);
  });

  it('returns null for a genuine event of a type the server does not use', async () => {
    const { provider, clock } = setup();
    const { rawBody, signatureHeader } = await provider.signedDelivery({
      id: 'evt_2',
      type: 'payment_intent.created' as never,
      providerPaymentId: 'pi_local_1',
      amountCents: 100,
      createdAt: clock.current,
    });
    expect(await provider.parseWebhook(rawBody, signatureHeader)).toBeNull();
  });

  it('keeps the payment when a subscriber fails, and redelivers the event later', async () => {
    const { provider } = setup();
    let fail = true;
    const seen: string[] = [];
    provider.subscribe((event) => {
      if (fail) throw new Error('database down');
      seen.push(event.id);
    });
    const intent = await provider.createPaymentIntent(intentInput());
    expect(await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'))).toHaveProperty(
      'paymentIntent',
    );
    expect(provider.failedDeliveryCount).toBe(1);
    fail = false;
    await provider.redeliverFailed();
    expect(provider.failedDeliveryCount).toBe(0);
    expect(seen).toEqual([(await provider.emittedEvents())[0]!.id]);
  });

  it('stops delivering after unsubscribe', async () => {
    const provider = new LocalPaymentProvider();
    const seen: ProviderEvent[] = [];
    const unsubscribe = provider.subscribe((e) => {
      seen.push(e);
    });
    unsubscribe();
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    expect(seen).toEqual([]);
  });

  it('drives a payment record through payment-state to the provider’s own view', async () => {
    const { provider } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    let state = newPaymentState(intent.amountCents);
    provider.subscribe(async (_event, delivery) => {
      const parsed = await provider.parseWebhook(delivery.rawBody, delivery.signatureHeader);
      if (parsed && parsed.type !== 'account_updated') state = applyProviderEvent(state, parsed);
    });
    await provider.confirmCardPayment(intent.clientSecret, card('4000000000009995'));
    expect(state).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.' });
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    await provider.refund({ providerPaymentId: intent.providerPaymentId, amountCents: 500, idempotencyKey: 's1' });
    const snapshot = await provider.retrieve(intent.providerPaymentId);
    expect(state).toMatchObject({ status: snapshot!.status, refundedCents: snapshot!.refundedCents });
    await provider.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: 's2' });
    expect(state).toMatchObject({ status: 'refunded', refundedCents: 10_500 });
  });
});
