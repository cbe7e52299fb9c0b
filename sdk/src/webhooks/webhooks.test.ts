import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WEBHOOK_EVENT_TYPES } from './index';

const SECRET = 'whsec_test_secret';
const BODY = JSON.stringify({ id: 'evt_1', type: 'booking.created', created: '2026-06-15T12:00:00.000Z', data: {} });
const NOW = 1_781_524_800;

describe('signing a webhook (decision 079)', () => {
  it('is Stripe’s scheme: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', async () => {
    const header = await signWebhook(SECRET, NOW + 0.9, BODY);
    // Computed elsewhere (Python's hmac) over `${NOW}.${BODY}` with SECRET.
    expect(header).toBe(`t=${NOW},v1=6027c567cd520b992f4eb2c33e6e80817b0b559a19aa38d416f9de3d11291c03`);
  });

  it('names the event types a partner may subscribe to', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'booking.created',
      'booking.cancelled',
      'payment.succeeded',
      'commission.paid',
    ]);
  });
});

describe('verifying a webhook', () => {
  it('answers the event of a delivery signed with the secret, within the tolerance', async () => {
    const header = await signWebhook(SECRET, NOW, BODY);
    const result = await verifyWebhook(SECRET, header, BODY, { nowSeconds: NOW + 299 });
    expect(result).toEqual({ ok: true, event: JSON.parse(BODY) });
    // A rolled secret: the header may carry a signature for each.
    const other = (await signWebhook('whsec_old', NOW, BODY)).split(',')[1];
    expect((await verifyWebhook(SECRET, `${other},${header}`, BODY, { nowSeconds: NOW })).ok).toBe(true);
  });

  it('refuses another secret, another body, an old or future timestamp, and a malformed header', async () => {
    const header = await signWebhook(SECRET, NOW, BODY);
    const verify = (h: string | null, body = BODY, nowSeconds = NOW, toleranceSeconds?: number) =>
      verifyWebhook(SECRET, h, body, { nowSeconds, toleranceSeconds });
    expect(await verifyWebhook('whsec_wrong', header, BODY, { nowSeconds: NOW })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect((await verify(header, BODY.replace('evt_1', 'evt_2'))).ok).toBe(false);
    expect(await verify(header, BODY, NOW + 301)).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(await verify(header, BODY, NOW - 301)).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect((await verify(header, BODY, NOW + 30, 10)).ok).toBe(false);
    const v1 = header.split(',')[1] as string;
    for (const malformed of [null, '', 'garbage', v1, `t=${NOW}`, `t=abc,${v1}`, `t=${NOW},v1=XYZ`, `t=-1,${v1}`]) {
      expect(await verify(malformed), String(malformed)).toEqual({ ok: false, reason: 'malformed_header' });
    }
    // Signed but not an event: the receiver is told so rather than handed it.
    const notJson = await signWebhook(SECRET, NOW, 'not json');
    expect(await verify(notJson, 'not json')).toEqual({ ok: false, reason: 'malformed_body' });
  });
});
