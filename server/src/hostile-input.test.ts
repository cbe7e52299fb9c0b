import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, localPaymentIntents, payments } from './db/schema';
import { createTestContext } from './test/harness';
import type { HostileCase } from './test/hostile/requests';
import { formatFigures, runHostile, send, watchRejections } from './test/hostile/run';
import { buildWorld, FUZZ_CONFIG } from './test/hostile/world';

/**
 * Hostile input to every operation of the table (decision 066): requests generated from each
 * operation's own schemas and then broken, sent as every kind of caller. Never a 5xx, every refusal
 * in the one error shape, no partial write, no unhandled rejection. The long run is
 * `npm run bench:fuzz`.
 */

const SEED = 20260615;
const RUNS = 5;

const rejections = watchRejections();
afterAll(() => rejections.stop());

const ctx = await createTestContext({ config: FUZZ_CONFIG });
const world = await buildWorld(ctx);

/** A request as the fuzzer sends it: the case that found a defect, kept as an example. */
const replay = (c: Pick<HostileCase, 'operationId' | 'method' | 'url' | 'caller' | 'body'>) =>
  send(world, { origin: 'own', contentType: 'application/json', headers: {}, note: '', ...c });

/** What the fuzzer found, each as the request that found it; they run before the fuzzing changes the world. */
describe('defects the fuzzer found', () => {
  it('a refund the provider refuses leaves the payment and its booking as they were (seed 20260615)', async () => {
    const read = async () => ({
      payment: await ctx.database.db.select().from(payments).where(eq(payments.id, 1)).get(),
      booking: await ctx.database.db
        .select({ status: bookings.status, paymentStatus: bookings.paymentStatus })
        .from(bookings)
        .where(eq(bookings.id, 1))
        .get(),
    });
    const before = await read();
    expect(before.payment?.status).toBe('succeeded');
    // A payment the provider does not know (it refuses the refund): the seeded ones it now knows.
    await ctx.database.write((tx) =>
      tx.delete(localPaymentIntents).where(eq(localPaymentIntents.id, before.payment?.providerPaymentId ?? '')),
    );
    const answer = await replay({
      operationId: 'refundPayment',
      method: 'POST',
      // Found as `/api/payments/1%20/refund`; ids are now read from digits only, so that is a 400.
      url: '/api/payments/1/refund',
      caller: 'admin',
      body: '{"reason":"שלום עולם"}',
    });
    expect(answer.status).toBe(409);
    const after = await read();
    expect(after.booking).toEqual(before.booking);
    expect({ ...after.payment, updatedAt: null }).toEqual({ ...before.payment, updatedAt: null });
  });

  describe('in document uploads (FUZZ_SEED=12 FUZZ_RUNS=1500 FUZZ_ONLY=uploadApplicationDocument)', () => {
    const upload = (body: string) =>
      replay({
        operationId: 'uploadApplicationDocument',
        method: 'POST',
        url: `/api/applications/${world.applicationId}/documents`,
        caller: 'customer',
        body,
      });

    it('refuses a data URL whose base64 cannot be decoded as a 400 naming fileUrl, not a 500', async () => {
      const answer = await upload(
        '{"applicationId":63,"documentType":"id","fileName":"prototype","fileUrl":"data:+SX.Oz\\"LR;base64,R","fileSize":[null,-1.0581843998366945e+249,false,null,false,false,-5.293548494900035e-128,null],"mimeType":{}}',
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).error.fields).toEqual({ fileUrl: 'Send the file as a base64 data URL' });
      for (const data of ['R', 'abcde', 'ab=', 'a===']) {
        const fileUrl = `data:application/pdf;base64,${data}`;
        const again = await upload(JSON.stringify({ documentType: 'id', fileName: 'id.pdf', fileUrl }));
        expect(again.status, data).toBe(400);
      }
    });

    it('answers a body that is not JSON as every JSON route does', async () => {
      const answer = await upload(
        '{"applicationId":4,"documentType":"reference_letter","fileName":"i0GWhnM3E","fileUrl":"data:Z\\"ZnRXI@<_;base64,qn","fileSize":[" Q0s-h%c",-4.8374077544967485e+258,"m\\"","i|"],"mimeType":"t_+tZTPYg"} {"a":1}',
      );
      const elsewhere = await replay({
        operationId: 'sendContactMessage',
        method: 'POST',
        url: '/api/contact',
        caller: 'visitor',
        body: '{"firstName": "Pat"} {"a":1}',
      });
      expect(elsewhere.status).toBe(400);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual(JSON.parse(elsewhere.text));
    });
  });
});

describe('hostile input to every operation', () => {
  let figures: Awaited<ReturnType<typeof runHostile>>;
  beforeAll(async () => {
    figures = await runHostile(world, { seed: SEED, runs: RUNS, rejections: rejections.count });
    console.log(formatFigures(figures));
  }, 120_000);

  it('answers no 5xx and no unhandled rejection', () => {
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.serverErrors).toBe(0);
    expect(figures.unhandledRejections).toBe(0);
  });

  it('refuses in the one error shape, names the field of a validation failure, and writes nothing when it refuses', () => {
    expect(figures.violations.map((v) => `${v.kind} ${v.operationId}: ${v.examples[0]?.request}`)).toEqual([]);
  });
});
