import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { migrateDatabase } from '../db/migrate';
import { openDatabase } from '../db/open';
import {
  applicationDocuments,
  bookings,
  cleanerApplications,
  partners,
  payments,
  reviewPhotos,
  reviews,
  users,
} from '../db/schema';
import type { Deps } from '../deps';
import { inProcessImageCleaner } from '../lib/image-cleaner';
import { createLogger } from '../lib/logger';
import { folderFileStorage } from '../node-files';
import { MIGRATIONS_FOLDER } from '../paths';
import { LocalPaymentProvider } from '../payments/local-provider';
import { databaseLocalStore } from '../payments/local-provider-store';
import { MINIMAL_APPLICATION } from '../test/application-fixtures';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json, testConfig } from '../test/harness';
import { reviewFixture } from '../test/review-fixtures';
import { samplePdf, samplePng } from '../test/sample-files';
import { takeBackup } from './backup';
import {
  type BackupManifest,
  BackupRefusal,
  connect,
  DATABASE_FILE,
  FILE_REFERENCES,
  listFiles,
  MANIFEST_FILE,
  referencedKeys,
} from './backup-store';
import { restoreBackup, verifyBackup } from './restore';

type Headers_ = Record<string, string>;

/**
 * `npm run backup` beside a server under write load, and the restore: the backup is the database
 * as it was at one instant with every file it names, whatever the server wrote, uploaded and
 * deleted meanwhile; a fresh server over the restored copy finds all of it.
 */
