/**
 * The world of the backup suites: a server over a database file and a files folder, the writes
 * of every kind that fill them (bookings paid, reviews with photos, partners, applications with
 * documents), what a backup must hold, a server over a restored copy, and `npm run backup` in a
 * process of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { createApp } from '../app';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { openDatabase } from '../db/open';
import { applicationDocuments, bookings, cleanerApplications, partners, payments, reviews, users } from '../db/schema';
import type { Deps } from '../deps';
import { inProcessImageCleaner } from '../files/image-cleaner';
import { migrateWithLedger } from '../ledger/ledger-migration';
import { createLogger } from '../lib/logger';
import { folderFileStorage } from '../node-files';
import { MIGRATIONS_FOLDER } from '../paths';
import { LocalPaymentProvider } from '../payments/local-provider';
import { databaseLocalStore } from '../payments/local-provider-store';
import { MINIMAL_APPLICATION } from './application-fixtures';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from './booking-fixtures';
import { createTestContext, type Json, testConfig } from './harness';
import { reviewFixture } from './review-fixtures';
import { samplePdf, samplePng } from './sample-files';

type Headers_ = Record<string, string>;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function backupWorld() {
  const root = mkdtempSync(join(tmpdir(), 'spotless-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const filesDir = join(root, 'files');
  const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z', files: folderFileStorage(filesDir) });
  const { demoCleaner } = await seedWorld(ctx);
  const CLI = fileURLToPath(new URL('../backup/backup-cli.ts', import.meta.url));
  const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

  const [adminUser] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values({ email: 'backup-admin@example.com', firstName: 'Ada', lastName: 'Min', role: 'admin' })
      .returning({ id: users.id }),
  );
  const adminToken = generateSessionToken();
  await createSession(ctx.database, adminToken, { userId: adminUser?.id ?? null, kind: 'admin' }, ctx.clock.now());
  const admin: Headers_ = { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN };

  const customerId = await createCustomer(ctx, 'Bea');
  const customer = await sessionFor(ctx, customerId);
  const reporterId = await createCustomer(ctx, 'Rex');
  const reviewsOf = await reviewFixture(ctx, { customerId, cleanerId: demoCleaner.id, reporterId });

  async function ok(res: Promise<{ status: number; body: Json }>, what: string): Promise<Json> {
    const answer = await res;
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  }
  async function okRaw(res: Response | Promise<Response>, what: string): Promise<Json> {
    const answer = await res;
    const text = await answer.text();
    expect(answer.status, `${what}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as Json;
  }
  const post = (path: string, headers: Headers_, body: unknown) =>
    ctx.json<Json>(path, { method: 'POST', headers, body });

  /** The demo cleaner's next free two hours, from September on (Austin, Mon–Sat 08:00–18:00). */
  let slot = 0;
  function nextSlot(): { scheduledDate: string; scheduledTime: string } {
    for (;;) {
      const n = slot++;
      const day = new Date(Date.UTC(2026, 8, 1) + Math.floor(n / 5) * 86_400_000);
      if (day.getUTCDay() === 0) continue;
      return {
        scheduledDate: day.toISOString().slice(0, 10),
        scheduledTime: `${String(8 + (n % 5) * 2).padStart(2, '0')}:00`,
      };
    }
  }

  /** A booking through the API, paid with the local provider's test card. */
  async function bookAndPay(): Promise<void> {
    const booking = await ok(
      post('/api/bookings', customer, {
        cleanerId: demoCleaner.id,
        serviceId: 1,
        address: '1 Congress Ave, Austin, TX',
        duration: 120,
        totalPrice: '90.00',
        ...nextSlot(),
      }),
      'booking',
    );
    const intent = await ok(post('/api/create-payment-intent', customer, { bookingId: booking.id }), 'intent');
    await ok(post('/api/payments/local/confirm', customer, { clientSecret: intent.clientSecret, ...CARD }), 'payment');
  }

  /** A published review of a completed booking, with a photo uploaded through the API. */
  async function reviewWithPhoto(n: number): Promise<void> {
    const reviewId = await reviewsOf.newReview();
    const form = new FormData();
    form.append('photos', new File([samplePng(3 + (n % 4), 2)], `kitchen-${n}.png`, { type: 'image/png' }));
    await okRaw(
      ctx.app.request(`/api/reviews/${reviewId}/photos`, { method: 'POST', headers: customer, body: form }),
      'photo',
    );
  }

  let partnerCount = 0;
  async function partner(): Promise<void> {
    partnerCount += 1;
    const body = { name: `Agency ${partnerCount}`, allowedOrigins: [`https://agency-${partnerCount}.example`] };
    await ok(post('/api/admin/partners', admin, body), 'partner');
  }

  /** An applicant with an application and `count` uploaded PDFs; answers the documents' ids. */
  async function applicantWithDocuments(count: number, label: string): Promise<number[]> {
    const id = await createCustomer(ctx, 'Applicant');
    const headers = await sessionFor(ctx, id);
    const application = await ok(post('/api/applications', headers, MINIMAL_APPLICATION), 'application');
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const form = new FormData();
      form.set('documentType', 'id');
      form.set('file', new File([samplePdf(`${label} ${i}`)], `id-${i}.pdf`, { type: 'application/pdf' }));
      const uploaded = await okRaw(
        ctx.app.request(`/api/applications/${application.id}/documents`, { method: 'POST', headers, body: form }),
        'document',
      );
      ids.push(uploaded.id);
    }
    documentOwners.set(id, headers);
    return ids;
  }
  const documentOwners = new Map<number, Headers_>();

  /** The applicant deletes a document through the API: the row, then its bytes. */
  async function deleteDocument(id: number): Promise<void> {
    const owner = await ownerOf(id);
    await ok(ctx.json<Json>(`/api/documents/${id}`, { method: 'DELETE', headers: owner }), 'delete document');
  }
  async function ownerOf(documentId: number): Promise<Headers_> {
    const [row] = await ctx.database.db
      .select({ userId: cleanerApplications.userId })
      .from(applicationDocuments)
      .innerJoin(cleanerApplications, eq(cleanerApplications.id, applicationDocuments.applicationId))
      .where(eq(applicationDocuments.id, documentId));
    return documentOwners.get(row?.userId as number) as Headers_;
  }

  /** What a backup must hold: every row of these kinds, and every document's bytes. */
  async function present() {
    const ids = async (table: typeof bookings | typeof payments | typeof reviews | typeof partners) =>
      (await ctx.database.db.select({ id: table.id }).from(table)).map((r) => r.id).sort((a, b) => a - b);
    const documents = new Map<number, string>();
    for (const row of await ctx.database.db.select().from(applicationDocuments)) {
      const res = await ctx.app.request(`/api/documents/${row.id}/file`, { headers: admin });
      expect(res.status).toBe(200);
      documents.set(row.id, sha256(new Uint8Array(await res.arrayBuffer())));
    }
    return {
      bookings: await ids(bookings),
      payments: await ids(payments),
      reviews: await ids(reviews),
      partners: await ids(partners),
      documents,
    };
  }

  /** A server over a restored database and files folder, as `npm start` would open it. */
  async function serverOver(databaseFile: string, files: string) {
    const database = await openDatabase(`file:${databaseFile}`);
    await migrateWithLedger(database, MIGRATIONS_FOLDER);
    const clock = ctx.clock;
    const deps: Deps = {
      config: testConfig(),
      database,
      logger: createLogger('silent'),
      clock,
      payments: new LocalPaymentProvider({ clock, store: databaseLocalStore(database, clock) }),
      mailer: { send: async () => undefined },
      files: folderFileStorage(files),
      images: inProcessImageCleaner,
    };
    return { app: createApp(deps), database };
  }

  /** `npm run backup -- --to <dir>` in a process of its own, as an operator (or cron) runs it. */
  function backupProcess(to: string, env: Record<string, string> = {}): ChildProcess {
    const database = env.DATABASE_URL ? [] : ['--database', `file:${ctx.file}`];
    return spawn(process.execPath, ['--conditions=@spotless/source', '--import', 'tsx', CLI, '--to', to, ...database], {
      env: { ...process.env, DATA_DIR: root, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  async function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, stdout, stderr };
  }

  return {
    ctx,
    root,
    filesDir,
    admin,
    bookAndPay,
    reviewWithPhoto,
    partner,
    applicantWithDocuments,
    deleteDocument,
    present,
    serverOver,
    backupProcess,
    finished,
  };
}