const root = mkdtempSync(join(tmpdir(), 'spotless-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const filesDir = join(root, 'files');
const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z', files: folderFileStorage(filesDir) });
const { demoCleaner } = await seedWorld(ctx);
const CLI = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
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
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A server over a restored database and files folder, as `npm start` would open it. */
async function serverOver(databaseFile: string, files: string) {
  const database = await openDatabase(`file:${databaseFile}`);
  await migrateDatabase(database, MIGRATIONS_FOLDER);
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

describe('npm run backup beside a server under write load, then restore', () => {
  it('restores, into a fresh server, everything there was when it started, every file readable', async () => {
    for (let i = 0; i < 6; i++) await bookAndPay();
    for (let i = 0; i < 3; i++) await reviewWithPhoto(i);
    for (let i = 0; i < 2; i++) await partner();
    await applicantWithDocuments(3, 'before');
    const before = await present();

    const to = join(root, 'under-load');
    const child = backupProcess(to);
    const done = finished(child);
    let running = true;
    void done.then(() => (running = false));
    // The server keeps taking every kind of write until the backup ends; a new document is
    // deleted again now and then, so files come and go while they are copied.
    let writes = 0;
    for (let n = 0; running; n++) {
      if (n % 4 === 0) await bookAndPay();
      else if (n % 4 === 1) await reviewWithPhoto(n);
      else if (n % 4 === 2) await partner();
      else {
        const [kept, dropped] = await applicantWithDocuments(2, `during ${n}`);
        expect(kept).toBeDefined();
        await deleteDocument(dropped as number);
      }
      writes += 1;
    }
    const { code, stdout, stderr } = await done;
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`Backup in ${to}`);
    // Writes went on while the backup's process ran, every one answered 2xx (ok() checks each).
    expect(writes).toBeGreaterThan(0);

    const restoredDir = join(root, 'restored');
    const { manifest, keptAside } = await restoreBackup({
      from: to,
      databaseFile: join(restoredDir, 'spotless.db'),
      filesDir: join(restoredDir, 'files'),
    });
    expect(keptAside).toEqual([]);
    expect(manifest.database.integrityCheck).toBe('ok');
    expect(manifest.files.missing).toEqual([]);
    const restored = await serverOver(join(restoredDir, 'spotless.db'), join(restoredDir, 'files'));
    try {
      const check = await restored.database.client.execute('PRAGMA integrity_check');
      expect(check.rows[0]?.integrity_check).toBe('ok');
      expect((await restored.database.client.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
      const ids = async (table: typeof bookings | typeof payments | typeof reviews | typeof partners) =>
        new Set((await restored.database.db.select({ id: table.id }).from(table)).map((r) => r.id));
      for (const [name, table] of [
        ['bookings', bookings],
        ['payments', payments],
        ['reviews', reviews],
        ['partners', partners],
      ] as const) {
        const found = await ids(table);
        expect(
          before[name].filter((id) => !found.has(id)),
          `${name} missing from the restored database`,
        ).toEqual([]);
        expect(found.size).toBe(manifest.database.rows[name]);
      }
      // Every document there was, with its bytes, through the restored server's API…
      for (const [id, digest] of before.documents) {
        const res = await restored.app.request(`/api/documents/${id}/file`, { headers: admin });
        expect(res.status, `document ${id}`).toBe(200);
        expect(sha256(new Uint8Array(await res.arrayBuffer())), `document ${id}`).toBe(digest);
      }
      // …and every document and photo the snapshot names, those of the writes during it too.
      for (const row of await restored.database.db.select().from(applicationDocuments)) {
        const res = await restored.app.request(`/api/documents/${row.id}/file`, { headers: admin });
        expect(res.status, `document ${row.id}`).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBe(row.fileSize);
      }
      for (const photo of await restored.database.db.select().from(reviewPhotos)) {
        const res = await restored.app.request(`/api/reviews/${photo.reviewId}/photos/${photo.id}`);
        expect(res.status, `photo ${photo.id}`).toBe(200);
      }
    } finally {
      restored.database.close();
    }
  });
});

describe('the order of files and snapshot', () => {
  const keyOf = async (id: number) =>
    (
      await ctx.database.db
        .select({ key: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.id, id))
    )[0]?.key ?? '';
  let lostKey = '';

  it('holds the files of the instant it copied: one uploaded after the first copy, one deleted after the snapshot', async () => {
    const [deletedAfterSnapshot, deletedBeforeSnapshot, lost] = (await applicantWithDocuments(3, 'order')) as number[];
    const deletedAfterSnapshotBytes = await ctx.app.request(`/api/documents/${deletedAfterSnapshot}/file`, {
      headers: admin,
    });
    const digest = sha256(new Uint8Array(await deletedAfterSnapshotBytes.arrayBuffer()));
    // Bytes lost before the backup (a disk mishap): no snapshot brings them back, none is retaken for them.
    lostKey = await keyOf(lost as number);
    await rm(join(filesDir, ...lostKey.split('/')));
    let uploadedAfterCopy = 0;
    const to = join(root, 'order');
    const manifest = await takeBackup({
      databaseFile: ctx.file,
      filesDir,
      to,
      hooks: {
        async afterFilesCopied() {
          [uploadedAfterCopy] = (await applicantWithDocuments(1, 'after copy')) as [number];
          await deleteDocument(deletedBeforeSnapshot as number);
        },
        async afterSnapshot(snapshot) {
          if (snapshot === 1) await deleteDocument(deletedAfterSnapshot as number);
        },
      },
    });
    expect(manifest.snapshots).toBe(1);
    expect(manifest.files.missing).toEqual([lostKey]);

    const restoredDir = join(root, 'order-restored');
    await restoreBackup({ from: to, databaseFile: join(restoredDir, 'db'), filesDir: join(restoredDir, 'files') });
    const restored = await serverOver(join(restoredDir, 'db'), join(restoredDir, 'files'));
    try {
      const file = (id: number) => restored.app.request(`/api/documents/${id}/file`, { headers: admin });
      expect((await file(uploadedAfterCopy)).status).toBe(200);
      // Its row is in the snapshot, deleted only afterwards: its bytes came from the first copy.
      const kept = await file(deletedAfterSnapshot as number);
      expect(kept.status).toBe(200);
      expect(sha256(new Uint8Array(await kept.arrayBuffer()))).toBe(digest);
      expect((await file(deletedBeforeSnapshot as number)).status).toBe(404);
    } finally {
      restored.database.close();
    }
  });

  it('takes the snapshot again when a file it names was uploaded and deleted while the files were copied', async () => {
    let shortLived = 0;
    let shortLivedKey = '';
    const to = join(root, 'retaken');
    const manifest = await takeBackup({
      databaseFile: ctx.file,
      filesDir,
      to,
      hooks: {
        async afterFilesCopied() {
          [shortLived] = (await applicantWithDocuments(1, 'short-lived')) as [number];
          shortLivedKey = await keyOf(shortLived);
        },
        async afterSnapshot(snapshot) {
          if (snapshot === 1) await deleteDocument(shortLived);
        },
      },
    });
    expect(manifest.snapshots).toBe(2);
    expect(manifest.files.missing).toEqual([lostKey]);
    await verifyBackup(to);
    const copy = connect(join(to, DATABASE_FILE));
    try {
      expect(await referencedKeys(copy)).not.toContain(shortLivedKey);
    } finally {
      copy.close();
    }
  });

  it('names, in FILE_REFERENCES, every column of the schema that holds a stored file’s key', async () => {
    const columns = await ctx.database.client.execute(
      "select m.name as t, p.name as c from sqlite_schema m join pragma_table_info(m.name) p where m.type = 'table' and p.name like '%storage%'",
    );
    const named = columns.rows.map((r) => `${r.t}.${r.c}`).sort();
    expect(named).toEqual(FILE_REFERENCES.map((r) => `${r.table}.${r.column}`).sort());
  });
});

describe('refusals', () => {
  it('refuses to restore over a database a server has open, and leaves it as it was', async () => {
    const from = join(root, 'under-load');
    const before = readdirSync(join(ctx.file, '..')).sort();
    await expect(restoreBackup({ from, databaseFile: ctx.file, filesDir })).rejects.toThrow(
      new BackupRefusal(
        `${ctx.file} is in use by another process (is the server running?): stop it, then restore again.`,
      ),
    );
    expect(readdirSync(join(ctx.file, '..')).sort()).toEqual(before);
    expect((await ctx.json('/api/ready')).status).toBe(200);
  });

  it('refuses a folder that is not a finished backup, or whose files do not match its manifest', async () => {
    await expect(verifyBackup(join(root, 'files'))).rejects.toThrow(/holds no manifest.json/);
    const manifest = JSON.parse(readFileSync(join(root, 'under-load', MANIFEST_FILE), 'utf8')) as BackupManifest;
    const [key] = (await listFiles(join(root, 'under-load', 'files'))).keys();
    await rm(join(root, 'under-load', 'files', ...(key as string).split('/')));
    await expect(verifyBackup(join(root, 'under-load'))).rejects.toThrow(
      `its manifest says ${manifest.files.count} of ${manifest.files.bytes}`,
    );
  });

  it('refuses a database that is not a local file in one sentence, naming where Turso’s restore is described', async () => {
    const result = await finished(backupProcess(join(root, 'never'), { DATABASE_URL: 'libsql://spotless.turso.io' }));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Backups and restore');
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});
